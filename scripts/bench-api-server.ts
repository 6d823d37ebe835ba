// The server side of `npm run bench:api`, in its own process so the load generator does not share
// its event loop: starts Quanta (in-memory PGlite, demo market, LOG_LEVEL=warn) and a bare Node http
// server answering the public list's bytes, signs in a premium user, and prints one JSON line.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { buildApp } from "../src/server/app";
import { createServices } from "../src/server/composition/create-services";
import { createLogger } from "../src/server/logger";
import { loadConfig } from "../src/server/config";
import { wrapPglite } from "../src/server/db/database";
import { stripeCustomers } from "../src/server/db/schema";
import { CachedMarketDataProvider } from "../src/server/adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "../src/server/adapters/market/demo";
import { benchOutbox, verifiedBenchUser } from "./bench-user";

const { mail, mails } = benchOutbox();
const config = loadConfig({
  NODE_ENV: "production",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-00",
  LOG_LEVEL: "warn",
  APP_URL: "http://127.0.0.1:3999",
});
const database = await wrapPglite(await PGlite.create(), { migrate: true });
const logger = createLogger(config);
const services = createServices(config, {
  database,
  logger,
  now: () => new Date(),
  market: new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42 })),
});
const app = await buildApp(config, { services: Promise.resolve(services), logger, mail, outbox: undefined, authSecret: config.authSecret!, webRoot: undefined });
await app.listen({ host: "127.0.0.1", port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const { email, jwt } = await verifiedBenchUser(base, config.appUrl, mails);
await database.db.insert(stripeCustomers).values({ email, status: "active" });

await services.publicRefresh.refresh();
const plain = Buffer.from(await (await fetch(`${base}/api/public-buy-stocks`, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
const gzip = gzipSync(plain);
const bare = createServer((request, response) => {
  const zipped = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
  const body = zipped ? gzip : plain;
  response.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "content-length": body.length,
    ...(zipped ? { "content-encoding": "gzip" } : {}),
  });
  response.end(body);
});
await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));

process.stdout.write(
  `${JSON.stringify({
    quanta: base,
    bare: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
    jwt,
    plainBytes: plain.length,
    gzipBytes: gzip.length,
    analyses: (JSON.parse(plain.toString()) as { analyses: unknown[] }).analyses.length,
  })}\n`,
);
// The client asks for this process's CPU time around each round of load ("cpu" → one JSON line).
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line === "cpu") process.stdout.write(`${JSON.stringify(process.cpuUsage())}\n`);
});
process.on("SIGTERM", () => {
  bare.close();
  void app.close().then(() => services.close()).then(() => database.close()).then(() => process.exit(0));
});
