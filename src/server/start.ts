/**
 * The process entry of `npm start` (dist/server/main.mjs, decision 025): opens the port before the
 * app's modules load, so /healthz answers within a second of the process starting, and starts copying
 * the template database for a new DATA_DIR (db/pglite-template.ts); then runs main.ts, which builds
 * the app and hands it the port. An invalid configuration is left to main.ts to report.
 */
// First, so that an old Node.js stops with a clear message before the other modules load.
import "./require-supported-node";
import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfigFromEnvironment } from "./config";
import { startPgliteTemplateCopy } from "./db/pglite-template";
import { openEarlyListener } from "./early-listener";

if (existsSync(".env")) process.loadEnvFile(".env");
let config: ReturnType<typeof loadConfigFromEnvironment> | undefined;
try {
  config = loadConfigFromEnvironment();
} catch {
  config = undefined;
}
// 'localhost' is left to Fastify, which listens on both of its addresses (127.0.0.1 and ::1).
if (config && config.host !== "localhost") {
  try {
    await openEarlyListener({ host: config.host, port: config.port, timeouts: config.timeouts });
  } catch (error) {
    // The port is taken (or not allowed): said once, plainly, as Fastify's listen would.
    process.stderr.write(`Cannot listen on ${config.host}:${String(config.port)}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
// A new embedded database is copied from the build's template while the app's modules load.
if (config && !config.databaseUrl) startPgliteTemplateCopy(path.join(config.dataDir, "pg"));
await import("./main");
