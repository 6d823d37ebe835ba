import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppConfig } from "./config";
import type { DatabaseHandle } from "./db/database";
import type { MailSender } from "./adapters/mail/mail-sender";
import type { OutboxEntry } from "./adapters/mail/outbox-mail-sender";
import { createAuth, type Auth } from "./auth/auth";
import { registerAuthRoutes } from "./auth/auth.routes";
import { TokenVerifier } from "./auth/token-verifier";
import { retireSigningKeysOfOtherSecrets } from "./auth/signing-keys";
import { UserRepository } from "./auth/user.repository";
import { registerErrorHandler } from "./plugins/error-handler";
import { registerCsrf } from "./plugins/csrf";
import { registerInputGuard } from "./plugins/input-guard";
import { authenticateRequest } from "./plugins/authenticate";
import { registerHealthRoutes } from "./features/health/health.routes";
import { registerPublicConfigRoutes } from "./features/public-config/public-config.routes";
import { registerMeRoutes } from "./features/me/me.routes";
import { registerDevMailboxRoutes } from "./features/dev-mailbox/dev-mailbox.routes";
import { AppError } from "./app-error";
import { DatabaseMarketCacheStore } from "./adapters/market/market-cache-store";
import type { MarketDataProvider } from "../core/market/market-data-provider";
import { StockAnalysisService } from "./features/stock-analysis/stock-analysis.service";
import { registerStockAnalysisRoutes } from "./features/stock-analysis/stock-analysis.routes";
import { ResearchService } from "./features/research/research.service";
import { registerResearchRoutes } from "./features/research/research.routes";
import { StockAnalysesRepository } from "./features/research/stock-analyses.repository";
import { DailyUsageRepository } from "./features/research/daily-usage.repository";
import { StripeCustomersRepository } from "./features/billing/stripe-customers.repository";
import { registerBillingRoutes } from "./features/billing/billing.routes";
import { BillingWebhookService } from "./features/billing/billing-webhook.service";
import { StripeGateway } from "./adapters/billing/stripe-gateway";
import { PublicAnalysesRepository } from "./features/public-recommendations/public-analyses.repository";
import { PublicRecommendationsService } from "./features/public-recommendations/public-recommendations.service";
import { registerPublicRecommendationRoutes } from "./features/public-recommendations/public-recommendations.routes";
import { JobRunsRepository } from "./jobs/job-runs.repository";
import { analysisReportSchema } from "../contracts/stock-summary";
import { ContactRepository } from "./features/contact/contact.repository";
import { ContactService } from "./features/contact/contact.service";
import { registerContactRoutes } from "./features/contact/contact.routes";
import { registerGiftRoutes } from "./features/gift/gift.routes";
import { GiftService } from "./features/gift/gift.service";
import { createLogoSource } from "./adapters/logos/logo-registry";
import { LogosService } from "./features/logos/logos.service";
import { registerLogoRoutes } from "./features/logos/logos.routes";
import { createNewsSources } from "./adapters/news/news-registry";
import type { StoredReport } from "./adapters/news/briefs-news-source";
import { NewsService } from "./features/news/news.service";
import { registerNewsRoutes } from "./features/news/news.routes";
import type { AuthenticatedUser } from "./plugins/authenticate";
import { SymbolNotFoundError } from "../core/market/market-data-provider";
import { createConfiguredModel } from "./adapters/llm/llm-registry";
import { LlmUsageRepository } from "./adapters/llm/llm-usage.repository";
import { NarrationService } from "./features/narration/llm-narrator";
import type { ChatTools, FoundAnalysis } from "./features/chat/chat-tools";
import { ChatRepository } from "./features/chat/chat.repository";
import { ChatService } from "./features/chat/chat.service";
import { registerChatRoutes } from "./features/chat/chat.routes";
import { RulesAssistant } from "./features/chat/rules-assistant";
import { LlmAssistant } from "./features/chat/llm-assistant";
import { CsvImportRepository } from "./features/csv-import/csv-import.repository";
import { CsvImportService } from "./features/csv-import/csv-import.service";
import { registerCsvImportRoutes } from "./features/csv-import/csv-import.routes";

export interface AppDependencies {
  /** Resolves when the database is open and migrated; routes that need it wait for it. */
  database: Promise<DatabaseHandle>;
  mail: MailSender;
  /** The local outbox, when mail is not sent over SMTP (readable at /dev/mailbox outside production). */
  outbox: { list(): Promise<OutboxEntry[]> } | undefined;
  authSecret: string;
  /** Built SPA to serve; undefined when the web is served by Vite (dev) or not needed (tests). */
  webRoot: string | undefined;
  /** The market-data provider (already wrapped in the daily cache by the registry). */
  market: MarketDataProvider;
  now?: () => Date;
}

export interface Services {
  database: DatabaseHandle;
  auth: Auth;
  users: UserRepository;
  tokens: TokenVerifier;
  research: ResearchService;
  customers: StripeCustomersRepository;
  publicRecommendations: PublicRecommendationsService;
  publicAnalyses: PublicAnalysesRepository;
  contact: ContactService;
  chat: ChatService;
  csv: CsvImportService;
}

/** Paths the server answers itself; anything else that accepts HTML gets the SPA (history fallback). */
const SERVER_PREFIXES = ["/api/", "/research/", "/user/", "/csrf_cookie", "/healthz", "/readyz", "/docs", "/dev/"];

export const defaultWebRoot = path.resolve(import.meta.dirname, "../../dist/web");

function contentSecurityPolicy(config: AppConfig) {
  const captchaOrigins =
    config.captcha?.provider === "recaptcha"
      ? ["https://www.google.com", "https://www.gstatic.com", "https://www.recaptcha.net"]
      : config.captcha?.provider === "turnstile"
        ? ["https://challenges.cloudflare.com"]
        : [];
  // Stripe's Buy Button: its script, the iframe it renders and the API it calls (only when sold here).
  const stripe = config.billing.buyButton
    ? { script: ["https://js.stripe.com"], frame: ["https://js.stripe.com", "https://buy.stripe.com", "https://checkout.stripe.com"], connect: ["https://api.stripe.com", "https://merchant-ui-api.stripe.com"] }
    : { script: [], frame: [], connect: [] };
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...captchaOrigins, ...stripe.script],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:"],
      connectSrc: ["'self'", ...captchaOrigins, ...stripe.connect],
      frameSrc: ["'self'", ...captchaOrigins, ...stripe.frame],
      formAction: ["'self'", ...(config.google ? [config.google.issuerUrl] : [])],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: config.appUrl.startsWith("https://") ? [] : null,
    },
  };
}

export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    },
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
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
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

  const now = deps.now ?? (() => new Date());
  const analysis = new StockAnalysisService(deps.market, now, new DatabaseMarketCacheStore(deps.database.then((handle) => handle.db)));
  // The configured language model (LLM_PROVIDER), shared by narration, chat and gifts; null = rules only.
  const llm = createConfiguredModel(config);
  const instanceId = randomUUID();
  // Quanta briefs are written from the stored public analyses; composed here so features stay apart.
  const publicReports = async (): Promise<StoredReport[]> => {
    const rows = await (await getServices()).publicAnalyses.list();
    return rows.flatMap((row) => {
      const parsed = analysisReportSchema.safeParse(row.analysis);
      return parsed.success ? [{ report: parsed.data, createdAt: row.createdAt }] : [];
    });
  };
  const news = new NewsService({
    sources: createNewsSources(config, {
      reports: publicReports,
      benchmarkTicker: deps.market.benchmarkTicker,
      onFeedError: (feed, error) => app.log.warn({ feed, err: error }, "a news feed failed; skipping it"),
    }),
    log: app.log,
  });
  const premiumPolicy = { graceDays: config.billing.graceDays, now };
  const stripe = new StripeGateway({ webhookSecret: config.billing.webhookSecret, secretKey: config.billing.secretKey, apiBaseUrl: config.billing.apiBaseUrl });
  const services: Promise<Services> = deps.database.then(async (database) => {
    const auth = createAuth({ config, db: database.db, mail: deps.mail, secret: deps.authSecret });
    const retired = await retireSigningKeysOfOtherSecrets(database.db, deps.authSecret);
    if (retired > 0) app.log.warn({ keys: retired }, "the auth secret changed: token-signing keys made with the old one were retired; everyone signs in again");
    const customers = new StripeCustomersRepository(database.db, premiumPolicy);
    const llmUsage = new LlmUsageRepository(database.db);
    const publicAnalyses = new PublicAnalysesRepository(database.db);
    const stockAnalyses = new StockAnalysesRepository(database.db);
    // A user's analysis is narrated by the LLM (billed to their token budget) when one is configured.
    // The public lists below stay rules-narrated: there is no user to bill.
    const narration = llm
      ? new NarrationService({
          model: llm.model,
          modelName: llm.name,
          timeoutMs: llm.config.timeoutMs,
          dailyTokenBudget: llm.config.dailyTokenBudget,
          usage: llmUsage,
          log: app.log,
          now,
        })
      : null;
    const research = new ResearchService({
      analyzer: {
        analyze: async (query, context) => (narration ? narration.narrate(await analysis.analyze(query), context) : analysis.analyze(query)),
      },
      analyses: stockAnalyses,
      usage: new DailyUsageRepository(database.db),
      isPremium: (email) => customers.isPremium(email),
      freeDailyAnalyses: config.research.freeDailyAnalyses,
      now,
    });
    // Chat (/api/chat): the assistants look things up through tools composed here from the research,
    // public list, stock-analysis and news features; the LLM assistant when a model is configured.
    const chatTools = createChatTools({ research, publicAnalyses, stockAnalyses, analysis, news, market: deps.market });
    const rules = new RulesAssistant({
      tools: chatTools,
      exampleTickers: async () => {
        const listed = (await publicAnalyses.list()).map((row) => row.ticker);
        return listed.length > 0 ? listed : (config.research.publicUniverse ?? (await deps.market.listUniverse()).map((c) => c.ticker));
      },
    });
    const assistant = llm
      ? new LlmAssistant({
          model: llm.model,
          tools: chatTools,
          fallback: rules,
          usage: llmUsage,
          dailyTokenBudget: llm.config.dailyTokenBudget,
          timeoutMs: llm.config.timeoutMs,
          now,
          log: app.log,
        })
      : rules;
    return {
      database,
      auth,
      users: new UserRepository(database.db),
      tokens: new TokenVerifier(database.db, config.appUrl),
      customers,
      contact: new ContactService({ repository: new ContactRepository(database.db), now }),
      research,
      publicAnalyses,
      chat: new ChatService({ repository: new ChatRepository(database.db), assistant, now }),
      csv: new CsvImportService({ repository: new CsvImportRepository(database.db), now }),
      publicRecommendations: new PublicRecommendationsService({
        repository: publicAnalyses,
        jobs: new JobRunsRepository(database.db),
        analyzer: {
          universe: async () => config.research.publicUniverse ?? (await deps.market.listUniverse()).map((c) => c.ticker),
          prepare: () => analysis.refreshUniverseScores(),
          analyze: (ticker) => analysis.analyze(ticker),
        },
        log: app.log,
        now,
        instanceId,
      }),
    };
  });
  // A database that fails to open is reported by main.ts; requests waiting on it get a 503.
  services.catch(() => undefined);
  const getServices = async (): Promise<Services> => {
    try {
      return await services;
    } catch {
      throw new AppError(503, "database_unavailable", "The database is not available. Please try again shortly.");
    }
  };
  let databaseReady = false;
  void services.then(
    () => {
      databaseReady = true;
    },
    () => undefined,
  );

  await app.register(cookie);
  await app.register(multipart, { attachFieldsToBody: "keyValues", limits: { fields: 10, files: 1, fileSize: 5 * 1024 * 1024 } });
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    // HSTS only means something over https; on plain http it would pin a name to https that does not answer.
    strictTransportSecurity: config.appUrl.startsWith("https://") ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // The Google sign-in popup reports back to its opener, which needs same-origin-allow-popups.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
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
  registerHealthRoutes(app, {
    opened: () => databaseReady,
    ping: async () => {
      if (!databaseReady) return false;
      try {
        await (await services).database.ping();
        return true;
      } catch {
        return false;
      }
    },
  });
  registerPublicConfigRoutes(app, config);
  registerAuthRoutes(app, config, async () => (await getServices()).auth);
  const authenticate = async (request: Parameters<typeof authenticateRequest>[0]) => authenticateRequest(request, { ...(await getServices()), now });
  registerMeRoutes(app, authenticate);
  registerResearchRoutes(app, { authenticate, research: async () => (await getServices()).research });
  registerStockAnalysisRoutes(app, { authenticate, provider: deps.market });
  registerBillingRoutes(app, {
    authenticate,
    customers: async () => (await getServices()).customers,
    usage: async (user) => (await getServices()).research.usageFor(user),
    webhooks: new BillingWebhookService({ gateway: stripe, customers: async () => (await getServices()).customers, log: app.log }),
    gateway: stripe,
    policy: premiumPolicy,
    appUrl: config.appUrl,
  });
  registerPublicRecommendationRoutes(app, async () => (await getServices()).publicRecommendations);
  registerContactRoutes(app, async () => (await getServices()).contact);
  // The gift assistant (/gift): catalogue scoring, refined by the LLM when one is configured.
  registerGiftRoutes(app, {
    brand: config.brand,
    webRoot: deps.webRoot,
    gifts: new GiftService({
      model: llm && { model: llm.model, name: llm.name, timeoutMs: llm.config.timeoutMs, dailyTokenBudget: llm.config.dailyTokenBudget },
      log: app.log,
      now,
    }),
  });
  registerLogoRoutes(app, new LogosService({ market: deps.market, source: createLogoSource(config) }));
  registerNewsRoutes(app, news);
  registerChatRoutes(app, { authenticate, chat: async () => (await getServices()).chat });
  registerCsvImportRoutes(app, { authenticate, csv: async () => (await getServices()).csv });
  if (!config.isProduction && deps.outbox) {
    const outbox = deps.outbox;
    registerDevMailboxRoutes(app, () => outbox.list());
  }

  const webRoot = deps.webRoot && existsSync(path.join(deps.webRoot, "index.html")) ? deps.webRoot : undefined;
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // .br/.gz copies are written at build time (scripts/compress-assets.mjs).
      preCompressed: true,
      setHeaders: (response, filePath) => {
        // Vite names assets by content hash, so they never change under the same URL.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) response.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split("?")[0] ?? "/";
    const isServerPath = SERVER_PREFIXES.some((prefix) => urlPath === prefix.replace(/\/$/, "") || urlPath.startsWith(prefix));
    if (webRoot && !isServerPath && (request.method === "GET" || request.method === "HEAD")) {
      return reply.type("text/html; charset=utf-8").sendFile("index.html", webRoot, { cacheControl: false });
    }
    return reply.status(404).send({ error: `Nothing is here: ${request.method} ${urlPath}`, code: "not_found" });
  });

  app.decorate("quantaServices", getServices);
  return app;
}

/** The chat assistants' tools (features/chat/chat-tools.ts) from the features that hold the data. */
function createChatTools(deps: {
  research: ResearchService;
  publicAnalyses: PublicAnalysesRepository;
  stockAnalyses: StockAnalysesRepository;
  analysis: StockAnalysisService;
  news: NewsService;
  market: MarketDataProvider;
}): ChatTools {
  const parse = (analysis: unknown) => {
    const parsed = analysisReportSchema.safeParse(typeof analysis === "string" ? JSON.parse(analysis) : analysis);
    return parsed.success ? parsed.data : null;
  };
  const publicRows = () => deps.publicAnalyses.list();
  return {
    async latestAnalysis(userId: string, ticker: string): Promise<FoundAnalysis | null> {
      const symbol = ticker.trim().toUpperCase();
      const own = (await deps.stockAnalyses.listForUser(userId, symbol))
        .map((row) => ({ row, report: parse(row.analysis) }))
        .find((x) => x.report !== null);
      const shared = (await publicRows()).find((row) => row.ticker === symbol);
      const sharedReport = shared ? parse(shared.analysis) : null;
      // The user's own analysis, unless the public list has a newer session.
      if (own?.report && !(sharedReport && sharedReport.meta.as_of > own.report.meta.as_of)) {
        return { report: own.report, citation: { ticker: symbol, as_of: own.report.meta.as_of, analysis_id: own.row.id, source: "history" } };
      }
      if (shared && sharedReport) {
        return { report: sharedReport, citation: { ticker: symbol, as_of: sharedReport.meta.as_of, analysis_id: shared.id, source: "public" } };
      }
      return null;
    },
    async runAnalysis(user: AuthenticatedUser, query: string): Promise<FoundAnalysis> {
      const { report, id } = await deps.research.analyzeFor(user, query);
      const ticker = report.stock_summary.ticker;
      return { report, citation: { ticker, as_of: report.meta.as_of, analysis_id: id, source: "history" } };
    },
    async resolve(query: string) {
      try {
        const profile = await deps.analysis.resolve(query);
        return { ticker: profile.ticker, name: profile.name };
      } catch (error) {
        if (error instanceof SymbolNotFoundError) return null;
        throw error;
      }
    },
    async searchNews(ticker?: string) {
      const { content } = await deps.news.page(0, 200);
      if (!ticker) return content;
      const symbol = ticker.toUpperCase();
      return content.filter((a) => a.tickers.split(",").some((t) => t.trim().toUpperCase() === symbol) || new RegExp(`\\b${symbol.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(a.title));
    },
    async marketTrend() {
      const rows = (await publicRows()).flatMap((row) => {
        const report = parse(row.analysis);
        return report ? [{ row, report }] : [];
      });
      if (rows.length > 0) {
        const newest = rows.reduce((a, b) => (b.report.meta.as_of > a.report.meta.as_of ? b : a));
        const counts = { BUY: 0, WATCH: 0, SELL: 0 };
        for (const { report } of rows) counts[report.stock_summary.recommendation.action]++;
        const m = newest.report.stock_summary.market_analysis;
        return {
          trend: m.market_trend,
          sentiment: m.market_sentiment,
          counts,
          citation: { ticker: newest.row.ticker, as_of: newest.report.meta.as_of, analysis_id: newest.row.id, source: "public" as const },
        };
      }
      try {
        const report = await deps.analysis.analyze(deps.market.benchmarkTicker);
        const m = report.stock_summary.market_analysis;
        return {
          trend: m.market_trend,
          sentiment: m.market_sentiment,
          counts: null,
          citation: { ticker: report.stock_summary.ticker, as_of: report.meta.as_of, analysis_id: null, source: "new" as const },
        };
      } catch {
        return null;
      }
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The database-backed services, once the database is open (used by main.ts's jobs and tests). */
    quantaServices: () => Promise<Services>;
  }
}
