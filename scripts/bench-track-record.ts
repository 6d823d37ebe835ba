// npm run bench:track-record — the track record at 100,000 stored calls (the summary
// endpoint ≤ 20 ms). On a scratch PostgreSQL database it stores 100,000 calls the way the daily
// refresh does (TrackCallsRepository.insertCalls: 500 demo tickers × 200 sessions, in episodes: a
// ticker's call repeats for a few sessions, so about 1 call in 6 starts a setup that is followed),
// scores them by the record's own rules (core/track-record/call-outcome.ts: every session since
// each setup's call folded in from the demo market's bars, saved with saveOutcomes, as
// scoreOpenCalls does), times refreshFigures() once, then measures
// over HTTP against the app (buildApp, listening on a port): GET /api/track-record and
// /api/track-record/calls (first page, an action filter, a ticker filter, a deep page), 300 requests
// each after 30 of warm-up, one at a time. Prints p50/p95/p99 and the ratio to the 20 ms target.
//
// On PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (an admin URL; a scratch
// database is created and dropped; BENCH_KEEP_DATABASE=1 keeps it), else on the embedded PGlite
// (BENCH_DATABASE=pglite forces it). BENCH_CALLS (default 100000), BENCH_TICKERS (500) and
// BENCH_REQUESTS (300) change the sizes. `--smoke` (or BENCH_SMOKE=1): 2,000 calls of 20 tickers,
// 5 requests per endpoint; fails only when a step breaks or an endpoint answers an error, never on
// the time target.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { AddressInfo } from "node:net";
import type { RecommendationAction } from "../src/core/analysis/analysis-report";
import { advanceCall, callStatus, isSettled, startProgress } from "../src/core/track-record/call-outcome";
import type { DailyBars } from "../src/core/market/market-data";
import { CachedMarketDataProvider } from "../src/server/adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "../src/server/adapters/market/demo";
import { openPostgres } from "../src/server/db/database";
import { trackCalls, trackOutcomes } from "../src/server/db/schema";
import { TrackCallsRepository, type NewTrackCall, type OutcomeUpdate } from "../src/server/features/track-record/track-calls.repository";
import { followedCall } from "../src/server/features/track-record/track-record.service";
import { createScratchDatabase, testDatabaseKinds, type TestDatabaseKind } from "../src/server/test-support/test-database";
import { startTestApp } from "../src/server/test-support/test-app";
import { count, eq, sql } from "drizzle-orm";
import { seededRandom } from "../src/core/backtest/statistics";

const adminUrl = process.env.BENCH_DATABASE === "pglite" ? undefined : (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";
const CALLS = SMOKE ? 2_000 : Number(process.env.BENCH_CALLS ?? 100_000);
const TICKERS = SMOKE ? 20 : Number(process.env.BENCH_TICKERS ?? 500);
const REQUESTS = SMOKE ? 5 : Number(process.env.BENCH_REQUESTS ?? 300);
const WARM_UP = SMOKE ? 1 : 30;
/** BENCH_KEEP_DATABASE=1 keeps the scratch database (its URL is printed) to EXPLAIN the queries. */
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === "1";
const SUMMARY_TARGET_MS = 20;
const BUY_WINDOW_SESSIONS = 5;

/** The same calls on every run. */
const random = seededRandom;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

const SETUPS: Record<RecommendationAction, string[]> = {
  BUY: ["Breakout"],
  WATCH: ["Base forming", "Extended", "Past the buy window", "Pullback"],
  SELL: ["Stage 4 decline", "Failed breakout", "50-day line broken", "Stop hit"],
};
const BASES = ["Flat base", "VCP", "Cup with handle", "Double bottom"];

/**
 * One ticker's calls over its last `sessions` sessions, in episodes of 1–12 sessions: mostly WATCH,
 * some BUY (each BUY episode a new base whose first call opens a trade, with the engine's kind of
 * levels: buy range +5% over the pivot, stop 8% under it, target 20% over it) and some SELL.
 */
function tickerCalls(ticker: string, bars: DailyBars, benchmark: Map<string, number>, sessions: number, next: () => number, runs: string[]): NewTrackCall[] {
  const calls: NewTrackCall[] = [];
  const first = bars.dates.length - sessions;
  let i = first;
  while (i < bars.dates.length) {
    const length = 1 + Math.floor(next() * 12);
    const roll = next();
    const action: RecommendationAction = roll < 0.15 ? "BUY" : roll < 0.75 ? "WATCH" : "SELL";
    const setupNames = SETUPS[action];
    const setup = setupNames[Math.floor(next() * setupNames.length)]!;
    const base = action === "BUY" || next() < 0.5 ? BASES[Math.floor(next() * BASES.length)]! : null;
    const baseStart = base ? bars.dates[Math.max(0, i - 20 - Math.floor(next() * 40))]! : null;
    const pivot = bars.close[i]! * (0.95 + next() * 0.12);
    let episodeId: string | null = null;
    for (let k = 0; k < length && i < bars.dates.length; k++, i++) {
      const id = randomUUID();
      episodeId ??= id;
      const date = bars.dates[i]!;
      const opens = id === episodeId && action === "BUY";
      const levels = action === "SELL" ? null : { buyPoint: pivot, buyRangeHigh: pivot * 1.05, stop: pivot * 0.92, target: pivot * 1.2 };
      calls.push({
        id,
        asOf: date,
        ticker,
        action,
        setup,
        baseType: base,
        baseStart,
        buyPoint: levels?.buyPoint ?? null,
        buyRangeHigh: levels?.buyRangeHigh ?? null,
        stop: levels?.stop ?? null,
        target: levels?.target ?? null,
        price: bars.close[i]!,
        rsRating: Math.round(1 + next() * 98),
        marketState: "Confirmed uptrend",
        engineVersion: i - first < sessions / 2 ? "2.0.0" : "2.1.0",
        simulated: true,
        dataSource: "demo",
        benchmarkClose: benchmark.get(date) ?? null,
        entrySessions: opens ? BUY_WINDOW_SESSIONS - Math.min(k, 2) : null,
        episodeId,
        trade: opens,
        runId: runs[i - first] ?? null,
      });
    }
  }
  return calls;
}

/** Each setup (an episode's first call) followed over every session of `bars` after its call. */
function outcomes(calls: NewTrackCall[], bars: DailyBars, benchmark: Map<string, number>): OutcomeUpdate[] {
  return calls
    .filter((call) => call.id === call.episodeId)
    .map((call) => {
      const followed = followedCall(call);
      let progress = startProgress(followed, call.asOf);
      for (let i = bars.dates.indexOf(call.asOf) + 1; i < bars.dates.length; i++) {
        const date = bars.dates[i]!;
        progress = advanceCall(followed, progress, { date, open: bars.open[i]!, high: bars.high[i]!, low: bars.low[i]!, close: bars.close[i]! }, benchmark.get(date) ?? null);
      }
      return { callId: call.id, progress, status: callStatus(progress), settled: isSettled(progress) };
    });
}

async function timed(url: string, requests: number): Promise<{ samples: number[]; bytes: number; status: number }> {
  let bytes = 0;
  let status = 0;
  for (let k = 0; k < WARM_UP; k++) await (await fetch(url)).arrayBuffer();
  const samples: number[] = [];
  for (let k = 0; k < requests; k++) {
    const started = performance.now();
    const response = await fetch(url);
    const body = await response.arrayBuffer();
    samples.push(performance.now() - started);
    bytes = body.byteLength;
    status = response.status;
  }
  return { samples, bytes, status };
}

async function main(): Promise<void> {
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, "quanta_bench") : undefined;
  const kind: TestDatabaseKind = scratch
    ? { name: "postgres", open: async () => openPostgres(scratch.url, { migrate: true, onIdleClientError: () => undefined }) }
    : testDatabaseKinds("storage-only").find((candidate) => candidate.name === "pglite")!;
  const database = await kind.open();
  const demo = new DemoMarketProvider({ seed: 42, universeSize: TICKERS + 1 });
  const market = new CachedMarketDataProvider(demo);
  const app = await startTestApp(kind, {}, { database, market });
  try {
    const universe = (await demo.listUniverse()).map((p) => p.ticker).filter((t) => t !== demo.benchmarkTicker).slice(0, TICKERS);
    const sessions = Math.ceil(CALLS / universe.length);
    const benchmarkBars = (await market.getDailyBars(demo.benchmarkTicker, sessions + 300))!;
    const benchmark = new Map(benchmarkBars.dates.map((d, i) => [d, benchmarkBars.close[i]!] as const));
    const runs = Array.from({ length: sessions }, (_, k) => `${benchmarkBars.dates[benchmarkBars.dates.length - sessions + k]}#bench`);
    const repository = new TrackCallsRepository(app.database.db);
    const next = random(18);

    console.log(`Track record benchmark: ${universe.length} demo tickers × ${sessions} sessions on ${adminUrl ? `PostgreSQL (${new URL(adminUrl).host})` : "PGlite (embedded)"}${SMOKE ? " (smoke: tiny sizes, no target)" : ""}.`);
    let started = performance.now();
    let stored = 0;
    let remaining = CALLS;
    let scoring = 0;
    for (const ticker of universe) {
      const bars = (await market.getDailyBars(ticker, sessions + 300))!;
      const calls = tickerCalls(ticker, bars, benchmark, sessions, next, runs).slice(0, remaining);
      remaining -= calls.length;
      stored += await repository.insertCalls(calls, (call) => startProgress(followedCall(call), call.asOf));
      const scoredAt = performance.now();
      await repository.saveOutcomes(outcomes(calls, bars, benchmark), new Date());
      scoring += performance.now() - scoredAt;
      if (remaining <= 0) break;
    }
    const insertSeconds = (performance.now() - started) / 1000;
    const [{ setups } = { setups: 0 }] = await app.database.db.select({ setups: count() }).from(trackOutcomes);
    const [{ trades } = { trades: 0 }] = await app.database.db.select({ trades: count() }).from(trackCalls).where(eq(trackCalls.trade, true));
    const byStatus = await app.database.db.select({ status: trackOutcomes.status, n: count() }).from(trackOutcomes).groupBy(trackOutcomes.status).orderBy(sql`2 desc`);
    console.log(
      `Stored ${stored.toLocaleString("en-US")} calls in ${insertSeconds.toFixed(1)} s (of which scoring and saving outcomes ${(scoring / 1000).toFixed(1)} s): ` +
        `${Number(setups).toLocaleString("en-US")} setups followed, ${Number(trades).toLocaleString("en-US")} of them BUY trades; outcomes: ${byStatus.map((s) => `${s.status} ${s.n}`).join(", ")}.`,
    );

    started = performance.now();
    await app.services.trackRecord.refreshFigures();
    const refreshMs = performance.now() - started;
    console.log(`refreshFigures(): ${ms(refreshMs)} (every stored call read, figures recomputed and stored once per run).`);

    started = performance.now();
    const summary = await app.services.trackRecord.summary();
    console.log(
      `summary() in process: ${ms(performance.now() - started)} (first call, reads the historical simulations) · ${summary.calls.toLocaleString("en-US")} calls, ${summary.actions.BUY.trades} closed BUY trades, average ${summary.actions.BUY.avg_r?.toFixed(2)}R.`,
    );

    await app.app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
    const firstPage = await (await fetch(`${base}/api/track-record/calls`)).json() as { total: number };
    const deepPage = Math.max(1, Math.ceil(firstPage.total / 25));
    const endpoints = [
      { name: "GET /api/track-record", path: "/api/track-record", target: SUMMARY_TARGET_MS },
      { name: "GET /api/track-record/calls (page 1)", path: "/api/track-record/calls", target: null },
      { name: "  … ?action=BUY", path: "/api/track-record/calls?action=BUY", target: null },
      { name: `  … ?ticker=${universe[7]}`, path: `/api/track-record/calls?ticker=${universe[7]}`, target: null },
      { name: `  … ?page=${deepPage} (the last)`, path: `/api/track-record/calls?page=${deepPage}`, target: null },
    ];
    console.log(`\nOver HTTP (${base}), ${REQUESTS} requests each after ${WARM_UP} of warm-up, one at a time:`);
    console.log(`${"endpoint".padEnd(40)} ${"p50".padStart(10)} ${"p95".padStart(10)} ${"p99".padStart(10)} ${"max".padStart(10)}  bytes    vs 20 ms (p99)`);
    let failed = false;
    for (const endpoint of endpoints) {
      const { samples, bytes, status } = await timed(`${base}${endpoint.path}`, REQUESTS);
      if (status !== 200) throw new Error(`${endpoint.path} answered ${status}`);
      const p99 = percentile(samples, 99);
      const ratio = p99 / SUMMARY_TARGET_MS;
      if (!SMOKE && endpoint.target !== null && p99 > endpoint.target) failed = true;
      console.log(
        `${endpoint.name.padEnd(40)} ${ms(percentile(samples, 50)).padStart(10)} ${ms(percentile(samples, 95)).padStart(10)} ${ms(p99).padStart(10)} ${ms(Math.max(...samples)).padStart(10)}  ${String(bytes).padEnd(8)} ${ratio.toFixed(2)}×${endpoint.target !== null ? (p99 <= endpoint.target ? "  (target met)" : "  (TARGET MISSED)") : ""}`,
      );
    }
    process.exitCode = failed ? 1 : 0;
  } finally {
    await app.close();
    if (scratch && KEEP_DATABASE) console.log(`\nKept the database for inspection: ${scratch.url}`);
    else await scratch?.drop();
  }
}

await main();
// On PGlite the test support keeps the closed database's instance for reuse, which holds the process open.
process.exit(process.exitCode ?? 0);
