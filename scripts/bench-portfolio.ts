// npm run bench:portfolio — GET /api/portfolio for a user with 500 trades (≈ 120 positions over 60
// tickers, with partial sells; target p99 ≤ 100 ms), in process through app.inject. On a scratch
// database (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else the embedded PGlite;
// BENCH_DATABASE=pglite forces it) the real app runs on the demo market; one verified user's trades are
// written through the positions repository (an import, not what is measured), the bar cache is warmed
// by one call, then 200 calls are timed one after the other. GET /api/portfolio/history is timed too
// (reported, no target). Prints p50/p99 and the ratio to the target.
// `--smoke` (or BENCH_SMOKE=1): 20 trades over 5 tickers, 3 calls, no target; fails when the answer
// does not match the contract or a position's value is not cents(shares × last close).
import { performance } from "node:perf_hooks";
import os from "node:os";
import { portfolioHistorySchema, portfolioSchema, type Portfolio } from "../src/contracts/portfolio";
import { cents } from "../src/core/portfolio/valuation";
import type { TransactionRow } from "../src/core/portfolio/transactions-csv";
import { CachedMarketDataProvider } from "../src/server/adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "../src/server/adapters/market/demo";
import { demoUniverse } from "../src/server/adapters/market/demo-universe";
import { openPostgres } from "../src/server/db/database";
import { PositionsRepository } from "../src/server/features/portfolio/positions.repository";
import { apiHeaders, createVerifiedUser, startTestApp, type TestApp } from "../src/server/test-support/test-app";
import { createScratchDatabase, testDatabaseKinds } from "../src/server/test-support/test-database";

const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";
const TICKERS = SMOKE ? 5 : 60;
const TRADES = SMOKE ? 20 : 500;
const CALLS = SMOKE ? 3 : 200;
const HISTORY_CALLS = SMOKE ? 1 : 20;
const P99_TARGET_MS = 100;
const adminUrl = process.env.BENCH_DATABASE === "pglite" ? undefined : (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
const pglite = testDatabaseKinds("storage-only").find((kind) => kind.name === "pglite")!;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** The same cached demo market the app reads, so the bench's expected closes are the app's. */
const market = new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42, universeSize: TICKERS + 5 }));

async function startApp(): Promise<{ t: TestApp; name: string; drop(): Promise<void> }> {
  const env = { DEMO_UNIVERSE_SIZE: String(TICKERS + 5) };
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, "quanta_bench");
    const database = await openPostgres(scratch.url, { migrate: true, onIdleClientError: () => undefined });
    return { t: await startTestApp(pglite, env, { market, database }), name: `PostgreSQL (${new URL(adminUrl).host})`, drop: () => scratch.drop() };
  }
  return { t: await startTestApp(pglite, env, { market }), name: "PGlite (embedded)", drop: async () => undefined };
}

type Row = Omit<TransactionRow, "line">;

/**
 * Each ticker gets a closed position (two buys, two sells to zero) then an open one (buy, buy, a
 * partial sell, buy), at the demo closes of sessions spread over the last year; the trades left over
 * add buys to the first tickers' open positions. Fixed, so every run measures the same portfolio.
 */
function tradesFor(tickers: string[], closes: Map<string, { dates: string[]; close: Float64Array }>): Row[] {
  const rows: Row[] = [];
  const at = (ticker: string, sessionsAgo: number, side: Row["side"], shares: number): Row => {
    const bars = closes.get(ticker)!;
    const i = bars.dates.length - 1 - sessionsAgo;
    return { date: bars.dates[i]!, ticker, side, shares, price: Math.round(bars.close[i]! * 100) / 100, fees: 1, stop: null, initialStop: null };
  };
  const perTicker = SMOKE ? [[60, "buy", 10], [40, "buy", 5], [20, "sell", 4], [10, "buy", 2]] as const : ([
    [240, "buy", 100], [220, "buy", 50], [200, "sell", 60], [180, "sell", 90],
    [150, "buy", 40], [120, "buy", 30], [90, "sell", 25], [60, "buy", 10],
  ] as const);
  for (const ticker of tickers) for (const [ago, side, shares] of perTicker) rows.push(at(ticker, ago, side, shares));
  for (let extra = 0; rows.length < TRADES; extra++) rows.push(at(tickers[extra % tickers.length]!, 30 - (extra % 20), "buy", 3));
  return rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Shares held per ticker after the rows, to check the answer against. */
function heldShares(rows: Row[]): Map<string, number> {
  const held = new Map<string, number>();
  for (const row of rows) held.set(row.ticker, (held.get(row.ticker) ?? 0) + (row.side === "buy" ? row.shares : -row.shares));
  return held;
}

function problemsIn(portfolio: Portfolio, held: Map<string, number>, lastClose: Map<string, number>): string[] {
  const problems: string[] = [];
  const open = [...held.values()].filter((shares) => shares > 0).length;
  if (portfolio.positions.length !== open) problems.push(`${portfolio.positions.length} open positions, expected ${open}`);
  for (const position of portfolio.positions) {
    const expected = cents(position.shares * lastClose.get(position.ticker)!);
    if (position.shares !== held.get(position.ticker)) problems.push(`${position.ticker}: ${position.shares} shares, expected ${held.get(position.ticker)}`);
    if (position.last_close !== lastClose.get(position.ticker)) problems.push(`${position.ticker}: last close ${position.last_close}, expected ${lastClose.get(position.ticker)}`);
    if (position.value !== expected) problems.push(`${position.ticker}: value ${position.value}, expected cents(shares × last close) = ${expected}`);
  }
  return problems;
}

async function timed(t: TestApp, url: string, headers: Record<string, string>, calls: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    const response = await t.app.inject({ method: "GET", url, headers });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  }
  return times;
}

async function main(): Promise<void> {
  const { t, name, drop } = await startApp();
  try {
    console.log(
      `bench:portfolio on ${name}: ${TRADES} trades over ${TICKERS} tickers, ${CALLS} calls (Node ${process.version}, ${os.availableParallelism()} cores, ` +
        `load average ${os.loadavg().map((v) => v.toFixed(2)).join(", ")})${SMOKE ? " (smoke: tiny sizes, no target)" : ""}`,
    );
    const tickers: string[] = [];
    const bars = new Map<string, { dates: string[]; close: Float64Array }>();
    for (const listing of demoUniverse(TICKERS + 5).companies) {
      if (tickers.length === TICKERS) break;
      const series = await market.getDailyBars(listing.ticker, 520);
      if (series && series.dates.length > 260) {
        tickers.push(listing.ticker);
        bars.set(listing.ticker, series);
      }
    }
    const rows = tradesFor(tickers, bars);
    const { jwt, userId } = await createVerifiedUser(t, "bench-portfolio@example.com");
    const imported = await new PositionsRepository(t.database.db).importRows(userId, rows.map((row, i) => ({ ...row, line: i + 2 })), null, new Date());
    if ("problem" in imported) throw new Error(`the trades were not written: ${JSON.stringify(imported)}`);
    console.log(`  ${imported.imported} trades written, ${imported.opened} positions opened`);

    const headers = apiHeaders(jwt);
    const first = await t.app.inject({ method: "GET", url: "/api/portfolio", headers });
    const portfolio = portfolioSchema.parse(first.json());
    const lastClose = new Map([...bars].map(([ticker, series]) => [ticker, series.close[series.close.length - 1]!]));
    const problems = problemsIn(portfolio, heldShares(rows), lastClose);
    console.log(`  answer checked: ${portfolio.positions.length} open positions, total value $${portfolio.totals.value.toFixed(2)}, ${problems.length} problems`);
    for (const problem of problems.slice(0, 10)) console.log(`    ${problem}`);

    const times = await timed(t, "/api/portfolio", headers, CALLS);
    const history = portfolioHistorySchema.parse((await t.app.inject({ method: "GET", url: "/api/portfolio/history", headers })).json());
    const historyTimes = await timed(t, "/api/portfolio/history", headers, HISTORY_CALLS);
    const p99 = percentile(times, 99);
    console.log(`  GET /api/portfolio: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${CALLS} calls`);
    console.log(`  GET /api/portfolio/history (${history.points.length} sessions, report only): p50 ${percentile(historyTimes, 50).toFixed(1)} ms, p99 ${percentile(historyTimes, 99).toFixed(1)} ms over ${HISTORY_CALLS} calls`);
    console.log(`  p99 target ≤ ${P99_TARGET_MS} ms: ${(p99 / P99_TARGET_MS).toFixed(2)}× the budget ${p99 <= P99_TARGET_MS ? "(met)" : "(MISSED)"}`);
    if (problems.length > 0 || history.points.length === 0) {
      console.log("FAILED: the portfolio's answer is wrong");
      process.exitCode = 1;
    } else if (!SMOKE && p99 > P99_TARGET_MS) {
      process.exitCode = 1;
    }
  } finally {
    await t.close();
    await drop();
  }
}

await main();
// On PGlite the test support keeps the closed database's instance for reuse, which holds the process open.
process.exit(process.exitCode ?? 0);
