// The server side of `npm run bench:screener`, in its own process so the load generator does not share
// its event loop: starts Quanta on the demo market of BENCH_UNIVERSE companies (PGlite, or a scratch
// database on the PostgreSQL of BENCH_DATABASE_URL / TEST_DATABASE_URL), runs one daily screen, signs
// a user up and prints one JSON line.
import { randomBytes } from "node:crypto";
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
import type { MailMessage, MailSender } from "../src/server/adapters/mail/mail-sender";

const universe = Number(process.env.BENCH_UNIVERSE ?? "5000");
const adminUrl = process.env.BENCH_DATABASE === "pglite" ? undefined : (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
const mails: MailMessage[] = [];
const mail: MailSender = { kind: "outbox", send: async (m) => void mails.push(m) };
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

const email = "bench@example.com";
const origin = { origin: config.appUrl, "content-type": "application/json" };
const password = `correct-horse-battery-staple-${randomBytes(9).toString("base64url")}`;
const signUp = await fetch(`${base}/api/auth/sign-up/email`, { method: "POST", headers: origin, body: JSON.stringify({ email, password, name: "bench" }) });
if (!signUp.ok) throw new Error(`the bench user's sign-up answered ${signUp.status}: ${await signUp.text()}`);
const verification = mails.at(-1)?.links[0];
if (!verification) throw new Error("the bench user's sign-up sent no verification e-mail");
const verified = await fetch(`${base}/api/auth/verify-email?token=${new URL(verification).searchParams.get("token")!}`);
const cookie = verified.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
const jwt = ((await (await fetch(`${base}/api/auth/token`, { headers: { cookie } })).json()) as { token: string }).token;

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
