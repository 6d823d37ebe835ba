// npm run bench:refresh — the daily refresh at scale. For each universe size (45, 500,
// 5,000 demo tickers) and 1 or 2 server instances on one PostgreSQL, it starts real servers (the
// compiled dist/server/main.mjs when built, else src/server/main.ts through tsx), queues one run,
// and while it runs asks every instance for /healthz every 25 ms and for /metrics every second.
// Prints tickers per second, /healthz p99, event-loop lag p99 (the worst 1-second window), and the
// ratios against the targets: lag and /healthz p99 ≤ 50 ms, 2 instances ≥ 1.7× one, 5,000 tickers
// ≤ 5 minutes with 2 instances, cost linear in the universe size.
//
// Needs PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL; a scratch database is
// created and dropped per run). BENCH_SIZES=45,500 and BENCH_INSTANCES=1,2 narrow it;
// DEMO_MARKET_LATENCY_MS adds a remote provider's wait to every bars request. `--smoke` (or
// BENCH_SMOKE=1): 45 tickers, one instance; fails only when the run breaks or analyses nothing, never
// on a target; without PostgreSQL it says so and passes (instances share one database, which the
// embedded PGlite cannot do).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { isoFromDayNumber, lastCompletedSession } from "../src/core/market/trading-calendar";
import { createServices } from "../src/server/composition/create-services";
import { loadConfig } from "../src/server/config";
import { openPostgres } from "../src/server/db/database";
import { jobRuns } from "../src/server/db/schema";
import { PUBLIC_REFRESH_JOB } from "../src/server/features/public-recommendations/public-refresh.service";
import { createLogger } from "../src/server/logger";
import { createScratchDatabase } from "../src/server/test-support/test-database";
// A port free now: a fixed one could be another bench's server.
import { freePort } from "../src/server/test-support/server-process";

const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl && SMOKE) {
  console.log("bench:refresh smoke skipped: it needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL).");
  process.exit(0);
}
if (!adminUrl) {
  console.error("bench:refresh needs PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to an admin connection URL.");
  process.exit(2);
}
const SIZES = (SMOKE ? "45" : (process.env.BENCH_SIZES ?? "45,500,5000")).split(",").map(Number);
const INSTANCES = (SMOKE ? "1" : (process.env.BENCH_INSTANCES ?? "1,2")).split(",").map(Number);
const LATENCY_MS = process.env.DEMO_MARKET_LATENCY_MS ?? "0";
const LAG_TARGET_MS = 50;
const HEALTH_TARGET_MS = 50;
const SCALE_TARGET = 1.7;
const BIG_TARGET_S = 300;
const root = path.resolve(import.meta.dirname, "..");
const compiled = path.join(root, "dist/server/main.mjs");

interface Result {
  size: number;
  instances: number;
  seconds: number;
  tickersPerSecond: number;
  healthP50: number;
  healthP99: number;
  healthMax: number;
  lagP99: number;
  analysed: number;
  chunksByInstance: string;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function serverEnv(databaseUrl: string, size: number, port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    MARKET_DATA_PROVIDER: "demo",
    DEMO_UNIVERSE_SIZE: String(size),
    DEMO_MARKET_LATENCY_MS: LATENCY_MS,
    METRICS_TOKEN: "",
  };
}

async function waitOk(url: string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

async function measure(size: number, instances: number): Promise<Result> {
  const scratch = await createScratchDatabase(adminUrl!, "quanta_bench");
  const config = loadConfig(serverEnv(scratch.url, size, 0, os.tmpdir()) as Record<string, string>);
  const database = await openPostgres(scratch.url, { migrate: true });
  // The servers would each start today's run at start-up; it is marked done so that the timed run
  // below starts only once every instance is listening.
  await database.db.insert(jobRuns).values({ name: PUBLIC_REFRESH_JOB, runKey: isoFromDayNumber(lastCompletedSession(new Date())), holder: "bench", finishedAt: new Date() });
  const services = createServices(config, { database, logger: createLogger({ ...config, logLevel: "warn" }), now: () => new Date(), instanceId: "bench" });
  const servers: { child: ChildProcess; url: string; dataDir: string }[] = [];
  try {
    for (let k = 0; k < instances; k++) {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "quanta-bench-refresh-"));
      const args = existsSync(compiled) ? [compiled] : ["--import", "tsx", path.join(root, "src/server/main.ts")];
      const child = spawn(process.execPath, args, { cwd: root, env: serverEnv(scratch.url, size, port, dataDir), stdio: ["ignore", "ignore", "inherit"] });
      servers.push({ child, url: `http://127.0.0.1:${port}`, dataDir });
    }
    await Promise.all(servers.map((server) => waitOk(`${server.url}/readyz`, 60_000)));
    // Let the instances' workers begin polling the queue.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const health: number[] = [];
    const lags: number[] = [];
    let running = true;
    const probes = servers.flatMap((server) => [
      (async () => {
        while (running) {
          const started = performance.now();
          await fetch(`${server.url}/healthz`).then((response) => response.arrayBuffer());
          health.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      })(),
      (async () => {
        // The first scrape opens the window; each later one reports the lag since the previous.
        await fetch(`${server.url}/metrics`).then((response) => response.text());
        while (running) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          const text = await fetch(`${server.url}/metrics`).then((response) => response.text());
          const match = /^event_loop_lag_seconds\{quantile="0\.99"\} ([\d.e+-]+)$/m.exec(text);
          if (match) lags.push(Number(match[1]) * 1000);
        }
      })(),
    ]);

    const started = performance.now();
    const queued = await services.publicRefresh.refresh({ force: true, wait: false });
    const result = await services.publicRefresh.waitFor(queued.runId!, 100);
    const seconds = (performance.now() - started) / 1000;
    running = false;
    await Promise.all(probes);
    const [summary] = (await services.publicRefresh.recentRuns(1)).filter((run) => run.runId === queued.runId);
    return {
      size,
      instances,
      seconds,
      tickersPerSecond: size / seconds,
      healthP50: percentile(health, 50),
      healthP99: percentile(health, 99),
      healthMax: Math.max(...health),
      lagP99: Math.max(...lags),
      analysed: result.analysed,
      chunksByInstance: Object.values(summary?.holders ?? {}).join("/"),
    };
  } finally {
    await Promise.all(servers.map((server) => stop(server.child)));
    for (const server of servers) rmSync(server.dataDir, { recursive: true, force: true });
    await services.close();
    await database.close();
    await scratch.drop();
  }
}

const results: Result[] = [];
console.log(`bench:refresh${SMOKE ? " (smoke: 45 tickers, 1 instance, no targets)" : ""} on ${os.availableParallelism()} cores, ${existsSync(compiled) ? "compiled server" : "server through tsx"}, demo latency ${LATENCY_MS} ms per request`);
for (const size of SIZES) {
  for (const instances of INSTANCES) {
    const result = await measure(size, instances);
    results.push(result);
    console.log(
      `${String(size).padStart(5)} tickers, ${instances} instance${instances > 1 ? "s" : " "}: ${result.seconds.toFixed(1).padStart(6)} s, ` +
        `${result.tickersPerSecond.toFixed(1).padStart(6)} tickers/s, /healthz p50 ${result.healthP50.toFixed(1)} ms, p99 ${result.healthP99.toFixed(1)} ms (max ${result.healthMax.toFixed(1)}), ` +
        `event-loop lag p99 ${result.lagP99.toFixed(1)} ms, analysed ${result.analysed}, chunks per instance ${result.chunksByInstance}`,
    );
  }
}

console.log("\nTargets");
const worst = (key: "healthP99" | "lagP99") => Math.max(...results.map((result) => result[key]));
console.log(`event-loop lag p99: worst ${worst("lagP99").toFixed(1)} ms, target ${LAG_TARGET_MS} ms, ratio ${(worst("lagP99") / LAG_TARGET_MS).toFixed(2)}`);
console.log(`/healthz p99:       worst ${worst("healthP99").toFixed(1)} ms, target ${HEALTH_TARGET_MS} ms, ratio ${(worst("healthP99") / HEALTH_TARGET_MS).toFixed(2)}`);
for (const size of SIZES) {
  const one = results.find((result) => result.size === size && result.instances === 1);
  const two = results.find((result) => result.size === size && result.instances === 2);
  if (one && two) console.log(`${size} tickers: 2 instances / 1 = ${(two.tickersPerSecond / one.tickersPerSecond).toFixed(2)}× (target ≥ ${SCALE_TARGET}×)`);
}
const big = results.find((result) => result.size === 5000 && result.instances === 2);
if (big) console.log(`5,000 tickers with 2 instances: ${big.seconds.toFixed(0)} s, target ${BIG_TARGET_S} s, ratio ${(big.seconds / BIG_TARGET_S).toFixed(2)}`);
const single = results.filter((result) => result.instances === 1).sort((a, b) => a.size - b.size);
if (single.length >= 2) {
  const perTicker = single.map((result) => `${result.size}: ${((result.seconds / result.size) * 1000).toFixed(1)} ms`);
  console.log(`cost per ticker, 1 instance (linear when flat): ${perTicker.join(", ")}`);
}
const broken = results.filter((result) => result.analysed < result.size);
if (broken.length > 0) {
  console.log(`FAILED: a run analysed fewer tickers than its universe (${broken.map((result) => `${result.analysed} of ${result.size}`).join(", ")})`);
  process.exitCode = 1;
}
