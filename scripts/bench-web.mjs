// npm run bench:web — the landing page's budgets (decision 008, tightened by decision 021):
//   1. JavaScript for the first paint ≤ 60 KB gzip: `npm run build` (vite build, the landing
//      pre-render, compressed copies), then the scripts the landing page ('/', dist/web/landing.html)
//      loads before it can paint: its <script type=module> and <link rel=modulepreload> tags and their
//      static imports, gzipped. (Scripts the page imports later, after it has painted, do not count.)
//   2. Lighthouse (npx lighthouse@12, mobile form factor by default, Debian Chromium) on the landing
//      page of a fresh production server, three runs (`--runs N` to change), each printed with its
//      scores and FCP, LCP, TBT, CLS and Speed Index: performance ≥ 95 and accessibility, best
//      practices and SEO = 100 in every run.
//   `--path /track-record` (or BENCH_WEB_PATH) audits another page of the same server instead of the
//   landing page; /track-record aims at performance ≥ 90 and accessibility ≥ 95, any other page at
//   accessibility ≥ 95 only (the other scores are printed). `--track-record-calls N` (or
//   BENCH_TRACK_RECORD_CALLS) first stores N calls into the bench server's fresh database, the way
//   `npm run bench:track-record` seeds them (scripts/track-record-seed.ts), so the record is audited
//   at that size (e.g. `npm run bench:web -- --path /track-record --track-record-calls 10000`).
//   `--size-only` skips Lighthouse. `--smoke` (or BENCH_SMOKE=1): the size check alone, on the build
//   `npm run build` made (no rebuild, no Lighthouse); it fails when there is no build, no first-paint
//   script, or the budget is exceeded (a size, not a speed: it does not vary with the machine's load).
// Exits non-zero when a target is missed or Lighthouse cannot run (and says why).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { randomBytes } from "node:crypto";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const distDir = join(root, "dist", "web");
const JS_BUDGET_KB = 60;
const pathArg = process.argv.indexOf("--path");
/** The page Lighthouse audits: the landing page unless `--path` or BENCH_WEB_PATH names another. */
const AUDIT_PATH = (pathArg > 0 ? process.argv[pathArg + 1] : process.env.BENCH_WEB_PATH) || "/";
if (!AUDIT_PATH.startsWith("/")) {
  console.error(`--path must start with '/': ${AUDIT_PATH}`);
  process.exit(2);
}
/** Targets per category; null: printed, not a target. Other pages than the landing page and the track record aim at accessibility only. */
const LIGHTHOUSE_TARGETS =
  AUDIT_PATH === "/"
    ? { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 }
    : AUDIT_PATH.startsWith("/track-record")
      ? { performance: 90, accessibility: 95, "best-practices": null, seo: null }
      : { performance: null, accessibility: 95, "best-practices": null, seo: null };
const seedArg = process.argv.indexOf("--track-record-calls");
/** Calls stored into the bench server's database before it starts (0: none, the record holds the start-up screen's calls). */
const TRACK_RECORD_CALLS = Number.parseInt((seedArg > 0 ? process.argv[seedArg + 1] : process.env.BENCH_TRACK_RECORD_CALLS) ?? "0", 10) || 0;
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
];
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Math.max(1, Number.parseInt(process.argv[runsArg + 1] ?? "3", 10) || 3) : 3;
const CHROME_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROME_FLAGS =
  "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";

let failed = false;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const mark = (ok) => (ok ? "ok  " : "MISS");

function build() {
  console.log("› vite build + prerender-landing + compress-assets (as npm run build)");
  const steps = [
    [join(root, "node_modules", "vite", "bin", "vite.js"), "build"],
    [join(root, "scripts", "prerender-landing.mjs")],
    [join(root, "scripts", "compress-assets.mjs")],
  ];
  for (const args of steps) {
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    if (result.status !== 0) {
      console.error(`${args[0]} failed`);
      process.exit(1);
    }
  }
}

/** The static imports of a built ES module chunk: `import … from "./x.js"` and `import "./x.js"`. */
function staticImportsOf(code) {
  const found = new Set();
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

/** The landing page's first-paint JavaScript: the landing.html entry, its modulepreloads, their static imports. */
function firstPaintChunks() {
  const landing = join(distDir, "landing.html");
  const html = readFileSync(existsSync(landing) ? landing : join(distDir, "index.html"), "utf8");
  const queue = [];
  for (const tag of html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*>/g)) {
    const src = /\bsrc=["']([^"']+)["']/.exec(tag[0]);
    if (src) queue.push(src[1]);
  }
  for (const tag of html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*>/g)) {
    const href = /\bhref=["']([^"']+)["']/.exec(tag[0]);
    if (href) queue.push(href[1]);
  }
  const seen = new Map();
  while (queue.length > 0) {
    const url = queue.shift();
    const path = join(distDir, url.replace(/^\//, ""));
    if (seen.has(path) || !existsSync(path)) continue;
    const code = readFileSync(path);
    seen.set(path, { url, raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
    for (const spec of staticImportsOf(code.toString("utf8"))) {
      const resolved = spec.startsWith(".") ? join(dirname(url), spec).replace(/\\/g, "/") : spec;
      queue.push(resolved);
    }
  }
  return [...seen.values()];
}

function reportSize() {
  const chunks = firstPaintChunks();
  if (chunks.length === 0) {
    console.log("\nLanding page JavaScript for the first paint: none (no module script in dist/web/landing.html)");
    return;
  }
  const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  console.log("\nLanding page JavaScript for the first paint (gzip -9):");
  for (const chunk of chunks) console.log(`  ${kb(chunk.gzip).padStart(7)} KB  (${kb(chunk.raw)} KB raw)  ${chunk.url}`);
  const ok = total <= JS_BUDGET_KB * 1024;
  console.log(`  ${mark(ok)} total ${kb(total)} KB gzip (target ≤ ${JS_BUDGET_KB} KB)`);
  if (!ok) failed = true;
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolvePort(address.port));
    });
  });
}

async function waitForReady(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server was not ready at ${url} after ${timeoutMs / 1000} s`);
}

/** Waits (up to 60 s) until the first daily screen has stored calls in the track record, so the page is audited with data. */
async function waitForTrackRecord(base) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/api/track-record`);
      if (response.ok && (await response.json()).calls > 0) return;
    } catch {
      // not ready yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log("  (the track record had no calls after 60 s: auditing it empty)");
}

function runLighthouse(url, outputPath) {
  return new Promise((resolveRun) => {
    const args = [
      "--yes",
      "lighthouse@12",
      url,
      `--chrome-path=${CHROME_PATH}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      "--output=json",
      `--output-path=${outputPath}`,
      "--quiet",
    ];
    const child = spawn("npx", args, { cwd: root, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk.toString();
    });
    child.on("error", (error) => resolveRun({ code: -1, stderr: String(error) }));
    child.on("exit", (code) => resolveRun({ code: code ?? -1, stderr }));
  });
}

async function lighthouse() {
  if (!existsSync(CHROME_PATH)) {
    console.error(`\nLighthouse cannot run: no Chromium at ${CHROME_PATH} (set CHROMIUM_PATH).`);
    failed = true;
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), "quanta-bench-web-"));
  if (TRACK_RECORD_CALLS > 0) {
    console.log(`\n› storing ${TRACK_RECORD_CALLS} track-record calls into ${dataDir} (scripts/track-record-seed.ts)`);
    const seeded = spawnSync(process.execPath, ["--import", "tsx", join(root, "scripts", "track-record-seed.ts"), "--data-dir", dataDir, "--calls", String(TRACK_RECORD_CALLS)], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: "warn" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    if (seeded.status !== 0) {
      console.error("\nThe track-record calls could not be stored.");
      failed = true;
      rmSync(dataDir, { recursive: true, force: true });
      return;
    }
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`\n› starting the server on ${base} (DATA_DIR ${dataDir})`);
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      // Production mode, as a visitor would see it (compressed static files, production headers).
      NODE_ENV: "production",
      AUTH_SECRET: process.env.AUTH_SECRET || randomBytes(32).toString("hex"),
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // The seeded demo market: the figures must not depend on whether Yahoo Finance answers today.
      MARKET_DATA_PROVIDER: process.env.MARKET_DATA_PROVIDER || "demo",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => {
    if (server.exitCode === null) server.kill("SIGTERM");
  };
  process.on("exit", stop);
  try {
    await waitForReady(`${base}/readyz`, server);
    // Give the public lists a moment to fill, so the audit sees the real landing page.
    await new Promise((r) => setTimeout(r, 3000));
    if (AUDIT_PATH.startsWith("/track-record")) await waitForTrackRecord(base);
    const results = [];
    for (let run = 1; run <= RUNS; run++) {
      const reportPath = join(tmpdir(), `quanta-lighthouse-${Date.now()}-${run}.json`);
      console.log(`\n› run ${run}/${RUNS}: npx lighthouse@12 ${base}${AUDIT_PATH} (mobile)`);
      const result = await runLighthouse(`${base}${AUDIT_PATH}`, reportPath);
      if (result.code !== 0 || !existsSync(reportPath)) {
        const reason = result.stderr.trim().split("\n").slice(-8).join("\n") || `exit code ${result.code}`;
        console.error(`\nLighthouse could not run here:\n${reason}`);
        failed = true;
        return;
      }
      const report = JSON.parse(readFileSync(reportPath, "utf8"));
      if (report.runtimeError) {
        console.error(`\nLighthouse could not audit the page: ${report.runtimeError.code} ${report.runtimeError.message}`);
        failed = true;
        return;
      }
      console.log(`Lighthouse ${report.lighthouseVersion} (${report.configSettings?.formFactor ?? "mobile"}), run ${run}:`);
      const scores = {};
      for (const [id, target] of Object.entries(LIGHTHOUSE_TARGETS)) {
        const category = report.categories?.[id];
        const score = category && typeof category.score === "number" ? Math.round(category.score * 100) : null;
        scores[id] = score;
        if (target === null) {
          console.log(`       ${(category?.title ?? id).padEnd(15)} ${String(score ?? "n/a").padStart(3)}`);
          continue;
        }
        const ok = score !== null && score >= target;
        if (!ok) failed = true;
        console.log(`  ${mark(ok)} ${(category?.title ?? id).padEnd(15)} ${String(score ?? "n/a").padStart(3)} (target ≥ ${target})`);
      }
      const metrics = METRICS.map(([id, name]) => `${name} ${report.audits?.[id]?.displayValue ?? "n/a"}`);
      console.log(`  ${metrics.join(" · ")}`);
      const failing = Object.values(report.audits ?? {})
        .filter((audit) => typeof audit.score === "number" && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
        .map((audit) => `    - ${audit.id}: ${audit.displayValue ?? audit.title}`);
      if (failing.length > 0) console.log(`  audits below 90:\n${failing.slice(0, 15).join("\n")}`);
      console.log(`  full report: ${reportPath}`);
      results.push({ scores, metrics });
    }
    console.log(`\nSummary of ${results.length} runs (load average ${loadavg().map((l) => l.toFixed(2)).join(", ")}):`);
    for (const [index, { scores, metrics }] of results.entries()) {
      const line = Object.entries(scores).map(([id, score]) => `${id} ${score ?? "n/a"}`).join(", ");
      console.log(`  run ${index + 1}: ${line} | ${metrics.join(" · ")}`);
    }
  } catch (error) {
    console.error(`\nLighthouse cannot run: ${error instanceof Error ? error.message : String(error)}`);
    failed = true;
  } finally {
    stop();
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";
if (SMOKE) {
  if (!existsSync(join(distDir, "index.html"))) {
    console.error("bench:web --smoke checks the build: run `npm run build` first.");
    process.exit(1);
  }
  if (firstPaintChunks().length === 0) {
    console.error("bench:web --smoke: the landing page loads no module script; the first-paint check found nothing to measure.");
    failed = true;
  }
} else {
  build();
}
reportSize();
if (!SMOKE && !process.argv.includes("--size-only")) await lighthouse();
process.exit(failed ? 1 : 0);
