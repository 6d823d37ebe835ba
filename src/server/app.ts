import { randomUUID } from "node:crypto";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppConfig } from "./config";
import type { MailSender } from "./adapters/mail/mail-sender";
import type { OutboxEntry } from "./adapters/mail/outbox-mail-sender";
import type { Services } from "./composition/create-services";
import { AppError } from "./app-error";
import { projectPath } from "./project-root";
import { createAuth, type Auth } from "./auth/auth";
import { authRoutes } from "./auth/auth.routes";
import { retireSigningKeysOfOtherSecrets } from "./auth/signing-keys";
import { registerErrorHandler } from "./plugins/error-handler";
import { registerCsrf } from "./plugins/csrf";
import { registerInputGuard } from "./plugins/input-guard";
import { registerMetrics } from "./plugins/metrics";
import { registerResponseCompression } from "./plugins/response-compression";
import { Metrics } from "./metrics/metrics";
import { authenticateRequest, registerUserGate } from "./plugins/require-user";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { registerSpaFallback } from "./plugins/spa-fallback";
import { billingRoutes } from "./features/billing/billing.routes";
import { chatRoutes } from "./features/chat/chat.routes";
import { contactRoutes } from "./features/contact/contact.routes";
import { csvImportRoutes } from "./features/csv-import/csv-import.routes";
import { analysisSharingRoutes } from "./features/analysis-sharing/analysis-sharing.routes";
import { devMailboxRoutes } from "./features/dev-mailbox/dev-mailbox.routes";
import { giftRoutes } from "./features/gift/gift.routes";
import { healthRoutes } from "./features/health/health.routes";
import { logoRoutes } from "./features/logos/logos.routes";
import { meRoutes } from "./features/me/me.routes";
import { newsRoutes } from "./features/news/news.routes";
import { publicConfigRoutes, toPublicConfig } from "./features/public-config/public-config.routes";
import { marketRoutes } from "./features/market/market.routes";
import { publicRecommendationRoutes } from "./features/public-recommendations/public-recommendations.routes";
import { researchRoutes } from "./features/research/research.routes";
import { stockAnalysisRoutes } from "./features/stock-analysis/stock-analysis.routes";
import { symbolSearchRoutes } from "./features/symbol-search/symbol-search.routes";
import { trackRecordRoutes } from "./features/track-record/track-record.routes";
import { watchlistRoutes } from "./features/watchlist/watchlist.routes";
import { screenerRoutes } from "./features/screener/screener.routes";
import { portfolioRoutes } from "./features/portfolio/portfolio.routes";
import { devClockRoutes } from "./features/dev-clock/dev-clock.routes";
import type { AdjustableClock } from "./dev-clock";
import { MAX_CSV_BYTES } from "./csv-files";

export interface AppDependencies {
  /**
   * The product's services (composition/create-services.ts). They resolve once the database is open,
   * which main.ts does after the server listens; until then /healthz says 'starting' and the routes
   * that need them wait.
   */
  services: Promise<Services>;
  /** The process's log (logger.ts); Fastify writes request logs to it. */
  logger: FastifyBaseLogger;
  mail: MailSender;
  /** The local outbox, when mail is not sent over SMTP (readable at /dev/mailbox outside production). */
  outbox: { list(): Promise<OutboxEntry[]> } | undefined;
  authSecret: string;
  /** Built SPA to serve; undefined when the web is served by Vite (dev) or not needed (tests). */
  webRoot: string | undefined;
  /** Served at /metrics; main.ts gives the services the same one. Made here when not given (tests). */
  metrics?: Metrics;
  /** DEV_TEST_CLOCK: the services' clock, moved by POST /dev/clock/advance (never in production). */
  clock?: AdjustableClock;
}

export const defaultWebRoot = projectPath("dist/web");

function createFastify(config: AppConfig, logger: FastifyBaseLogger): FastifyInstance {
  return Fastify({
    loggerInstance: logger,
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    // A client that sends its request slowly (or never finishes it) loses the connection.
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      // Node checks those deadlines on this period (30 s by default, which would stretch them).
      connectionsCheckingInterval: Math.min(1000, config.timeouts.headersMs),
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
}

/** The request id echoed on every answer, and no-store on API answers. */
function registerResponseHeaders(app: FastifyInstance) {
  // Callback-style hooks: they run on every request, and skip a promise per call.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  // API answers hold a user's data or the state of the moment: no cache may keep them unless the
  // route says otherwise (the public lists, news and logos set their own Cache-Control).
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    done(null, payload);
  });
}

/** The services as the routes wait for them: resolved once the database is open, a 503 if it failed. */
function awaitServices(config: AppConfig, deps: AppDependencies, app: FastifyInstance) {
  // A database that fails to open is reported by main.ts; requests waiting on it get a 503.
  deps.services.catch(() => undefined);
  let databaseReady = false;
  void deps.services.then(
    () => (databaseReady = true),
    () => undefined,
  );
  const ready = async (): Promise<Services> => {
    try {
      return await deps.services;
    } catch {
      throw new AppError(503, "database_unavailable", "The database is not available. Please try again shortly.");
    }
  };
  const auth: Promise<Auth> = deps.services.then(async ({ database }) => {
    const created = createAuth({ config, db: database.db, mail: deps.mail, secret: deps.authSecret });
    const retired = await retireSigningKeysOfOtherSecrets(database.db, deps.authSecret);
    if (retired > 0) app.log.warn({ keys: retired }, "the auth secret changed: token-signing keys made with the old one were retired; everyone signs in again");
    return created;
  });
  auth.catch(() => undefined);
  return { opened: () => databaseReady, ready, auth };
}

type ReadyServices = () => Promise<Services>;

/** The cross-cutting plugins, between the error handler and the routes (docs/architecture.md: the request path). */
async function registerPlugins(app: FastifyInstance, config: AppConfig, ready: ReadyServices) {
  // Before swagger and the routes: the gate writes each protected route's security into the docs.
  registerUserGate(app, async (request) => authenticateRequest(request, await ready()));
  await app.register(cookie);
  await app.register(multipart, { attachFieldsToBody: "keyValues", limits: { fields: 10, files: 1, fileSize: MAX_CSV_BYTES } });
  registerSecurityHeaders(app, config);
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.brand} API`, version: "0.1.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
  if (config.docsEnabled) await app.register(swaggerUi, { routePrefix: "/docs" });
  registerInputGuard(app);
  registerCsrf(app, { secureCookie: config.appUrl.startsWith("https://") });
}

/** One Fastify plugin per feature, each given the services it uses (once the database is open). */
async function registerFeatureRoutes(app: FastifyInstance, config: AppConfig, deps: AppDependencies, services: ReturnType<typeof awaitServices>) {
  const { opened, ready, auth } = services;
  /** One service, once the database is open: what each feature plugin is given. */
  const use =
    <K extends keyof Services>(key: K) =>
    async (): Promise<Services[K]> =>
      (await ready())[key];
  await app.register(healthRoutes, {
    opened,
    ping: async () => {
      if (!opened()) return false;
      try {
        await (await deps.services).database.ping();
        return true;
      } catch {
        return false;
      }
    },
  });
  await app.register(publicConfigRoutes, { config, demo: async () => (await ready()).market.demo });
  await app.register(authRoutes, {
    config,
    auth: async () => {
      await ready();
      return auth;
    },
  });
  await app.register(meRoutes);
  await app.register(researchRoutes, { research: use("research") });
  await app.register(stockAnalysisRoutes, { market: use("market") });
  await app.register(symbolSearchRoutes, { symbols: use("symbols") });
  await app.register(billingRoutes, { billing: use("billing"), research: use("research"), webhooks: use("billingWebhooks") });
  await app.register(publicRecommendationRoutes, { publicRecommendations: use("publicRecommendations"), publicRefresh: use("publicRefresh") });
  await app.register(marketRoutes, { market: use("marketPage") });
  await app.register(trackRecordRoutes, { trackRecord: use("trackRecord") });
  await app.register(contactRoutes, { contact: use("contact") });
  await app.register(giftRoutes, { brand: config.brand, webRoot: deps.webRoot, gifts: use("gifts") });
  await app.register(logoRoutes, { logos: use("logos") });
  await app.register(newsRoutes, { news: use("news") });
  await app.register(chatRoutes, { chat: use("chat") });
  await app.register(csvImportRoutes, { csv: use("csv") });
  await app.register(analysisSharingRoutes, { sharing: use("sharing") });
  await app.register(watchlistRoutes, { watchlist: use("watchlist"), addLimit: use("watchlistAdds") });
  await app.register(screenerRoutes, { screener: use("screener") });
  await app.register(portfolioRoutes, { portfolio: use("portfolio") });
  if (!config.isProduction && deps.outbox) await app.register(devMailboxRoutes, { outbox: deps.outbox });
  const clock = deps.clock;
  if (!config.isProduction && clock) {
    await app.register(devClockRoutes, {
      clock,
      onAdvanced: async () => {
        await (await ready()).publicRefresh.refresh({ wait: false });
      },
    });
  }
}

/** The HTTP server: plugins, then one Fastify plugin per feature, each given the services it uses. */
export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const app = createFastify(config, deps.logger);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First: its onResponse hook times every request answered after it.
  registerMetrics(app, { metrics: deps.metrics ?? new Metrics(), token: config.metrics.token });
  registerResponseHeaders(app);
  registerResponseCompression(app);
  const services = awaitServices(config, deps, app);
  await registerPlugins(app, config, services.ready);
  await registerFeatureRoutes(app, config, deps, services);
  await registerSpaFallback(app, deps.webRoot, { publicConfig: async () => toPublicConfig(config, (await services.ready()).market.demo) });
  return app;
}
