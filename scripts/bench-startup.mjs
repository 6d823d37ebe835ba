// npm run bench:startup — launches the server as `npm start` does (after the web build exists) on a
// fresh DATA_DIR several times and prints how long /healthz and /readyz take to answer.
// Targets (issue 2): /healthz within 2 s, /readyz within 10 s.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3990);
const HEALTH_TARGET_MS = 2000;
const READY_TARGET_MS = 10000;

async function firstOk(url, started, deadlineMs) {
  while (performance.now() - started < deadlineMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Number.POSITIVE_INFINITY;
}

const results = [];
for (let run = 1; run <= RUNS; run++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "quanta-bench-"));
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { MARKET_DATA_PROVIDER: "demo", ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  const health = await firstOk(`http://127.0.0.1:${PORT}/healthz`, started, 30000);
  const ready = await firstOk(`http://127.0.0.1:${PORT}/readyz`, started, 60000);
  child.kill("SIGTERM");
  await new Promise((resolve) => child.on("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
  results.push({ health, ready });
  console.log(`run ${run}: /healthz ${health.toFixed(0)} ms, /readyz ${ready.toFixed(0)} ms (fresh DATA_DIR)`);
}
const worst = (key) => Math.max(...results.map((r) => r[key]));
const median = (key) => results.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(results.length / 2)];
console.log(
  `\n/healthz: median ${median("health").toFixed(0)} ms, worst ${worst("health").toFixed(0)} ms, target ${HEALTH_TARGET_MS} ms, ratio ${(worst("health") / HEALTH_TARGET_MS).toFixed(2)}`,
);
console.log(
  `/readyz:  median ${median("ready").toFixed(0)} ms, worst ${worst("ready").toFixed(0)} ms, target ${READY_TARGET_MS} ms, ratio ${(worst("ready") / READY_TARGET_MS).toFixed(2)}`,
);
if (worst("health") > HEALTH_TARGET_MS || worst("ready") > READY_TARGET_MS) {
  console.log("MISSED a start-up target");
  process.exitCode = 1;
}
