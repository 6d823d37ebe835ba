// npm run bench:screener — the screener's speed on a 5,000-stock demo universe, over loopback. The server
// runs in a child process (scripts/bench-screener-server.ts: one daily screen, a signed-in user); this
// process is the load generator (autocannon, 10 connections). Rounds take turns: filtered and sorted
// screener pages (three URLs in rotation), then the public list, so a change in the machine's load hits
// both. Prints requests per second, p50 and p99 of each, and the screener's p99 against its target
// (≤ 50 ms). PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (BENCH_DATABASE=pglite forces
// PGlite); BENCH_UNIVERSE changes the size.
// `--smoke` (or BENCH_SMOKE=1): 200 stocks, one short round, no target; fails only when the code path is
// broken (an error answer, a page that does not match the contract).
import { spawn } from "node:child_process";
import os from "node:os";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { screenerResponseSchema } from "../src/contracts/screener";

const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";
const UNIVERSE = SMOKE ? 200 : Number(process.env.BENCH_UNIVERSE ?? "5000");
const P99_TARGET_MS = 50;
const CONNECTIONS = SMOKE ? 4 : 10;
const ROUNDS = SMOKE ? 1 : 4;
const ROUND_SECONDS = SMOKE ? 1 : 3;
const SCREENS = [
  "/api/screener?action=BUY&min_rs=80&sort=-rs_rating&page_size=50",
  "/api/screener?sector=Technology&sort=buy_point_distance&page_size=50",
  "/api/screener?min_tt=6&min_price=10&sort=-volume_ratio&page=2&page_size=50",
];

interface Load {
  requests: number;
  seconds: number;
  errors: number;
  latencies: number[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function load(base: string, paths: string[], headers: Record<string, string>, into: Load): Promise<void> {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections: CONNECTIONS, duration: ROUND_SECONDS, headers: { "accept-encoding": "gzip", ...headers }, requests: paths.map((path) => ({ method: "GET", path })) },
      (error, finished) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(finished)),
    );
    instance.on("response", (_client, _status, _bytes, ms) => into.latencies.push(ms));
  });
  into.requests += result.requests.total;
  into.seconds += result.duration;
  into.errors += result.errors + result.non2xx + result.timeouts;
}

async function main(): Promise<void> {
  console.log(
    `Quanta screener benchmark${SMOKE ? " (smoke: tiny sizes, no target)" : ""} — ${UNIVERSE} demo stocks, Node ${process.version}, ` +
      `${os.availableParallelism()} cores, load average ${os.loadavg().map((v) => v.toFixed(2)).join(", ")}`,
  );
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench-screener-server.ts"], { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, BENCH_UNIVERSE: String(UNIVERSE) } });
  const lines = createInterface({ input: child.stdout! });
  const exited = new Promise<never>((_resolve, reject) => child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`))));
  exited.catch(() => undefined);
  const info = JSON.parse(await Promise.race([new Promise<string>((resolve) => lines.once("line", resolve)), exited])) as {
    quanta: string;
    jwt: string;
    stocks: number;
    refreshSeconds: number;
    database: string;
  };
  try {
    console.log(`  ${info.database}; one daily screen of ${info.stocks} stocks in ${info.refreshSeconds.toFixed(1)} s`);
    const headers = { authorization: `Bearer ${info.jwt}` };
    for (const path of SCREENS) {
      const response = await fetch(`${info.quanta}${path}`, { headers });
      const page = screenerResponseSchema.parse(await response.json());
      if (response.status !== 200 || page.total === 0 || info.stocks === 0) throw new Error(`${path} answered ${response.status} with ${page.total} rows`);
      console.log(`  ${path}: ${page.total} matches`);
    }
    const screener: Load = { requests: 0, seconds: 0, errors: 0, latencies: [] };
    const list: Load = { requests: 0, seconds: 0, errors: 0, latencies: [] };
    for (let round = 0; round < ROUNDS; round++) {
      await load(info.quanta, SCREENS, headers, screener);
      await load(info.quanta, ["/api/public-buy-stocks"], {}, list);
    }
    const line = (name: string, run: Load) =>
      `  ${name} ${Math.round(run.requests / run.seconds).toLocaleString("en-US")} req/s, p50 ${percentile(run.latencies, 50).toFixed(1)} ms, p99 ${percentile(run.latencies, 99).toFixed(1)} ms, errors ${run.errors}`;
    console.log(`\n${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s each, taking turns:`);
    console.log(line("GET /api/screener (3 pages):", screener));
    console.log(line("GET /api/public-buy-stocks: ", list));
    const p99 = percentile(screener.latencies, 99);
    console.log(`  screener p99 ${p99.toFixed(1)} ms — target ≤ ${P99_TARGET_MS} ms: ${p99 <= P99_TARGET_MS ? "met" : "NOT met"}`);
    if (screener.errors > 0 || list.errors > 0 || screener.requests === 0) {
      console.log("FAILED: an endpoint answered errors (or nothing)");
      process.exitCode = 1;
    } else if (!SMOKE && p99 > P99_TARGET_MS) {
      process.exitCode = 1;
    }
  } finally {
    child.kill("SIGTERM");
  }
}

await main();
