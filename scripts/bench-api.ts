// npm run bench:api — the research API's speed on this machine, over loopback. The servers run in a
// child process (scripts/bench-api-server.ts); this process is the client and load generator.
// 1. POST /research/stocks/ on the demo market with a warm cache: median time per request
//    (target ≤ 20 ms). Timed at the client, so it is an upper bound of the server time.
// 2. GET /api/public-buy-stocks under 50 connections (autocannon), as browsers ask for it
//    (Accept-Encoding: gzip), against a bare Node http server sending the same bytes: 4 rounds of
//    2.5 s each, the two servers taking turns, so that a change in the machine's load hits both.
//    Prints requests per second, the throughput ratio (target ≥ 70% of bare Node), p99 latency over
//    every response (target ≤ 25 ms), the servers' CPU time per request and the load averages.
// `--smoke` (or BENCH_SMOKE=1): a few seconds, tiny sizes; fails only when the code path is broken
// (a refused sign-up, an error answer, a wrong body), never on a speed target.
import { spawn } from "node:child_process";
import os from "node:os";
import { createInterface } from "node:readline";
import autocannon from "autocannon";

const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";
const ANALYZE_TARGET_MS = 20;
const THROUGHPUT_TARGET = 0.7;
const P99_TARGET_MS = 25;
const CONNECTIONS = SMOKE ? 10 : 50;
const ROUNDS = SMOKE ? 1 : 4;
const ROUND_SECONDS = SMOKE ? 1 : 2.5;
const ANALYZE_WARM_UP = SMOKE ? 2 : 20;
const ANALYZE_TIMED = SMOKE ? 5 : 200;

interface ServerInfo {
  quanta: string;
  bare: string;
  jwt: string;
  plainBytes: number;
  gzipBytes: number;
  analyses: number;
}

interface Load {
  requests: number;
  seconds: number;
  errors: number;
  latencies: number[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

/** One round of load on `url`; every response's latency is kept, so p99 spans all rounds. */
async function load(url: string, into: Load): Promise<void> {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: ROUND_SECONDS, headers: { "accept-encoding": "gzip" } }, (error, finished) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(finished),
    );
    instance.on("response", (_client, _status, _bytes, ms) => into.latencies.push(ms));
  });
  into.requests += result.requests.total;
  into.seconds += result.duration;
  into.errors += result.errors + result.non2xx + result.timeouts;
}

async function main(): Promise<void> {
  console.log(
    `Quanta API benchmark${SMOKE ? " (smoke: tiny sizes, no targets)" : ""} — Node ${process.version}, ${process.platform}/${process.arch}, ` +
      `${os.availableParallelism()} cores, load average ${loadAverage()}; servers in a child process, LOG_LEVEL=warn`,
  );
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench-api-server.ts"], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout! });
  const exited = new Promise<never>((_resolve, reject) => child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`))));
  exited.catch(() => undefined);
  const nextLine = () => Promise.race([new Promise<string>((resolve) => lines.once("line", resolve)), exited]);
  /** The server process's CPU time so far (µs, user + system). */
  const serverCpu = async () => {
    child.stdin!.write("cpu\n");
    const { user, system } = JSON.parse(await nextLine()) as { user: number; system: number };
    return user + system;
  };
  const info = JSON.parse(await nextLine()) as ServerInfo;
  try {
    const csrf = "bench-csrf-token-0123456789abcdef0123456789";
    const headers = { authorization: `Bearer ${info.jwt}`, "x-csrftoken": csrf, cookie: `csrftoken=${csrf}` };
    const analyze = async () => {
      const form = new FormData();
      form.set("input", "NWSC");
      const started = performance.now();
      const response = await fetch(`${info.quanta}/research/stocks/`, { method: "POST", headers, body: form });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`analyze answered ${response.status}`);
      return performance.now() - started;
    };
    console.log(`\nPOST /research/stocks/ (demo market, warm cache, premium user, sequential)`);
    for (let k = 0; k < ANALYZE_WARM_UP; k++) await analyze();
    const times: number[] = [];
    for (let k = 0; k < ANALYZE_TIMED; k++) times.push(await analyze());
    const analyzeMedian = percentile(times, 50);
    console.log(
      `  median ${analyzeMedian.toFixed(2)} ms, p90 ${percentile(times, 90).toFixed(2)} ms over ${ANALYZE_TIMED} requests — target ≤ ${ANALYZE_TARGET_MS} ms: ${analyzeMedian <= ANALYZE_TARGET_MS ? "met" : "NOT met"}`,
    );

    // The list as a browser gets it: gzipped (fetch unzips it), with every analysis of the plain answer.
    const listed = await fetch(`${info.quanta}/api/public-buy-stocks`, { headers: { "accept-encoding": "gzip" } });
    if (listed.status !== 200 || listed.headers.get("content-encoding") !== "gzip") throw new Error(`the public list answered ${listed.status}, content-encoding ${listed.headers.get("content-encoding")}`);
    const document = (await listed.json()) as { analyses: unknown[] };
    if (document.analyses.length !== info.analyses || info.analyses === 0) throw new Error(`the public list holds ${document.analyses.length} analyses, expected ${info.analyses} (> 0)`);

    console.log(`\nGET /api/public-buy-stocks — ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s per server, taking turns, Accept-Encoding: gzip`);
    console.log(`  body: ${info.analyses} analyses, ${info.plainBytes.toLocaleString("en-US")} bytes (${info.gzipBytes.toLocaleString("en-US")} gzipped)`);
    const ours: Load = { requests: 0, seconds: 0, errors: 0, latencies: [] };
    const baseline: Load = { requests: 0, seconds: 0, errors: 0, latencies: [] };
    let oursCpu = 0;
    let baselineCpu = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let before = await serverCpu();
      await load(`${info.quanta}/api/public-buy-stocks`, ours);
      oursCpu += (await serverCpu()) - before;
      before = await serverCpu();
      await load(`${info.bare}/`, baseline);
      baselineCpu += (await serverCpu()) - before;
    }
    const rps = (run: Load) => run.requests / run.seconds;
    const ratio = rps(ours) / rps(baseline);
    const p99 = percentile(ours.latencies, 99);
    const line = (name: string, run: Load, cpu: number) =>
      `  ${name} ${Math.round(rps(run)).toLocaleString("en-US")} req/s, p50 ${percentile(run.latencies, 50).toFixed(1)} ms, p99 ${percentile(run.latencies, 99).toFixed(1)} ms, ` +
      `server CPU ${(cpu / run.requests).toFixed(0)} µs per request, errors ${run.errors}`;
    console.log(line("Quanta:        ", ours, oursCpu));
    console.log(line("bare node http:", baseline, baselineCpu));
    console.log(`  throughput ratio ${(ratio * 100).toFixed(0)}% — target ≥ ${THROUGHPUT_TARGET * 100}%: ${ratio >= THROUGHPUT_TARGET ? "met" : "NOT met"}`);
    console.log(`  p99 ${p99.toFixed(1)} ms — target ≤ ${P99_TARGET_MS} ms: ${p99 <= P99_TARGET_MS ? "met" : "NOT met"}`);
    console.log(`  load average after: ${loadAverage()}`);
    if (ours.errors > 0 || ours.requests === 0 || baseline.requests === 0) {
      console.log("FAILED: the public list answered errors (or nothing)");
      process.exitCode = 1;
    } else if (!SMOKE && (analyzeMedian > ANALYZE_TARGET_MS || ratio < THROUGHPUT_TARGET || p99 > P99_TARGET_MS)) {
      process.exitCode = 1;
    }
  } finally {
    child.kill("SIGTERM");
  }
}

await main();
