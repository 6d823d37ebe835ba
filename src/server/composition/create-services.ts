import { randomUUID } from "node:crypto";
import { notInDemoMarketMessage, type MarketDataProvider } from "../../core/market/market-data-provider";
import { DEFAULT_ANALYSIS_CONFIG } from "../../core/analysis/analysis-config";
import type { Clock } from "../clock";
import type { AppConfig } from "../config";
import type { DatabaseHandle } from "../db/database";
import type { Logger } from "../logger";
import { StripeGateway } from "../adapters/billing/stripe-gateway";
import { createConfiguredModel } from "../adapters/llm/llm-registry";
import { LlmUsageRepository } from "../adapters/llm/llm-usage.repository";
import { ModelGateway } from "../adapters/llm/model-gateway";
import { createLogoSource } from "../adapters/logos/logo-registry";
import { DatabaseMarketCacheStore } from "../adapters/market/market-cache-store";
import { createMarketDataProvider } from "../adapters/market/market-registry";
import { createNewsSources } from "../adapters/news/news-registry";
import { TokenVerifier } from "../auth/token-verifier";
import { UserRepository } from "../auth/user.repository";
import { BillingService } from "../features/billing/billing.service";
import { BillingWebhookService } from "../features/billing/billing-webhook.service";
import { StripeCustomersRepository } from "../features/billing/stripe-customers.repository";
import { ChatRepository } from "../features/chat/chat.repository";
import { ChatService } from "../features/chat/chat.service";
import { LlmAssistant } from "../features/chat/llm-assistant";
import { RulesAssistant } from "../features/chat/rules-assistant";
import { ContactRepository } from "../features/contact/contact.repository";
import { CONTACT_RATE_LIMIT, ContactService } from "../features/contact/contact.service";
import { CsvImportService } from "../features/csv-import/csv-import.service";
import { GiftService } from "../features/gift/gift.service";
import { LogosService } from "../features/logos/logos.service";
import { NarrationService } from "../features/narration/llm-narrator";
import { NewsService } from "../features/news/news.service";
import { MarketRepository } from "../features/market/market.repository";
import { MarketService } from "../features/market/market.service";
import { PublicAnalysesRepository } from "../features/public-recommendations/public-analyses.repository";
import { PublicRecommendationsService } from "../features/public-recommendations/public-recommendations.service";
import { PublicRefreshService } from "../features/public-recommendations/public-refresh.service";
import { RefreshRunsRepository } from "../features/public-recommendations/refresh-runs.repository";
import { DailyUsageWithLimitNotice, dailyLimitOperatorNotice } from "../features/research/daily-limit-notice";
import { ResearchService } from "../features/research/research.service";
import { AnalysisSharingService } from "../features/analysis-sharing/analysis-sharing.service";
import { StoredAnalysesRepository } from "../stored-analyses/stored-analyses.repository";
import { HISTORY_SESSIONS, StockAnalysisService } from "../features/stock-analysis/stock-analysis.service";
import { SymbolDirectoryRepository } from "../features/symbol-search/symbol-directory.repository";
import { SYMBOL_SEARCH_RATE_LIMIT, SymbolSearchService } from "../features/symbol-search/symbol-search.service";
import { JobRunsRepository } from "../jobs/job-runs.repository";
import { readHistoricalSimulations } from "../features/track-record/historical-simulations";
import { AnalysisOutcomesRepository } from "../features/track-record/analysis-outcomes.repository";
import { TrackCallsRepository } from "../features/track-record/track-calls.repository";
import { TrackRecordService } from "../features/track-record/track-record.service";
import { AnalysisPool, defaultAnalysisThreads } from "../jobs/analysis-pool";
import { PgBossJobQueue, stableJobId } from "../jobs/job-queue";
import type { CacheMetrics, JobMetrics, ProviderMetrics } from "../metrics/metrics";
import { readUniverseFile } from "../adapters/market/universe-file";
import { createMailSender } from "../adapters/mail/mail-registry";
import type { MailSender } from "../adapters/mail/mail-sender";
import { resolveAuthSecret } from "../auth/auth-secret";
import { AlertJobsService } from "../features/watchlist/alert-jobs.service";
import { AlertRunsRepository } from "../features/watchlist/alert-runs.repository";
import { AlertsRepository } from "../features/watchlist/alerts.repository";
import { UnsubscribeLinks } from "../features/watchlist/unsubscribe-link";
import { WatchlistRepository } from "../features/watchlist/watchlist.repository";
import { SavedScreensRepository } from "../features/screener/saved-screens.repository";
import { ScreenerService } from "../features/screener/screener.service";
import { lastCloses } from "../features/portfolio/last-closes";
import { PortfolioService } from "../features/portfolio/portfolio.service";
import { PositionsRepository } from "../features/portfolio/positions.repository";
import { WatchlistService } from "../features/watchlist/watchlist.service";
import { WATCHLIST_ADD_RATE_LIMIT } from "../features/watchlist/watchlist-add-limit";
import type { ProviderCallOutcome } from "../adapters/market/provider-budget";
import { RateLimitRepository } from "../rate-limit/rate-limit.repository";
import { SharedRateLimiter, type RateLimit } from "../rate-limit/shared-rate-limiter";
import type { AnalysisReport } from "../../core/analysis/analysis-report";
import { createChatTools } from "./chat-tools";
import { storedPublicReports } from "./stored-reports";

/** What the process provides: the open database, the log and the clock (and, in tests, a market). */
export interface Infrastructure {
  database: DatabaseHandle;
  logger: Logger;
  now: Clock;
  /** Replaces the configured market-data provider (tests and benchmarks use the seeded demo market). */
  market?: MarketDataProvider;
  /** Names this process in job claims and the refresh's chunks; a random id by default. */
  instanceId?: string;
  /** Where the job queue, the market-data budget and cache report (GET /metrics). */
  metrics?: JobMetrics & ProviderMetrics & CacheMetrics;
  /** Sends the alert digests; by default the configured mailer (SMTP, else the outbox folder). */
  mail?: MailSender;
  /** Signs the digests' unsubscribe links; by default the auth secret (AUTH_SECRET, else the data folder's). */
  authSecret?: string;
}

/** Every service of the product, built once from the configuration: the server, the CLI and the jobs use these. */
export interface Services {
  database: DatabaseHandle;
  /** The clock every service reads (the process's, or a test's). */
  now: Clock;
  market: MarketDataProvider;
  analysis: StockAnalysisService;
  symbols: SymbolSearchService;
  users: UserRepository;
  tokens: TokenVerifier;
  research: ResearchService;
  billing: BillingService;
  billingWebhooks: BillingWebhookService;
  publicAnalyses: PublicAnalysesRepository;
  publicRecommendations: PublicRecommendationsService;
  /** The daily screen of the public universe, as jobs any instance takes (startWorking to take them here). */
  publicRefresh: PublicRefreshService;
  /** The market page: one snapshot per session, stored by the daily screen. */
  marketPage: MarketService;
  /** Every call the daily screen published, scored as the sessions arrive. */
  trackRecord: TrackRecordService;
  /** The users' watch lists, alert settings and bell. */
  watchlist: WatchlistService;
  screener: ScreenerService;
  /** The users' positions and valued portfolio. */
  portfolio: PortfolioService;
  /** The alerts after each refresh, as jobs any instance takes (startWorking to take them here). */
  alertJobs: AlertJobsService;
  contact: ContactService;
  /** Watch-list adds per user (POST /api/watchlist), shared by every instance. */
  watchlistAdds: RateLimit;
  chat: ChatService;
  csv: CsvImportService;
  /** Read-only links to a user's analyses. */
  sharing: AnalysisSharingService;
  news: NewsService;
  gifts: GiftService;
  logos: LogosService;
  /** Stops this process's job workers (the refresh's and the alerts'), then its analysis threads, once (before the database closes). */
  close(): Promise<void>;
}

/** The drizzle database every repository is given. */
type Db = DatabaseHandle["db"];

/**
 * Market data: the configured provider (its upstream calls counted against the provider's budget),
 * the ticker suggestions' own lane, the analysis service and the public universe.
 */
function composeMarket(config: AppConfig, infra: Infrastructure) {
  const { logger: log, now, metrics } = infra;
  const db = infra.database.db;
  // Fetched market data and the universe's RS scores of a session are kept in the database, so every
  // process (server, `quanta refresh`, other instances) rates RS against the same universe.
  const marketStore = new DatabaseMarketCacheStore(Promise.resolve(db));
  // Upstream calls are counted in the database against the provider's budget, shared by every instance.
  const registryOptions = {
    store: marketStore,
    log,
    now,
    budget: {
      database: db,
      log,
      ...(metrics && {
        events: {
          onCall: (provider: string, outcome: ProviderCallOutcome) => metrics.providerCall(provider, outcome),
          onBudgetLeft: (provider: string, window: "second" | "day", left: number) => metrics.setProviderBudgetLeft(provider, window, left),
        },
      }),
    },
    ...(metrics && { onCacheLookup: (kind: string, hit: boolean) => metrics.cacheLookup(`market_${kind}`, hit) }),
  };
  const market = infra.market ?? createMarketDataProvider(config, registryOptions);
  // The ticker suggestions' look-ups spend their own share of the provider's day (the search lane),
  // never the analyses'; a market given by the caller (tests, benchmarks) is used as it is.
  const searchMarket = infra.market ?? (market.costsUpstreamCalls ? createMarketDataProvider(config, { ...registryOptions, lane: "search" }) : market);
  return { market, searchMarket, analysis: new StockAnalysisService(market, now, marketStore) };
}

/** The public universe: PUBLIC_UNIVERSE, else PUBLIC_UNIVERSE_FILE (read at each run, so edits apply), else the provider's list. */
function publicUniverse(config: AppConfig, market: MarketDataProvider) {
  return async () =>
    config.research.publicUniverse ??
    (config.research.publicUniverseFile ? await readUniverseFile(config.research.publicUniverseFile) : null) ??
    (await market.listUniverse()).map((company) => company.ticker);
}

/** Every LLM use (narration, chat, gifts) goes through one gateway: budget, time-out, token usage. */
function composeModelGateway(config: AppConfig, db: Db, { logger: log, now }: Infrastructure) {
  const llm = createConfiguredModel(config);
  return llm
    ? new ModelGateway({
        model: llm.model,
        name: llm.name,
        timeoutMs: llm.config.timeoutMs,
        dailyTokenBudget: llm.config.dailyTokenBudget,
        usage: new LlmUsageRepository(db),
        now,
        log,
      })
    : null;
}

function composeBilling(config: AppConfig, db: Db, now: Clock) {
  const policy = { graceDays: config.billing.graceDays, now };
  const customers = new StripeCustomersRepository(db, policy);
  const gateway = new StripeGateway({ webhookSecret: config.billing.webhookSecret, secretKey: config.billing.secretKey, apiBaseUrl: config.billing.apiBaseUrl });
  return { customers, gateway, billing: new BillingService({ customers, gateway, policy, appUrl: config.appUrl }) };
}

/** A user's research: their analyses (narrated by the LLM when one is configured) and the track record that scores calls. */
function composeResearch(
  config: AppConfig,
  db: Db,
  { logger: log, now }: Infrastructure,
  parts: { market: MarketDataProvider; analysis: StockAnalysisService; billing: BillingService; llmGateway: ModelGateway | null; stockAnalyses: StoredAnalysesRepository },
) {
  const { market, analysis, billing, llmGateway, stockAnalyses } = parts;
  // A user's analysis is narrated by the LLM (billed to their token budget) when one is configured.
  const trackRecord = new TrackRecordService({
    calls: new TrackCallsRepository(db),
    analysisOutcomes: new AnalysisOutcomesRepository(db),
    analyses: stockAnalyses,
    market: { bars: (ticker) => market.getDailyBars(ticker, HISTORY_SESSIONS), benchmarkTicker: market.benchmarkTicker, demo: market.demo },
    historical: () => readHistoricalSimulations(),
    config: DEFAULT_ANALYSIS_CONFIG,
    now,
    log,
  });
  // The public lists stay rules-narrated: there is no user to bill.
  const narration = llmGateway ? new NarrationService({ gateway: llmGateway, log }) : null;
  const research = new ResearchService({
    analyzer: {
      analyze: async (query, context) => (narration ? narration.narrate(await analysis.analyze(query), context) : analysis.analyze(query)),
      latestSession: (query) => analysis.latestSession(query),
    },
    analyses: stockAnalyses,
    outcomes: (userId, ids) => trackRecord.analysisOutcomes(userId, ids),
    // At the limit users are told when it resets; how to sell premium goes to the operator's log.
    usage: new DailyUsageWithLimitNotice(
      db,
      dailyLimitOperatorNotice({ log, paymentsConfigured: config.billing.buyButton !== undefined, freeDailyAnalyses: config.research.freeDailyAnalyses }),
    ),
    isPremium: (email) => billing.isPremium(email),
    freeDailyAnalyses: config.research.freeDailyAnalyses,
    premiumForSale: config.billing.buyButton !== undefined,
    now,
  });
  return { trackRecord, research };
}

/** The job queue on the product's database and the worker threads that run its analyses. */
function composeJobs(config: AppConfig, infra: Infrastructure, analysis: StockAnalysisService) {
  const { database, logger: log, metrics } = infra;
  const pool = new AnalysisPool(config.jobs.workerThreads ?? defaultAnalysisThreads());
  // One queue on the product's database for the refresh's jobs and the alerts that follow it.
  // On the embedded PGlite the data folder is locked to this process: jobs left active were a dead process's.
  const soleProcess = database.kind === "pglite";
  const queue = new PgBossJobQueue(database, { log, jobTimeoutSeconds: config.jobs.timeoutSeconds, releaseActiveJobsAtStart: soleProcess, ...(metrics && { metrics }) });
  const poolAnalysis = (ticker: string) => analysis.analyze(ticker, (input) => pool.run(input));
  // The composition started the queue's workers (the refresh's and the alerts') and the analysis threads,
  // and stops them: the workers first, since a running job may still hand analyses to the threads.
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await queue.stop();
      await pool.close();
    })());
  return { pool, queue, soleProcess, poolAnalysis, close };
}

type Jobs = ReturnType<typeof composeJobs>;

/** Watch lists and alerts: a stock's latest call is the daily screen's when it has one. */
function composeWatchlist(
  config: AppConfig,
  db: Db,
  infra: Infrastructure,
  parts: { publicAnalyses: PublicAnalysesRepository; market: MarketDataProvider; billing: BillingService; jobs: Jobs },
) {
  const { logger: log, now } = infra;
  const { publicAnalyses, market, billing, jobs } = parts;
  const watchlistRepository = new WatchlistRepository(db);
  const alertsRepository = new AlertsRepository(db);
  let secret = infra.authSecret;
  const links = new UnsubscribeLinks(() => (secret ??= resolveAuthSecret(config)));
  const screenedReports = async (tickers: string[]): Promise<AnalysisReport[]> =>
    (await publicAnalyses.byTickers(tickers)).map((row) => row.analysis as AnalysisReport);
  const watchlist = new WatchlistService({
    watchlist: watchlistRepository,
    alerts: alertsRepository,
    // Watching never analyses: the screen's stored analysis, or the market's cached profile to check the ticker.
    screenedReport: async (ticker) => (await screenedReports([ticker.toUpperCase()]))[0] ?? null,
    tickerExists: async (ticker) => (await market.getProfile(ticker)) !== null,
    notInDemoMarket: async (ticker) => (market.demo ? notInDemoMarketMessage(ticker, await market.listUniverse().catch(() => [])) : null),
    isPremium: (email) => billing.isPremium(email),
    limits: { free: config.watchlist.freeLimit, premium: config.watchlist.premiumLimit },
    premiumForSale: config.billing.buyButton !== undefined,
    links,
    now,
  });
  const alertJobs = new AlertJobsService({
    queue: jobs.queue,
    watchlist: watchlistRepository,
    alerts: alertsRepository,
    runs: new AlertRunsRepository(db),
    screenedReports,
    analyze: jobs.poolAnalysis,
    parallelism: jobs.pool.size * 2,
    sliceSize: config.jobs.chunkSize,
    mail: infra.mail ?? createMailSender(config, (line) => log.info({}, line)).sender,
    links,
    brand: config.brand,
    appUrl: config.appUrl,
    demo: market.demo,
    jobIds: stableJobId,
    claimTimeoutMs: config.jobs.timeoutSeconds * 1000,
    now,
    log,
  });
  return { watchlist, alertJobs };
}

/** The screener: the public analyses' typed columns, paged in SQL, and each user's saved screens. */
function composeScreener(config: AppConfig, db: Db, infra: Infrastructure, parts: { publicAnalyses: PublicAnalysesRepository; billing: BillingService }) {
  return new ScreenerService({
    rows: parts.publicAnalyses,
    screens: new SavedScreensRepository(db),
    isPremium: (email) => parts.billing.isPremium(email),
    limits: { free: config.screens.freeLimit, premium: config.screens.premiumLimit },
    premiumForSale: config.billing.buyButton !== undefined,
    now: infra.now,
  });
}

/** The portfolio: positions valued at the cached daily bars' last close; holder alerts come from the alerts feature. */
function composePortfolio(config: AppConfig, infra: Infrastructure, parts: { positions: PositionsRepository; market: MarketDataProvider; billing: BillingService }) {
  const { positions, market, billing } = parts;
  return new PortfolioService({
    positions,
    closes: (tickers) => lastCloses((ticker) => market.getDailyBars(ticker, HISTORY_SESSIONS), tickers),
    tickerExists: async (ticker) => (await market.getProfile(ticker)) !== null,
    isPremium: (email) => billing.isPremium(email),
    limits: { freeOpenPositions: config.portfolio.freeOpenPositions },
    premiumForSale: config.billing.buyButton !== undefined,
    // Holder alerts are raised by the alert job; until it writes them, positions show none.
    holderAlerts: async () => [],
    now: infra.now,
  });
}

/** The daily screen of the public universe, as chunk jobs any instance takes. */
function composePublicRefresh(
  config: AppConfig,
  db: Db,
  infra: Infrastructure,
  parts: {
    jobs: Jobs;
    publicAnalyses: PublicAnalysesRepository;
    analysis: StockAnalysisService;
    universe: () => Promise<string[]>;
    trackRecord: TrackRecordService;
    alertJobs: AlertJobsService;
    publicRecommendations: PublicRecommendationsService;
    marketPage: MarketService;
  },
) {
  const { logger: log, now } = infra;
  const { jobs, publicAnalyses, analysis, universe, trackRecord, alertJobs, publicRecommendations, marketPage } = parts;
  return new PublicRefreshService({
    queue: jobs.queue,
    claims: new JobRunsRepository(db),
    runs: new RefreshRunsRepository(db),
    analyses: publicAnalyses,
    analyzer: {
      universe,
      score: (ticker) => analysis.universeScore(ticker),
      publishScores: async (scores) => {
        await analysis.publishUniverseScores(scores);
      },
      analyze: jobs.poolAnalysis,
      parallelism: jobs.pool.size * 2,
    },
    calls: trackRecord,
    followers: alertJobs,
    snapshots: marketPage,
    jobIds: stableJobId,
    chunkSize: config.jobs.chunkSize,
    concurrency: 2,
    jobTimeoutMs: config.jobs.timeoutSeconds * 1000,
    soleProcess: jobs.soleProcess,
    instanceId: infra.instanceId ?? randomUUID(),
    now,
    log,
    onListsReplaced: () => publicRecommendations.invalidate(),
  });
}

/** The market page reads the screen's aggregates through the public analyses' repository, and the benchmark's bars from the market. */
function composeMarketPage(db: Db, { logger: log, now }: Infrastructure, market: MarketDataProvider, publicAnalyses: PublicAnalysesRepository) {
  return new MarketService({
    repository: new MarketRepository(db),
    aggregates: { breadth: (session) => publicAnalyses.sessionBreadth(session), groupAverages: (session) => publicAnalyses.groupAverages(session) },
    benchmark: { ticker: market.benchmarkTicker, bars: () => market.getDailyBars(market.benchmarkTicker, HISTORY_SESSIONS) },
    config: DEFAULT_ANALYSIS_CONFIG,
    now,
    log,
  });
}

/**
 * Chat: the assistants look things up through tools composed from research, the public lists,
 * stock analysis and news; the LLM assistant when a model is configured, the rules otherwise.
 */
function composeAssistant(
  { logger: log, now }: Infrastructure,
  llmGateway: ModelGateway | null,
  universe: () => Promise<string[]>,
  tools: Parameters<typeof createChatTools>[0],
) {
  const chatTools = createChatTools(tools);
  const rules = new RulesAssistant({
    tools: chatTools,
    exampleTickers: async () => {
      const listed = (await tools.publicAnalyses.list()).map((row) => row.ticker);
      return listed.length > 0 ? listed : universe();
    },
    demo: tools.market.demo,
  });
  return llmGateway ? new LlmAssistant({ gateway: llmGateway, tools: chatTools, fallback: rules, now, log }) : rules;
}

/** Ticker suggestions: the market's own list, and, when look-ups cost upstream calls, the search lane with its directory. */
function composeSymbolSearch(db: Db, { logger: log, now }: Infrastructure, market: MarketDataProvider, searchMarket: MarketDataProvider, limiter: SharedRateLimiter) {
  return new SymbolSearchService({
    market,
    limit: limiter.limit(SYMBOL_SEARCH_RATE_LIMIT),
    ...(searchMarket.costsUpstreamCalls && {
      upstream: {
        symbols: { id: searchMarket.id, searchSymbols: (q) => searchMarket.searchSymbols(q), ...(searchMarket.listSymbols && { listSymbols: () => searchMarket.listSymbols!() }) },
        directory: new SymbolDirectoryRepository(db),
      },
    }),
    now,
    log,
  });
}

/**
 * The one composition of the product. Features never import one another (lint keeps that); what one
 * needs of another is wired here, through the interfaces the feature declares.
 */
export function createServices(config: AppConfig, infra: Infrastructure): Services {
  const { database, logger: log, now } = infra;
  const db = database.db;
  const { market, searchMarket, analysis } = composeMarket(config, infra);
  // Every anonymous request limit (and the per-user watch-list adds) is counted in the database.
  const limiter = new SharedRateLimiter({ repository: new RateLimitRepository(db), now, log });
  const universe = publicUniverse(config, market);
  const llmGateway = composeModelGateway(config, db, infra);
  const { customers, gateway, billing } = composeBilling(config, db, now);

  const publicAnalyses = new PublicAnalysesRepository(db);
  // The users' stored analyses: research, the CSV feature and the chat share the table's one owner.
  const stockAnalyses = new StoredAnalysesRepository(db);
  const { trackRecord, research } = composeResearch(config, db, infra, { market, analysis, billing, llmGateway, stockAnalyses });
  const publicRecommendations = new PublicRecommendationsService({ repository: publicAnalyses, log });
  const jobs = composeJobs(config, infra, analysis);
  const { watchlist, alertJobs } = composeWatchlist(config, db, infra, { publicAnalyses, market, billing, jobs });
  const marketPage = composeMarketPage(db, infra, market, publicAnalyses);
  const publicRefresh = composePublicRefresh(config, db, infra, { jobs, publicAnalyses, analysis, universe, trackRecord, alertJobs, publicRecommendations, marketPage });
  const news = new NewsService({
    sources: createNewsSources(config, {
      reports: () => storedPublicReports(publicAnalyses),
      benchmarkTicker: market.benchmarkTicker,
      onFeedError: (feed, error) => log.warn({ feed, err: error }, "a news feed failed; skipping it"),
    }),
    log,
  });
  const assistant = composeAssistant(infra, llmGateway, universe, { research, publicAnalyses, stockAnalyses, analysis, news, market, trackRecord });

  return {
    database,
    now,
    market,
    analysis,
    symbols: composeSymbolSearch(db, infra, market, searchMarket, limiter),
    users: new UserRepository(db),
    tokens: new TokenVerifier(db, config.appUrl),
    research,
    billing,
    billingWebhooks: new BillingWebhookService({ gateway, customers, log }),
    publicAnalyses,
    publicRecommendations,
    publicRefresh,
    marketPage,
    trackRecord,
    watchlist,
    screener: composeScreener(config, db, infra, { publicAnalyses, billing }),
    portfolio: composePortfolio(config, infra, { positions: new PositionsRepository(db), market, billing }),
    alertJobs,
    contact: new ContactService({ repository: new ContactRepository(db), now, limit: limiter.limit(CONTACT_RATE_LIMIT) }),
    watchlistAdds: limiter.limit(WATCHLIST_ADD_RATE_LIMIT),
    chat: new ChatService({ repository: new ChatRepository(db), assistant, now }),
    csv: new CsvImportService({ repository: stockAnalyses, now }),
    sharing: new AnalysisSharingService({ analyses: stockAnalyses, appUrl: config.appUrl }),
    news,
    // The gift assistant: catalogue scoring, refined by the LLM when one is configured.
    gifts: new GiftService({ gateway: llmGateway, log }),
    // Logos are anonymous too: checking an unknown ticker spends the search share, never the analyses'.
    logos: new LogosService({ market: searchMarket, source: createLogoSource(config) }),
    close: jobs.close,
  };
}
