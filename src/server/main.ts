import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfigFromEnvironment, type AppConfig } from "./config";
import { buildApp, defaultWebRoot } from "./app";
import { openDatabase } from "./db/database";
import { DataDirLockedError } from "./db/data-dir-lock";
import { createMailSender } from "./adapters/mail/mail-registry";
import { createMarketDataProvider } from "./adapters/market/market-registry";
import { DatabaseMarketCacheStore } from "./adapters/market/market-cache-store";
import type { MarketCacheLog } from "./adapters/market/cached-market-data-provider";
import { schedulePublicRefresh } from "./jobs/public-refresh-schedule";

/**
 * Outside production an AUTH_SECRET may be omitted: one is generated once and kept in DATA_DIR, so
 * sessions survive restarts. Production refuses to start without one (config.ts).
 */
function resolveAuthSecret(config: AppConfig): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

async function main(): Promise<void> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  let config: AppConfig;
  try {
    config = loadConfigFromEnvironment();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example and the README's configuration table.\n`);
      process.exit(1);
    }
    throw error;
  }

  const { sender: mail, outbox } = createMailSender(config, (line) => process.stdout.write(`\n✉  ${line}\n\n`));
  // The database opens after the server listens: /healthz answers at once, /readyz once it is open.
  let openNow: () => void = () => undefined;
  const database = new Promise<void>((resolve) => {
    openNow = resolve;
  }).then(() => openDatabase(config));
  // Market-data warnings go to the application log, which exists once the app is built.
  const marketLog: { to?: MarketCacheLog } = {};
  const market = createMarketDataProvider(config, {
    store: new DatabaseMarketCacheStore(database.then((handle) => handle.db)),
    log: { warn: (fields, message) => marketLog.to?.warn(fields, message) },
  });
  const app = await buildApp(config, {
    database,
    mail,
    outbox,
    authSecret: resolveAuthSecret(config),
    webRoot: defaultWebRoot,
    market,
  });
  marketLog.to = { warn: (fields, message) => app.log.warn(fields, message) };

  database.catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`\n${error.message}\n\n`);
    } else {
      app.log.fatal({ err: error }, "could not open the database");
    }
    process.exit(1);
  });

  let schedule: { stop(): void } | undefined;
  void database.then(async () => {
    schedule = schedulePublicRefresh((await app.quantaServices()).publicRecommendations, config.research.publicRefreshCron, app.log);
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      schedule?.stop();
      await app.close();
      await (await database).close();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ host: config.host, port: config.port });
  openNow();
  app.log.info(`${config.brand} is running on ${config.appUrl} (database: ${config.databaseUrl ? "PostgreSQL" : "embedded PGlite in " + config.dataDir})`);
}

await main();
