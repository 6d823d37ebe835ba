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
import { performance } from "node:perf_hooks";
import type { AddressInfo } from "node:net";
import { CachedMarketDataProvider } from "../src/server/adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "../src/server/adapters/market/demo";
import { openPostgres } from "../src/server/db/database";
import { trackCalls, trackOutcomes } from "../src/server/db/schema";
import { createScratchDatabase, testDatabaseKinds, type TestDatabaseKind } from "../src/server/test-support/test-database";
import { startTestApp } from "../src/server/test-support/test-app";
import { count, eq, sql } from "drizzle-orm";
import { seedTrackRecordCalls } from "./track-record-seed";

const adminUrl = process.env.BENCH_DATABASE === "pglite" ? undefined : (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";
const CALLS = SMOKE ? 2_000 : Number(process.env.BENCH_CALLS ?? 100_000);
const TICKERS = SMOKE ? 20 : Number(process.env.BENCH_TICKERS ?? 500);
const REQUESTS = SMOKE ? 5 : Number(process.env.BENCH_REQUESTS ?? 300);
const WARM_UP = SMOKE ? 1 : 30;
/** BENCH_KEEP_DATABASE=1 keeps the scratch database (its URL is printed) to EXPLAIN the queries. */
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === "1";
const SUMMARY_TARGET_MS = 20;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

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
    console.log(`Track record benchmark: up to ${TICKERS} demo tickers, ${CALLS.toLocaleString("en-US")} calls on ${adminUrl ? `PostgreSQL (${new URL(adminUrl).host})` : "PGlite (embedded)"}${SMOKE ? " (smoke: tiny sizes, no target)" : ""}.`);
    let started = performance.now();
    const { stored, scoringMs: scoring, tickers, sessions } = await seedTrackRecordCalls(app, demo, market, { calls: CALLS, tickers: TICKERS });
    const universe = (await demo.listUniverse()).map((p) => p.ticker).filter((t) => t !== demo.benchmarkTicker).slice(0, tickers);
    console.log(`(${tickers} tickers × ${sessions} sessions)`);
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
