// npm run bench:startup — launches the compiled server as `npm start` does (`node dist/server/main.mjs`,
// after `npm run build`) on a fresh DATA_DIR with the demo market, several times, and prints how long
// /healthz and /readyz take to answer from the process's start, and when the first run of the daily
// screen finished (GET /api/public-lists/status). Targets (issue 17): /healthz ≤ 1 s, /readyz ≤ 3 s.
// BENCH_RUNS (default 5), BENCH_PORT (3990); `--tsx` runs src/server/main.ts through tsx instead,
// to compare with the TypeScript loader.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3990);
const HEALTH_TARGET_MS = 1000;
const READY_TARGET_MS = 3000;
const viaTsx = process.argv.includes("--tsx");
const command = viaTsx ? ["--import", "tsx", "src/server/main.ts"] : ["dist/server/main.mjs"];

if (!viaTsx && !existsSync(path.join(root, "dist/server/main.mjs"))) {
  console.error("dist/server/main.mjs is missing: run `npm run build` first.");
  process.exit(1);
}

/** Time (ms since `started`) of the first answer for which `accept` holds, polling every 10 ms. */
async function firstAnswer(url, started, deadlineMs, accept) {
  while (performance.now() - started < deadlineMs) {
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
  const started = performance.now();
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: { ...process.env, MARKET_DATA_PROVIDER: "demo", DATA_DIR: dataDir, PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${PORT}`;
  const health = await firstAnswer(`${base}/healthz`, started, 30_000, (response) => response.ok);
  const ready = await firstAnswer(`${base}/readyz`, started, 60_000, (response) => response.ok);
  // The first run of the daily screen has finished (a server without the status endpoint: the lists
  // are no longer empty).
  const hasStatus = (await fetch(`${base}/api/public-lists/status`).catch(() => null))?.status !== 404;
  const listed = hasStatus
    ? await firstAnswer(`${base}/api/public-lists/status`, started, 180_000, (response, body) => response.ok && body?.refreshing === false)
    : await firstAnswer(`${base}/api/public-buy-stocks`, started, 180_000, (response, body) => response.ok && body?.analyses?.length > 0);
  child.kill("SIGTERM");
  await new Promise((resolve) => child.on("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
  results.push({ health, ready, listed });
  console.log(
    `run ${run}: /healthz ${health.toFixed(0)} ms, /readyz ${ready.toFixed(0)} ms, first screen finished ${listed.toFixed(0)} ms (fresh DATA_DIR)`,
  );
}
const sorted = (key) => results.map((r) => r[key]).sort((a, b) => a - b);
const median = (key) => sorted(key)[Math.floor(results.length / 2)];
const worst = (key) => sorted(key).at(-1);
const line = (name, key, target) =>
  `${name} median ${median(key).toFixed(0)} ms, worst ${worst(key).toFixed(0)} ms` +
  (target ? `, target ${target} ms, ratio worst/target ${(worst(key) / target).toFixed(2)}` : "");
console.log(`\n${viaTsx ? "tsx src/server/main.ts" : "node dist/server/main.mjs"}, ${RUNS} runs, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
console.log(line("/healthz:", "health", HEALTH_TARGET_MS));
console.log(line("/readyz: ", "ready", READY_TARGET_MS));
console.log(line("lists:   ", "listed"));
if (worst("health") > HEALTH_TARGET_MS || worst("ready") > READY_TARGET_MS) {
  console.log("MISSED a start-up target");
  process.exitCode = 1;
}
