import { writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { DEFAULT_ANALYSIS_CONFIG } from "../../core/analysis/analysis-config";
import { ENGINE_VERSION } from "../../core/analysis/analyze-stock";
import { renderBacktestMarkdown } from "../../core/backtest/backtest-markdown";
import { marketStateStats, splitGroups, summarizeGroup, type BacktestSummary, type GroupSummary } from "../../core/backtest/backtest-summary";
import { topDecileMonthlyExcess, v3Acceptance, type V3Acceptance } from "../../core/backtest/v3-acceptance";
import { marketDirectionSeries } from "../../core/analysis/market-direction";
import { withOverrides } from "../../core/backtest/config-overrides";
import { equalWeightIndex } from "../../core/backtest/equal-weight-index";
import { attachPairedControls } from "../../core/backtest/paired-control";
import { tradesCsv } from "../../core/backtest/trades-csv";
import { seededRandom } from "../../core/backtest/statistics";
import { universeRsRatings } from "../../core/backtest/universe-rs";
import { TRADE_TIME_LIMIT_SESSIONS } from "../../core/backtest/trade-simulation";
import { evaluatedRange, type StockResult, type WalkForwardOptions } from "../../core/backtest/walk-forward";
import type { DailyBars } from "../../core/market/market-data";
import { terminalSafe } from "../../core/text/terminal-safe";
import { describeDataCheck } from "../../core/market/price-check";
import type { WorkerRequest, WorkerResponse } from "./backtest-messages";
import { readHistoryFile, readHistoryFolder, type HistorySeries } from "./history-files";

export const BACKTEST_USAGE = `  backtest --data DIR_OR_FILES --benchmark FILE|equal-weight --from DATE --to DATE
           [--step N] [--json FILE] [--markdown FILE] [--split A-M] [--control N] [--seed N]
           [--entry buy-point|buy-range] [--costs-bp N] [--trades FILE] [--workers N]
           [--method v2|v3] [--set path=value …]
                                               walk-forward back-test of the method on daily bars
                                               (sp500/ gzipped CSVs or Yahoo CSVs): calls scored
                                               against the benchmark, BUY setups played as trades
                                               against the other stocks bought the same session
                                               and against random-date control trades, after
                                               costs (10 bp a side unless --costs-bp); --trades
                                               writes every BUY trade as CSV; --method v3
                                               replays the pre-registered method v3 and adds
                                               its acceptance tests`;

export interface BacktestArgs {
  data: string[];
  benchmark: string;
  from: string;
  to: string;
  step: number;
  json: string | null;
  markdown: string | null;
  trades: string | null;
  costsBp: number;
  split: string | null;
  control: number;
  seed: number;
  workers: number;
  overrides: string[];
  entry: "buy-point" | "buy-range";
  method: "v2" | "v3";
}

export class BacktestUsageError extends Error {}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseBacktestArgs(args: string[]): BacktestArgs {
  const { values } = parseArgs({
    args,
    options: {
      data: { type: "string", multiple: true },
      benchmark: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      step: { type: "string" },
      json: { type: "string" },
      markdown: { type: "string" },
      trades: { type: "string" },
      "costs-bp": { type: "string" },
      split: { type: "string" },
      control: { type: "string" },
      seed: { type: "string" },
      workers: { type: "string" },
      entry: { type: "string" },
      method: { type: "string" },
      set: { type: "string", multiple: true },
    },
  });
  const data = (values.data ?? []).flatMap((d) => d.split(",")).filter(Boolean);
  if (data.length === 0) throw new BacktestUsageError("quanta backtest: --data names a folder or CSV files.");
  if (!values.benchmark) throw new BacktestUsageError("quanta backtest: --benchmark names a CSV file or 'equal-weight'.");
  for (const name of ["from", "to"] as const) {
    if (!values[name] || !ISO_DATE.test(values[name]!)) throw new BacktestUsageError(`quanta backtest: --${name} takes a date (YYYY-MM-DD).`);
  }
  if (values.from! > values.to!) throw new BacktestUsageError("quanta backtest: --from comes after --to.");
  const whole = (name: string, raw: string | undefined, fallback: number, min: number): number => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new BacktestUsageError(`quanta backtest: --${name} takes a whole number ≥ ${min}.`);
    return value;
  };
  return {
    data,
    benchmark: values.benchmark,
    from: values.from!,
    to: values.to!,
    step: whole("step", values.step, 1, 1),
    json: values.json ?? null,
    markdown: values.markdown ?? null,
    trades: values.trades ?? null,
    costsBp: whole("costs-bp", values["costs-bp"], 10, 0),
    split: values.split ?? null,
    control: whole("control", values.control, 3000, 0),
    seed: whole("seed", values.seed, 42, 0),
    workers: whole("workers", values.workers, Math.max(1, availableParallelism()), 1),
    overrides: values.set ?? [],
    entry: entryRule(values.entry),
    method: methodRule(values.method),
  };
}

function entryRule(raw: string | undefined): BacktestArgs["entry"] {
  if (raw === undefined || raw === "buy-point" || raw === "buy-range") return raw ?? "buy-range";
  throw new BacktestUsageError("quanta backtest: --entry is buy-point or buy-range.");
}

function methodRule(raw: string | undefined): BacktestArgs["method"] {
  if (raw === undefined || raw === "v2" || raw === "v3") return raw ?? "v2";
  throw new BacktestUsageError("quanta backtest: --method is v2 or v3.");
}

/** v3's acceptance on the stocks of `tickers` (ratings ranked on the whole universe, as the trades are). */
function acceptanceOf(group: GroupSummary, tickers: ReadonlySet<string>, universe: readonly HistorySeries[], ratings: readonly Float64Array[], benchmark: DailyBars, args: BacktestArgs): V3Acceptance {
  const rated = universe.flatMap((s, k) => (tickers.has(s.ticker) ? [{ bars: s.bars, ratings: ratings[k]! }] : []));
  return v3Acceptance(topDecileMonthlyExcess(rated, benchmark, args.from, args.to), group.paired_control.diff_r_ci95, group.beta_adjusted_excess.d63);
}

/** Random stock-sessions of the evaluated range, seeded: the control trades' entry dates. */
function drawControl(universe: readonly HistorySeries[], options: WalkForwardOptions, count: number, seed: number): number[][] {
  const ranges = universe.map((s) => {
    const { first, last } = evaluatedRange(s.bars, options);
    // The fill is the next session's open, so the last session of the data cannot be drawn.
    return { first, size: Math.max(0, Math.min(last, s.bars.close.length - 2) - first + 1) };
  });
  const total = ranges.reduce((sum, r) => sum + r.size, 0);
  const draws: number[][] = universe.map(() => []);
  if (total === 0) return draws;
  const random = seededRandom(seed);
  for (let k = 0; k < count; k++) {
    let at = Math.floor(random() * total);
    for (let s = 0; s < ranges.length; s++) {
      if (at < ranges[s]!.size) {
        draws[s]!.push(ranges[s]!.first + at);
        break;
      }
      at -= ranges[s]!.size;
    }
  }
  return draws;
}

function progressBar(done: number, total: number, started: number): string {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  return `\r[${"#".repeat(filled)}${" ".repeat(width - filled)}] ${done}/${total} stocks ${seconds}s`;
}

/**
 * The worker beside this file, in the same form as this file (TypeScript under tsx, JavaScript once
 * compiled); a worker does not inherit tsx's loader on Node 20, so it is named again.
 */
function startWorker(): Worker {
  const here = fileURLToPath(import.meta.url);
  const extension = path.extname(here);
  const file = path.join(path.dirname(here), `backtest-worker${extension}`);
  if (extension !== ".ts") return new Worker(file);
  const bootstrap = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(file).href)}); })`;
  return new Worker(bootstrap, { eval: true });
}

/** Runs the walk-forward over the universe on worker threads and summarises it. */
export async function runBacktest(args: BacktestArgs, onProgress?: (done: number, total: number) => void): Promise<{ summary: BacktestSummary; results: StockResult[] }> {
  const config = withOverrides(DEFAULT_ANALYSIS_CONFIG, args.overrides);
  const v3 = args.method === "v3";
  const { series: universe, checks: dataChecks } = await readHistoryFolder(args.data);
  if (universe.length === 0) throw new BacktestUsageError(`quanta backtest: no price files in ${args.data.join(", ")}.`);
  const benchmark: DailyBars = args.benchmark === "equal-weight" ? equalWeightIndex(universe.map((s) => s.bars)) : await readHistoryFile(args.benchmark);
  const options: WalkForwardOptions = { from: args.from, to: args.to, step: args.step, config, tradeSessions: TRADE_TIME_LIMIT_SESSIONS, entry: args.entry, costsBp: args.costsBp, method: args.method };
  const ratings = universeRsRatings(universe.map((s) => s.bars), config);
  const draws = drawControl(universe, options, args.control, args.seed);

  const results: StockResult[] = [];
  const queue = universe.map((_, s) => s);
  const workerCount = Math.min(args.workers, universe.length);
  await Promise.all(
    Array.from({ length: workerCount }, () =>
      new Promise<void>((resolve, reject) => {
        const worker = startWorker();
        const next = () => {
          const s = queue.shift();
          if (s === undefined) {
            void worker.terminate().then(() => resolve());
            return;
          }
          const series = universe[s]!;
          worker.postMessage({ type: "stock", ticker: series.ticker, bars: series.bars, ratings: ratings[s]!, draws: draws[s]! } satisfies WorkerRequest);
        };
        worker.on("message", (message: WorkerResponse) => {
          results.push(message.result);
          onProgress?.(results.length, universe.length);
          next();
        });
        worker.on("error", reject);
        worker.postMessage({ type: "init", benchmark, options } satisfies WorkerRequest);
        next();
      }),
    ),
  );

  results.sort((a, b) => a.ticker.localeCompare(b.ticker));
  attachPairedControls(results.flatMap((r) => r.trades), universe, { tradeSessions: TRADE_TIME_LIMIT_SESSIONS, costsBp: args.costsBp, closeStop: v3 });
  const summary: BacktestSummary = {
    engine_version: ENGINE_VERSION,
    // Absent for v2, so v2's output stays as it was.
    method: v3 ? "v3" : undefined,
    costs_bp: args.costsBp,
    parameters: {
      data: args.data.map((d) => path.basename(d)),
      benchmark: args.benchmark === "equal-weight" ? "equal-weighted index of the universe" : path.basename(args.benchmark),
      from: args.from,
      to: args.to,
      step: args.step,
      control_draws: args.control,
      seed: args.seed,
      split: args.split,
      entry: args.entry,
    },
    ...summarizeGroup(results, args.seed),
    market_states: marketStateStats(benchmark, marketDirectionSeries(benchmark, config), args.from, args.to),
    data_checks: dataChecks,
  };
  if (v3) summary.v3_acceptance = acceptanceOf(summary, new Set(results.map((r) => r.ticker)), universe, ratings, benchmark, args);
  if (args.split) {
    const groups = splitGroups(args.split, results.map((r) => r.ticker));
    summary.groups = Object.fromEntries(
      Object.entries(groups).map(([name, tickers]) => {
        const group = summarizeGroup(results.filter((r) => tickers.includes(r.ticker)), args.seed);
        if (v3) group.v3_acceptance = acceptanceOf(group, new Set(tickers), universe, ratings, benchmark, args);
        return [name, group];
      }),
    );
  }
  return { summary, results };
}

/** NaN-free JSON (null where a figure does not exist), keys in a stable order. */
export function summaryJson(summary: BacktestSummary): string {
  return `${JSON.stringify(summary, (_key, value: unknown) => (typeof value === "number" && !Number.isFinite(value) ? null : value), 2)}\n`;
}

export async function backtestCommand(argv: string[]): Promise<number> {
  const args = parseBacktestArgs(argv);
  const started = Date.now();
  const tty = Boolean(process.stderr.isTTY);
  const { summary, results } = await runBacktest(args, tty ? (done, total) => process.stderr.write(progressBar(done, total, started)) : undefined);
  if (tty) process.stderr.write("\n");
  // The data check: one line per series cut at an unexplained jump.
  for (const check of summary.data_checks ?? []) process.stderr.write(`${terminalSafe(describeDataCheck(check))}\n`);
  const markdown = renderBacktestMarkdown(summary);
  if (args.json) await writeFile(args.json, summaryJson(summary));
  if (args.markdown) await writeFile(args.markdown, markdown);
  if (args.trades) await writeFile(args.trades, tradesCsv(results.flatMap((r) => r.trades)));
  // Tickers come from the names of the files read: printed, they cannot act on the terminal.
  process.stdout.write(terminalSafe(markdown, { multiline: true }));
  process.stdout.write(`\n${summary.tickers} stocks in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return 0;
}
