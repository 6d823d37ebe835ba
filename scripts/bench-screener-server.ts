// The server side of `npm run bench:screener`, in its own process so the load generator does not share
// its event loop: starts Quanta on the demo market of BENCH_UNIVERSE companies (PGlite, or a scratch
// database on the PostgreSQL of BENCH_DATABASE_URL / TEST_DATABASE_URL), runs one daily screen, signs
// a user up and prints one JSON line.
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { buildApp } from "../src/server/app";
import { createServices } from "../src/server/composition/create-services";
import { createLogger } from "../src/server/logger";
import { loadConfig } from "../src/server/config";
import { openPostgres, wrapPglite } from "../src/server/db/database";
import { createScratchDatabase } from "../src/server/test-support/test-database";
import { CachedMarketDataProvider } from "../src/server/adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "../src/server/adapters/market/demo";
import { benchOutbox, verifiedBenchUser } from "./bench-user";

const universe = Number(process.env.BENCH_UNIVERSE ?? "5000");
const adminUrl = process.env.BENCH_DATABASE === "pglite" ? undefined : (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
const { mail, mails } = benchOutbox();
const config = loadConfig({
  NODE_ENV: "production",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-00",
  LOG_LEVEL: "warn",
  APP_URL: "http://127.0.0.1:3999",
  DEMO_UNIVERSE_SIZE: String(universe),
});
const scratch = adminUrl ? await createScratchDatabase(adminUrl, "quanta_bench") : undefined;
const database = scratch ? await openPostgres(scratch.url, { migrate: true, onIdleClientError: () => undefined }) : await wrapPglite(await PGlite.create(), { migrate: true });
const logger = createLogger(config);
const services = createServices(config, {
  database,
  logger,
  now: () => new Date(),
  market: new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42, universeSize: universe })),
});
const app = await buildApp(config, { services: Promise.resolve(services), logger, mail, outbox: undefined, authSecret: config.authSecret!, webRoot: undefined });
await app.listen({ host: "127.0.0.1", port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const { jwt } = await verifiedBenchUser(base, config.appUrl, mails);

const started = performance.now();
await services.publicRefresh.refresh();
const refreshSeconds = (performance.now() - started) / 1000;
const stocks = (await services.publicAnalyses.list()).length;

process.stdout.write(`${JSON.stringify({ quanta: base, jwt, stocks, refreshSeconds, database: scratch ? `PostgreSQL (${new URL(adminUrl!).host})` : "PGlite" })}\n`);
process.on("SIGTERM", () => {
  void app
    .close()
    .then(() => services.close())
    .then(() => database.close())
    .then(() => scratch?.drop())
    .then(() => process.exit(0));
});
