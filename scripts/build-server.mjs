// Compiles the server, the CLI and their worker-thread modules to plain JavaScript in dist/server/,
// so `npm start` and `quanta` run without a TypeScript loader (decision 025). Part of `npm run build`;
// scripts/build-if-missing.mjs runs it when the bundle is missing or older than the sources. Then it
// makes dist/pglite/<key>.tar.gz, the migrated database a fresh DATA_DIR starts from, unless the one
// for the current PGlite and migrations exists.
//
// esbuild, npm packages external (imported from node_modules at run time). Code splitting is on, so
// start.ts can open the port before `import("./main")` loads the heavy modules; every entry and
// every shared chunk lands in the same flat folder, so a module that starts a worker finds it beside
// itself wherever esbuild put that module (`new URL("./analysis-worker.mjs", import.meta.url)`,
// backtest-command.ts's `backtest-worker.mjs`), and project-root.ts finds package.json above it.
import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_OUT_DIR = path.join(root, "dist/server");

/** Output name -> source. A worker entry whose source does not exist yet is skipped, not an error. */
export const SERVER_ENTRIES = [
  // The process entry: listens first, then imports main.ts (decision 025).
  { out: "main", source: "src/server/start.ts" },
  { out: "cli", source: "src/cli/main.ts" },
  // The refresh's analysis threads (jobs/analysis-pool.ts resolves it beside the server's chunks).
  { out: "analysis-worker", source: "src/server/jobs/analysis-worker.ts" },
  { out: "backtest-worker", source: "src/cli/backtest/backtest-worker.ts" },
  // Run once below: the migrated database a fresh DATA_DIR starts from (db/pglite-template.ts).
  { out: "make-pglite-template", source: "src/server/db/make-pglite-template.ts" },
];

export async function buildServer({ quiet = false } = {}) {
  const started = performance.now();
  const present = SERVER_ENTRIES.filter((entry) => existsSync(path.join(root, entry.source)));
  for (const entry of SERVER_ENTRIES) {
    if (!present.includes(entry) && !entry.optional) throw new Error(`build-server: ${entry.source} is missing`);
    if (!present.includes(entry) && !quiet) console.log(`build-server: skipped ${entry.source} (not written yet)`);
  }
  // Built beside, then swapped in: a server or `quanta` starting meanwhile never sees half a folder.
  const building = `${SERVER_OUT_DIR}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: present.map((entry) => ({ in: entry.source, out: entry.out })),
    outdir: building,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    splitting: true,
    // Flat, beside the entries (never a sub-folder: see above).
    chunkNames: "[name]-[hash]",
    logLevel: quiet ? "error" : "warning",
    metafile: true,
  });
  const previous = `${SERVER_OUT_DIR}.previous-${process.pid}`;
  if (existsSync(SERVER_OUT_DIR)) renameSync(SERVER_OUT_DIR, previous);
  try {
    renameSync(building, SERVER_OUT_DIR);
  } catch (error) {
    // Another build (a second `npm start` at the same moment) put its folder there first: same sources.
    if (!existsSync(SERVER_OUT_DIR)) throw error;
    rmSync(building, { recursive: true, force: true });
  }
  rmSync(previous, { recursive: true, force: true });
  const template = spawnSync(process.execPath, [path.join(SERVER_OUT_DIR, "make-pglite-template.mjs")], { cwd: root, stdio: quiet ? "ignore" : "inherit" });
  if (template.status !== 0) throw new Error("build-server: making the PGlite template failed");
  if (!quiet) {
    const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith(".mjs"));
    const bytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0);
    console.log(
      `build-server: ${present.length} entries, ${outputs.length} files, ${(bytes / 1024).toFixed(0)} KiB in dist/server (${(performance.now() - started).toFixed(0)} ms)`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
