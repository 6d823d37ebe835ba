// npm run bench:api — the research API's speed on this machine, over loopback. The servers run in a
// child process (scripts/bench-api-server.ts); this process is the client and load generator.
// 1. POST /research/stocks/ on the demo market with a warm cache: median time per request
//    (target ≤ 20 ms). Timed at the client, so it is an upper bound of the server time.
// 2. GET /api/public-buy-stocks under 50 connections for 10 s (autocannon), as browsers ask for it
//    (Accept-Encoding: gzip): throughput against a bare Node http server sending the same bytes in
//    the same run (target ≥ 70%), and p99 latency (target ≤ 20 ms).
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import autocannon from "autocannon";

const ANALYZE_TARGET_MS = 20;
const THROUGHPUT_TARGET = 0.7;
const P99_TARGET_MS = 20;
const CONNECTIONS = 50;
const DURATION_S = 10;

interface ServerInfo {
  quanta: string;
  bare: string;
  jwt: string;
  plainBytes: number;
  gzipBytes: number;
  analyses: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { "accept-encoding": "gzip" } });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main(): Promise<void> {
  console.log(`Quanta API benchmark — Node ${process.version}, ${process.platform}/${process.arch}; servers in a child process, LOG_LEVEL=warn`);
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench-api-server.ts"], { stdio: ["ignore", "pipe", "inherit"] });
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const info = JSON.parse(firstLine) as ServerInfo;
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
    console.log("\nPOST /research/stocks/ (demo market, warm cache, premium user, sequential)");
    for (let k = 0; k < 20; k++) await analyze();
    const times: number[] = [];
    for (let k = 0; k < 200; k++) times.push(await analyze());
    const analyzeMedian = median(times);
    const p90 = [...times].sort((a, b) => a - b)[179]!;
    console.log(`  median ${analyzeMedian.toFixed(2)} ms, p90 ${p90.toFixed(2)} ms over 200 requests — target ≤ ${ANALYZE_TARGET_MS} ms: ${analyzeMedian <= ANALYZE_TARGET_MS ? "met" : "NOT met"}`);

    console.log(`\nGET /api/public-buy-stocks — ${CONNECTIONS} connections, ${DURATION_S} s each, Accept-Encoding: gzip`);
    console.log(`  body: ${info.analyses} analyses, ${info.plainBytes.toLocaleString("en-US")} bytes (${info.gzipBytes.toLocaleString("en-US")} gzipped)`);
    const ours = await load(`${info.quanta}/api/public-buy-stocks`);
    const baseline = await load(`${info.bare}/`);
    const ratio = ours.rps / baseline.rps;
    console.log(`  Quanta:         ${Math.round(ours.rps).toLocaleString("en-US")} req/s, p99 ${ours.p99} ms, errors ${ours.errors}`);
    console.log(`  bare node http: ${Math.round(baseline.rps).toLocaleString("en-US")} req/s, p99 ${baseline.p99} ms`);
    console.log(`  throughput ratio ${(ratio * 100).toFixed(0)}% — target ≥ ${THROUGHPUT_TARGET * 100}%: ${ratio >= THROUGHPUT_TARGET ? "met" : "NOT met"}`);
    console.log(`  p99 ${ours.p99} ms — target ≤ ${P99_TARGET_MS} ms: ${ours.p99 <= P99_TARGET_MS ? "met" : "NOT met"}`);
    if (analyzeMedian > ANALYZE_TARGET_MS || ratio < THROUGHPUT_TARGET || ours.p99 > P99_TARGET_MS || ours.errors > 0) process.exitCode = 1;
  } finally {
    child.kill("SIGTERM");
  }
}

await main();
