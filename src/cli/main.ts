// First, so that an old Node.js stops with a clear message before the other modules load.
import "../server/require-supported-node";
import path from "node:path";
import { parseArgs } from "node:util";
import { InsufficientHistoryError, InvalidBarsError } from "../core/analysis/analyze-stock";
import { MARKET_DATA_SOURCE_NAMES, MarketDataUnavailableError, SymbolNotFoundError } from "../core/market/market-data-provider";
import { ConfigError, loadConfigFromEnvironment, type AppConfig } from "../server/config";
import { openDatabase } from "../server/db/database";
import { DataDirLockedError } from "../server/db/data-dir-lock";
import { AuthSecretError } from "../server/auth/auth-secret";
import { createMarketDataProvider, resolveMarketConfig } from "../server/adapters/market/market-registry";
import { CircuitOpenError, UpstreamTimeoutError } from "../server/adapters/market/resilient-fetch";
import { StockAnalysisService } from "../server/features/stock-analysis/stock-analysis.service";
import { formatReport, formatScreen } from "./report-text";
import { formatRefreshRuns } from "./jobs-text";
import { formatTrackRecord, formatVerification } from "./track-record-text";
import { describeDataCheck } from "../core/market/price-check";
import { terminalSafe as safe, terminalSafeJson } from "../core/text/terminal-safe";
import { BACKTEST_USAGE, backtestCommand, BacktestUsageError } from "./backtest/backtest-command";
import { readHistoryFile, readHistoryFolder } from "./backtest/history-files";
import { barsContext, rsBasisLine } from "./analyze-bars";
import { DEFAULT_ANALYSIS_CONFIG } from "../core/analysis/analysis-config";
import { HistoryCsvError } from "../core/market/history-csv";
import os from "node:os";
import { pino } from "pino";
import type { Services } from "../server/composition/create-services";
import type { DeletedAccount } from "../server/auth/user.repository";

const USAGE = `Usage: quanta <command>

  analyze TICKER [--json]                      analyse a ticker or company name with the configured
                                               market data (the demo market by default)
  analyze TICKER --bars FILE.csv [--benchmark SPY.csv|equal-weight] [--universe DIR_OR_FILES] [--json]
                                               analyse daily bars from a CSV (date, open, high, low,
                                               close, volume; 'Adj Close' used when present); with
                                               --universe the RS rating is the stock's percentile in
                                               that universe on its last session, as in 'backtest'
                                               (else it is rated against the benchmark)
  screen [--json]                              analyse the whole universe, best setups first
  refresh                                      re-analyse the public 'Stocks to buy / watch' lists now
                                               (this process works on the run with any running
                                               instance, and answers when it has finished)
  worker                                       work on the daily refresh's queued jobs without
                                               serving HTTP, until stopped (PostgreSQL: add capacity)
  jobs [--json]                                the daily refresh's recent runs: progress, instances,
                                               retries, failures; and the refresh and alert queues' counts
  track-record [--json]                        every call the daily screen published, scored: per
                                               action calls, hit rate, excess returns; BUY trades'
                                               win rate and average R; the historical simulations
  track-record verify [--json]                 replay every stored call's outcome over the market's bars
                                               and recompute the figures from them; exit 0 when the
                                               published record matches, 1 with the differences
  providers check [TICKER]                     live smoke test of the configured market-data provider
                                               (profile, search, bars, fundamentals, analysis)
${BACKTEST_USAGE}

  users list                                   list accounts (e-mail, verified, disabled)
  users disable EMAIL                          disable an account and end all its sessions
  users enable EMAIL                           enable a disabled account again
  users delete EMAIL                           delete an account and everything of it (analyses, watch
                                               list, alerts, screens, portfolio, chat, sessions); asks
                                               nothing. A plan row keyed by the e-mail stays

  premium grant EMAIL [--days N]               make an e-mail premium without Stripe (for N days, or
                                               until revoked)
  premium revoke EMAIL                         end premium for an e-mail at once
  premium list                                 e-mails with a plan row: status, source, end, premium now

  contact list [--json]                        messages sent with the landing page's contact form,
                                               newest first (time, name, e-mail, message)

Commands use the same configuration as the server (DATA_DIR or DATABASE_URL, MARKET_DATA_PROVIDER).
With the embedded database, stop the server before 'users': one process per data directory.`;

class UsageError extends Error {}

function print(text: string): void {
  process.stdout.write(text);
}

/**
 * Runs a command on the same services the server uses (composition/create-services.ts), on the
 * configured database; warnings go to stderr, so they never mix with a command's output.
 */
async function withServices<T>(run: (services: Services, config: AppConfig) => Promise<T>, instanceId = instanceName("cli")): Promise<T> {
  const config = await resolveMarketConfig(loadConfigFromEnvironment());
  const database = await openDatabase(config);
  try {
    const logger = pino({ level: "warn" }, pino.destination(2));
    // Loaded on demand: `analyze`, `screen` and `backtest` need none of it, and start faster without.
    const { createServices } = await import("../server/composition/create-services");
    const services = createServices(config, { database, logger, now: () => new Date(), instanceId });
    try {
      return await run(services, config);
    } finally {
      await services.close();
    }
  } finally {
    await database.close();
  }
}

async function analyzeCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: "boolean" }, bars: { type: "string" }, benchmark: { type: "string" }, universe: { type: "string", multiple: true } },
  });
  const query = positionals.join(" ").trim();
  if (!query) throw new UsageError("quanta analyze: give a ticker or company name.");
  if (values.bars) return analyzeBarsCommand(query.toUpperCase(), values.bars, values.benchmark ?? null, values.universe ?? null, Boolean(values.json));
  if (values.benchmark) throw new UsageError("quanta analyze: --benchmark goes with --bars.");
  if (values.universe) throw new UsageError("quanta analyze: --universe goes with --bars.");
  const config = await resolveMarketConfig(loadConfigFromEnvironment());
  const report = await new StockAnalysisService(createMarketDataProvider(config)).analyze(query);
  print(values.json ? `${terminalSafeJson(report)}\n` : formatReport(report, { color: Boolean(process.stdout.isTTY) }));
  return 0;
}

/**
 * `analyze --bars`: RS ranked in the --universe as the back-test ranks it, else against the
 * benchmark; the text names the basis (the JSON's meta.rs_basis), as the two ratings differ.
 */
async function analyzeBarsCommand(ticker: string, barsFile: string, benchmarkArg: string | null, universeArgs: string[] | null, json: boolean): Promise<number> {
  const universePaths = universeArgs?.flatMap((u) => u.split(",")).filter(Boolean) ?? null;
  if (benchmarkArg === "equal-weight" && !universePaths) throw new UsageError("quanta analyze: --benchmark equal-weight needs --universe.");
  const service = new StockAnalysisService(createMarketDataProvider(loadConfigFromEnvironment()));
  const bars = await readHistoryFile(barsFile);
  const loaded = universePaths ? await readHistoryFolder(universePaths) : null;
  // The universe passes the back-test's data check: a series cut at an unexplained jump says so.
  for (const check of loaded?.checks ?? []) process.stderr.write(`${safe(describeDataCheck(check))}\n`);
  const universe = loaded?.series ?? null;
  if (universe?.length === 0) throw new UsageError(`quanta analyze: no price files in ${universePaths!.join(", ")}.`);
  const benchmark = benchmarkArg === "equal-weight" ? "equal-weight" : benchmarkArg ? await readHistoryFile(benchmarkArg) : null;
  const context = barsContext(ticker, bars, { benchmark, benchmarkFile: benchmarkArg, universe }, DEFAULT_ANALYSIS_CONFIG);
  const report = service.analyzeBars(ticker, bars, context.benchmark, `csv:${path.basename(barsFile)}`, context.benchmarkName, context.universeRsRating);
  print(json ? `${terminalSafeJson(report)}\n` : `${formatReport(report, { color: Boolean(process.stdout.isTTY) })}${safe(rsBasisLine(report, context))}\n`);
  return 0;
}

async function screenCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: "boolean" } } });
  const config = await resolveMarketConfig(loadConfigFromEnvironment());
  const reports = await new StockAnalysisService(createMarketDataProvider(config)).screen();
  print(values.json ? `${terminalSafeJson(reports)}\n` : formatScreen(reports, { color: Boolean(process.stdout.isTTY) }));
  return 0;
}

/** This process in the refresh's records: `quanta jobs` shows which host and process took each chunk. */
function instanceName(role: string): string {
  return `${role}@${os.hostname()}:${process.pid}`;
}

async function workerCommand(): Promise<number> {
  return withServices(async ({ publicRefresh, alertJobs }) => {
    await publicRefresh.startWorking();
    await alertJobs.startWorking();
    print(`Working on the daily refresh's jobs and the alerts after it as ${instanceName("worker")} (Ctrl-C to stop).\n`);
    await new Promise<void>((resolve) => {
      process.once("SIGTERM", resolve);
      process.once("SIGINT", resolve);
    });
    print("Stopping: jobs in progress get a few seconds to finish, or another instance retries them.\n");
    return 0;
  }, instanceName("worker"));
}

async function jobsCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: "boolean" } } });
  return withServices(async ({ publicRefresh, alertJobs }) => {
    const runs = await publicRefresh.recentRuns(10);
    const queue = await publicRefresh.queueCounts();
    const alertQueue = await alertJobs.queueCounts();
    const alertRuns = await alertJobs.recentRuns(3);
    if (values.json) {
      print(`${terminalSafeJson({ runs, queue, alert_queue: alertQueue, alert_runs: alertRuns })}\n`);
      return 0;
    }
    print(formatRefreshRuns(runs, queue, new Date(), alertQueue, alertRuns));
    return 0;
  });
}

/** The summary the page and GET /api/track-record show (recomputed after each refresh; read, never recomputed here). */
async function trackRecordCommand(args: string[]): Promise<number> {
  if (args[0] === "verify") return trackRecordVerifyCommand(args.slice(1));
  const { values } = parseArgs({ args, options: { json: { type: "boolean" } } });
  return withServices(async ({ trackRecord }, config) => {
    const summary = await trackRecord.summary();
    print(values.json ? `${terminalSafeJson(summary)}\n` : formatTrackRecord(summary, `${config.appUrl}/track-record`));
    return 0;
  });
}

/**
 * Whether the published record is what its stored calls give, with the functions that made it: the
 * database refuses edits, deletes and TRUNCATE of the calls, but a table's owner can switch that off.
 */
async function trackRecordVerifyCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: "boolean" } } });
  return withServices(async ({ trackRecord }) => {
    const result = await trackRecord.verify();
    print(values.json ? `${terminalSafeJson(result)}\n` : formatVerification(result));
    return result.matches ? 0 : 1;
  });
}

async function refreshCommand(): Promise<number> {
  return withServices(async ({ publicRefresh }) => {
    const result = await publicRefresh.refresh({ force: true });
    if (result.error !== undefined) {
      print(`The refresh run failed: ${safe(result.error)}. \`quanta jobs\` shows it; \`quanta refresh\` tries again.\n`);
      return 1;
    }
    print(`Refreshed the public lists: ${result.analysed} analysed${result.failed.length > 0 ? `, failed: ${safe(result.failed.join(", "))}` : ""}.\n`);
    return result.failed.length > 0 ? 1 : 0;
  });
}

/** A live check an operator runs where the internet is reachable (never in CI). */
async function providersCommand(args: string[]): Promise<number> {
  const [action, tickerArg] = args;
  if (action !== "check") throw new UsageError(USAGE);
  const config = await resolveMarketConfig(loadConfigFromEnvironment());
  const provider = createMarketDataProvider(config);
  const ticker = (tickerArg ?? (config.market.provider === "demo" ? "NWSC" : "AAPL")).toUpperCase();
  print(`Checking ${MARKET_DATA_SOURCE_NAMES[provider.id]} with ${safe(ticker)} (benchmark ${safe(provider.benchmarkTicker)})\n`);
  let failed = false;
  const step = async (name: string, run: () => Promise<string>) => {
    const started = performance.now();
    try {
      const detail = await run();
      print(`  ok    ${name.padEnd(14)} ${(performance.now() - started).toFixed(0).padStart(5)} ms  ${safe(detail)}\n`);
    } catch (error) {
      failed = true;
      print(`  FAIL  ${name.padEnd(14)} ${(performance.now() - started).toFixed(0).padStart(5)} ms  ${safe((error as Error).message)}\n`);
    }
  };
  await step("profile", async () => {
    const profile = await provider.getProfile(ticker);
    if (!profile) throw new Error(`no profile for ${ticker}`);
    return `${profile.name} · ${profile.sector ?? "sector N/A"} · ${profile.industry ?? "industry N/A"}`;
  });
  await step("search", async () => `${(await provider.searchSymbols(ticker)).length} matches`);
  await step("daily bars", async () => {
    const bars = await provider.getDailyBars(ticker, 520);
    if (!bars || bars.dates.length === 0) throw new Error("no bars");
    return `${bars.dates.length} sessions, ${bars.dates[0]} → ${bars.dates.at(-1)}`;
  });
  await step("benchmark", async () => {
    const bars = await provider.getDailyBars(provider.benchmarkTicker, 520);
    if (!bars) throw new Error(`no bars for ${provider.benchmarkTicker}`);
    return `${bars.dates.length} sessions`;
  });
  await step("fundamentals", async () => {
    const f = await provider.getFundamentals(ticker);
    return f ? `${f.quarterlyEps.length} quarters, ${f.annualEps.length} years of EPS, ownership ${f.ownership ? "yes" : "no"}` : "none";
  });
  await step("analysis", async () => {
    const report = await new StockAnalysisService(provider).analyze(ticker);
    return `${report.stock_summary.recommendation.action}, ${report.stock_summary.technical_analysis.technical_setup}, as of ${report.meta.as_of}`;
  });
  print(failed ? "Some checks failed.\n" : "All checks passed.\n");
  return failed ? 1 : 0;
}

async function usersCommand(args: string[]): Promise<number> {
  const [action, email] = args;
  if (!action || !["list", "disable", "enable", "delete"].includes(action)) throw new UsageError(USAGE);
  return withServices(async ({ users, billing }) => {
    if (action === "list") {
      for (const user of await users.list()) {
        print(`${safe(user.email)}\t${user.emailVerified ? "verified" : "unverified"}\t${user.disabled ? "disabled" : "active"}\n`);
      }
      return 0;
    }
    if (!email) throw new UsageError(`quanta users ${action}: give the account's e-mail.`);
    const user = await users.findByEmail(email);
    if (!user) {
      process.stderr.write(`No account with the e-mail ${safe(email)}.\n`);
      return 1;
    }
    if (action === "delete") {
      const deleted = await users.delete(user.id);
      if (deleted) print(deletionReceipt(deleted, (await billing.list()).find((row) => row.email === deleted.email)));
      return deleted ? 0 : 1;
    }
    await users.setDisabled(user.id, action === "disable", action === "disable" ? "Disabled with the quanta CLI" : null);
    print(action === "disable" ? `Disabled ${safe(user.email)}; every session of this account has ended.\n` : `Enabled ${safe(user.email)}.\n`);
    return 0;
  });
}

/** What `users delete` removed, and the plan row it leaves (decision 065). */
function deletionReceipt(deleted: DeletedAccount, plan: { status: string; source: string } | undefined): string {
  const lines = [
    `Deleted ${safe(deleted.email)}: ${deleted.analyses} analyses, ${deleted.watchItems} watched stocks, ${deleted.alerts} alerts, ` +
      `${deleted.savedScreens} saved screens, ${deleted.positions} positions (${deleted.trades} trades), ${deleted.conversations} chat conversations, ${deleted.sessions} sessions.`,
  ];
  if (plan) {
    lines.push(`Kept the plan row of ${safe(deleted.email)} (${safe(plan.status)}, ${safe(plan.source)}): cancel a Stripe subscription in Stripe, or 'quanta premium revoke' a manual grant.`);
  }
  return `${lines.join("\n")}\n`;
}

async function premiumCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { days: { type: "string" } } });
  const [action, email] = positionals;
  if (!action || !["grant", "revoke", "list"].includes(action)) throw new UsageError("Usage: quanta premium grant EMAIL [--days N] | revoke EMAIL | list");
  if (action !== "list" && !email?.includes("@")) throw new UsageError(`quanta premium ${action}: give the account's e-mail.`);
  const days = values.days === undefined ? null : Number(values.days);
  if (days !== null && (!Number.isInteger(days) || days < 1 || days > 3650)) throw new UsageError("quanta premium grant: --days must be a whole number from 1 to 3650.");
  return withServices(async ({ billing }) => {
    if (action === "list") {
      const rows = await billing.list();
      if (rows.length === 0) print("No premium or subscription records.\n");
      for (const row of rows) {
        print(`${safe(row.email)}\t${safe(row.status)}\t${safe(row.source)}\t${row.currentPeriodEnd?.toISOString() ?? "-"}\t${row.premium ? "premium" : "free"}\n`);
      }
      return 0;
    }
    if (action === "grant") {
      const outcome = await billing.grant(email!, days);
      if (!outcome.granted) {
        process.stderr.write(`${safe(email!)} already has an active Stripe subscription; nothing changed.\n`);
        return 1;
      }
      print(`${safe(outcome.email)} is premium${outcome.until ? ` until ${outcome.until.toISOString()}` : " until revoked"}.\n`);
      return 0;
    }
    if (!(await billing.revoke(email!))) {
      process.stderr.write(`No premium record for ${safe(email!)}.\n`);
      return 1;
    }
    print(`${safe(email!.trim().toLowerCase())} is no longer premium.\n`);
    return 0;
  });
}

/**
 * One line per message; newlines in the text are shown as '⏎' so each message stays on its line, and
 * control characters and bidi overrides as '�' (terminalSafe), so a message cannot act on the terminal.
 */
async function contactCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { json: { type: "boolean" } } });
  if (positionals[0] !== "list" || positionals.length > 1) throw new UsageError("Usage: quanta contact list [--json]");
  return withServices(async ({ contact }) => {
    const messages = await contact.list();
    if (values.json) {
      print(`${terminalSafeJson(messages.map(({ timestamp, name, email, message }) => ({ timestamp: timestamp.toISOString(), name, email, message })))}\n`);
      return 0;
    }
    if (messages.length === 0) {
      print("No contact messages yet.\n");
      return 0;
    }
    for (const m of messages) {
      print(`${m.timestamp.toISOString()}\t${safe(m.name)}\t${safe(m.email)}\t${safe(m.message ?? "")}\n`);
    }
    return 0;
  });
}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "analyze":
      return analyzeCommand(rest);
    case "screen":
      return screenCommand(rest);
    case "users":
      return usersCommand(rest);
    case "refresh":
      return refreshCommand();
    case "worker":
      return workerCommand();
    case "jobs":
      return jobsCommand(rest);
    case "track-record":
      return trackRecordCommand(rest);
    case "providers":
      return providersCommand(rest);
    case "contact":
      return contactCommand(rest);
    case "premium":
      return premiumCommand(rest);
    case "backtest":
      return backtestCommand(rest);
    case undefined:
    case "help":
    case "--help":
      print(`${USAGE}\n`);
      return 0;
    default:
      throw new UsageError(USAGE);
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError || error instanceof BacktestUsageError) {
    process.stderr.write(`${safe(error.message, { multiline: true })}\n`);
    process.exitCode = 2;
  } else if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof AuthSecretError ||
    error instanceof SymbolNotFoundError ||
    // An unreachable or failing market-data provider: its one-line message, not a stack trace.
    error instanceof MarketDataUnavailableError ||
    error instanceof CircuitOpenError ||
    error instanceof UpstreamTimeoutError ||
    error instanceof InsufficientHistoryError ||
    error instanceof InvalidBarsError ||
    error instanceof HistoryCsvError ||
    (error as NodeJS.ErrnoException).code === "ENOENT" ||
    (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION"
  ) {
    process.stderr.write(`${safe((error as Error).message, { multiline: true })}\n`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
