// First, so that an old Node.js stops with a clear message before the other modules load.
import "./require-supported-node";
import { existsSync } from "node:fs";
import os from "node:os";
import { ConfigError, loadConfigFromEnvironment, type AppConfig } from "./config";
import { buildApp, defaultWebRoot } from "./app";
import { DataDirDamagedError, openDatabase } from "./db/database";
import { DataDirLockedError } from "./db/data-dir-lock";
import { createMailSender } from "./adapters/mail/mail-registry";
import { createServices } from "./composition/create-services";
import { resolveMarketConfig } from "./adapters/market/market-registry";
import { createLogger } from "./logger";
import { Metrics } from "./metrics/metrics";
import { schedulePublicRefresh } from "./jobs/public-refresh-schedule";
import { AuthSecretError, resolveAuthSecret } from "./auth/auth-secret";
import { listenOrHandOver } from "./early-listener";
import { AdjustableClock } from "./dev-clock";

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
  let authSecret: string;
  try {
    authSecret = resolveAuthSecret(config);
  } catch (error) {
    if (error instanceof AuthSecretError) {
      process.stderr.write(`\nCannot start: ${error.message}\n\n`);
      process.exit(1);
    }
    throw error;
  }

  const { sender: mail, outbox } = createMailSender(config, (line) => process.stdout.write(`\n✉  ${line}\n\n`));
  const logger = createLogger(config);
  // The database opens while the app is built (the port is already answering /healthz when started
  // through start.ts); /readyz answers once it is open.
  const database = openDatabase(config);
  // MARKET_DATA_PROVIDER=auto: a short Yahoo Finance probe, run while the server starts listening.
  const marketConfig = resolveMarketConfig(config, { log: logger });
  // One set of metrics for GET /metrics: requests (the app), jobs, market-data calls and caches (the services).
  const metrics = new Metrics();
  // DEV_TEST_CLOCK (refused in production): end-to-end tests move this clock to the next close.
  const clock = config.devTestClock ? new AdjustableClock() : undefined;
  const now = clock?.now ?? (() => new Date());
  const services = Promise.all([database, marketConfig]).then(([handle, resolved]) =>
    createServices(resolved, { database: handle, logger, now, metrics, mail, authSecret, instanceId: `server@${os.hostname()}:${process.pid}` }),
  );
  // Handled before the app is built: a database that cannot open stops the process with its message.
  database.catch((error: unknown) => {
    if (error instanceof DataDirLockedError || error instanceof DataDirDamagedError) {
      process.stderr.write(`\n${error.message}\n\n`);
    } else {
      logger.fatal({ err: error }, "could not open the database");
    }
    process.exit(1);
  });
  // Every instance works on the daily refresh's queued jobs; the run itself is claimed by one.
  let schedule: { stop(): void } | undefined;
  void services
    .then(async (ready) => {
      await ready.publicRefresh.startWorking();
      await ready.alertJobs.startWorking();
      schedule = schedulePublicRefresh(ready.publicRefresh, config.research.publicRefreshCron, logger);
      // Figures stored by an older version are recomputed now rather than at the next daily screen.
      void ready.trackRecord.refreshOutdatedFigures().catch((error: unknown) => logger.error({ err: error }, "the track record's figures could not be recomputed"));
    })
    .catch((error: unknown) => logger.error({ err: error }, "the daily refresh's job workers could not start"));
  const app = await buildApp(config, { services, logger, mail, outbox, authSecret, webRoot: defaultWebRoot, metrics, ...(clock && { clock }) });

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
      await (await services).close();
      await (await database).close();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await listenOrHandOver(app, { host: config.host, port: config.port });
  app.log.info(`${config.brand} is running on ${config.appUrl} (database: ${config.databaseUrl ? "PostgreSQL" : "embedded PGlite in " + config.dataDir})`);
}

await main();
