// npm run bench:smoke — every benchmark in its smoke mode (`--smoke`: tiny sizes, one or two
// iterations, the real code path end to end, no speed targets), one after the other, as part of
// `npm test` (after the build: bench:startup runs the compiled server, bench:web checks the built
// landing page). A benchmark that no longer runs fails the test run. Prints each one's time.
// The ones on PostgreSQL use TEST_DATABASE_URL when set, else PGlite (bench:refresh, which needs
// PostgreSQL for its several instances, says it skipped).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const names = Object.keys(scripts).filter((name) => name.startsWith("bench:") && name !== "bench:smoke");
/** A smoke run that takes longer than this is stuck: it fails rather than holding `npm test` up. */
const TIMEOUT_MS = 180_000;

const results = [];
const started = performance.now();
for (const name of names) {
  console.log(`\n› npm run ${name} -- --smoke`);
  // The script's own command (`node …`), run directly so that the time-out stops the benchmark itself.
  const [command, ...args] = scripts[name].split(" ");
  if (command !== "node") throw new Error(`${name} is not a plain node command: ${scripts[name]}`);
  const began = performance.now();
  const run = spawnSync(process.execPath, [...args, "--smoke"], { cwd: root, stdio: "inherit", env: { ...process.env, BENCH_SMOKE: "1" }, timeout: TIMEOUT_MS });
  const seconds = (performance.now() - began) / 1000;
  const ok = run.status === 0;
  results.push({ name, seconds, ok });
  if (!ok) console.log(`✗ ${name} --smoke FAILED (${run.error?.code === "ETIMEDOUT" ? `stopped after ${TIMEOUT_MS / 1000} s` : `exit ${run.status ?? run.signal}`})`);
}

console.log(`\nBenchmark smoke runs (load average ${loadavg().map((value) => value.toFixed(2)).join(", ")}):`);
for (const { name, seconds, ok } of results) console.log(`  ${ok ? "ok  " : "FAIL"} ${name.padEnd(20)} ${seconds.toFixed(1).padStart(5)} s`);
console.log(`  total ${((performance.now() - started) / 1000).toFixed(1)} s`);
const failed = results.filter((result) => !result.ok);
if (failed.length > 0) {
  console.log(`\n${failed.length} benchmark${failed.length > 1 ? "s" : ""} no longer run${failed.length > 1 ? "" : "s"}: ${failed.map((result) => result.name).join(", ")}`);
  process.exit(1);
}
