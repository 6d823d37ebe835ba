// npm run bench:startup — launches the compiled server as `npm start` does (`node dist/server/main.mjs`,
// after `npm run build`) on a fresh DATA_DIR with the demo market, several times, and prints how long
// /healthz and /readyz take to answer from the process's start, and when the first run of the daily
// screen finished (GET /api/public-lists/status). Targets: /healthz ≤ 1 s, /readyz ≤ 3 s.
// BENCH_RUNS (default 5), BENCH_PORT (default: a free port); `--tsx` runs src/server/main.ts through tsx instead,
// to compare with the TypeScript loader. `--smoke` (or BENCH_SMOKE=1): one run, without waiting
// for the first screen; fails only when /healthz, /readyz or the lists' status never answer, never
// on a time target.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";
const RUNS = SMOKE ? 1 : Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_PORT, else a port free now (a fixed one could be another bench's server). */
async function freePort() {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}
const HEALTH_TARGET_MS = 1000;
const READY_TARGET_MS = 3000;
const viaTsx = process.argv.includes("--tsx");
const command = viaTsx ? ["--import", "tsx", "src/server/main.ts"] : ["dist/server/main.mjs"];

if (!viaTsx && !existsSync(path.join(root, "dist/server/main.mjs"))) {
  console.error("dist/server/main.mjs is missing: run `npm run build` first.");
  process.exit(1);
}

/** Time (ms since `started`) of the first answer for which `accept` holds, polling every 10 ms; Infinity if the server exits first. */
async function firstAnswer(url, started, deadlineMs, accept, child) {
  while (performance.now() - started < deadlineMs && child.exitCode === null) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      const body = await response.json().catch(() => null);
      if (accept(response, body)) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Number.POSITIVE_INFINITY;
}

const results = [];
for (let run = 1; run <= RUNS; run++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "quanta-bench-"));
  const PORT = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: { ...process.env, MARKET_DATA_PROVIDER: "demo", DATA_DIR: dataDir, PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${PORT}`;
  const health = await firstAnswer(`${base}/healthz`, started, 30_000, (response) => response.ok, child);
  const ready = await firstAnswer(`${base}/readyz`, started, 60_000, (response) => response.ok, child);
  // The first run of the daily screen has finished (a server without the status endpoint: the lists
  // are no longer empty).
  const status = await fetch(`${base}/api/public-lists/status`).catch(() => null);
  const hasStatus = status?.status !== 404;
  // The smoke run only checks that the lists' status answers (the first screen takes a while).
  const listed = SMOKE
    ? status?.ok
      ? Number.NaN
      : Number.POSITIVE_INFINITY
    : hasStatus
    ? await firstAnswer(`${base}/api/public-lists/status`, started, 180_000, (response, body) => response.ok && body?.refreshing === false, child)
    : await firstAnswer(`${base}/api/public-buy-stocks`, started, 180_000, (response, body) => response.ok && body?.analyses?.length > 0, child);
  if (child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.on("exit", resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
  results.push({ health, ready, listed });
  console.log(
    `run ${run}: /healthz ${health.toFixed(0)} ms, /readyz ${ready.toFixed(0)} ms, ` +
      (SMOKE ? `lists' status ${Number.isNaN(listed) ? "answered" : "DID NOT answer"}` : `first screen finished ${listed.toFixed(0)} ms`) +
      " (fresh DATA_DIR)",
  );
}
const sorted = (key) => results.map((r) => r[key]).sort((a, b) => a - b);
const median = (key) => sorted(key)[Math.floor(results.length / 2)];
const worst = (key) => sorted(key).at(-1);
const line = (name, key, target) =>
  `${name} median ${median(key).toFixed(0)} ms, worst ${worst(key).toFixed(0)} ms` +
  (target ? `, target ${target} ms, ratio worst/target ${(worst(key) / target).toFixed(2)}` : "");
console.log(`\n${viaTsx ? "tsx src/server/main.ts" : "node dist/server/main.mjs"}${SMOKE ? " (smoke: no targets)" : ""}, ${RUNS} runs, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
console.log(line("/healthz:", "health", HEALTH_TARGET_MS));
console.log(line("/readyz: ", "ready", READY_TARGET_MS));
if (!SMOKE) console.log(line("lists:   ", "listed"));
const never = results.some((result) => result.health === Number.POSITIVE_INFINITY || result.ready === Number.POSITIVE_INFINITY || result.listed === Number.POSITIVE_INFINITY);
if (never) {
  console.log("FAILED: the server never answered (see above)");
  process.exitCode = 1;
} else if (!SMOKE && (worst("health") > HEALTH_TARGET_MS || worst("ready") > READY_TARGET_MS)) {
  console.log("MISSED a start-up target");
  process.exitCode = 1;
}
