import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";

/**
 * Database schema (Drizzle pg-core). The auth tables follow better-auth's model (its field names are
 * the object keys; SQL columns are snake_case). Migrations are generated with `npm run db:generate`.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

export const jwks = pgTable("jwks", {
  id: text("id").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  // The key's algorithm and curve (better-auth 1.7 records them with each key).
  alg: text("alg"),
  crv: text("crv"),
});

/** better-auth's rate-limit counters, in the database so several instances share them. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** A user's analyses (history). Removal is soft for an hour so it can be undone, then purged. */
export const stockAnalyses = pgTable(
  "stock_analyses",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ticker: text("ticker").notNull(),
    action: text("action").notNull(),
    analysis: jsonb("analysis").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    // The address of the analysis's public read-only page while its owner shares it (null: not shared).
    shareToken: text("share_token").unique(),
  },
  (table) => [
    index("stock_analyses_user_created_idx").on(table.userId, table.createdAt),
    index("stock_analyses_user_ticker_idx").on(table.userId, table.ticker),
    // The track record takes the analyses it does not follow yet in this order, a page at a time.
    index("stock_analyses_created_id_idx").on(table.createdAt, table.id),
  ],
);

/** Analyses used per user per UTC day; incremented atomically against the free limit. */
export const dailyUsage = pgTable(
  "daily_usage",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** Payment provider customers, keyed by e-mail (docs/product.md); filled by the billing webhook. */
export const stripeCustomers = pgTable(
  "stripe_customers",
  {
    email: text("email").primaryKey(),
    customerId: text("customer_id"),
    subscriptionId: text("subscription_id"),
    status: text("status").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When `status` was true at Stripe (the event's `created`, or when it was re-read from the API): see billing/subscription-order.ts. */
    stateAt: timestamp("state_at", { withTimezone: true }),
    /** Since when the subscription is past_due (premium is kept PREMIUM_GRACE_DAYS from then). */
    pastDueSince: timestamp("past_due_since", { withTimezone: true }),
    /** 'stripe' (webhook) or 'manual' (`quanta premium grant`; current_period_end then ends it). */
    source: text("source").notNull().default("stripe"),
  },
  (table) => [index("stripe_customers_customer_id_idx").on(table.customerId)],
);

/** Stripe webhook events already handled (by event id), so a replayed delivery changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The public recommendation list: the latest analysis of each ticker of the public universe. The
 * screener's columns (decision 059) are derived from `analysis` in the same write, so the screener
 * filters and sorts in SQL; every sort adds the ticker as a tie-breaker and puts nulls last.
 */
export const publicAnalyses = pgTable(
  "public_analyses",
  {
    id: text("id").primaryKey(),
    ticker: text("ticker").notNull().unique(),
    action: text("action").notNull(),
    analysis: jsonb("analysis").notNull(),
    asOf: date("as_of").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    company: text("company"),
    sector: text("sector"),
    industry: text("industry"),
    price: doublePrecision("price"),
    changePct: doublePrecision("change_pct"),
    volumeRatio: doublePrecision("volume_ratio"),
    dollarVolume: doublePrecision("dollar_volume"),
    setup: text("setup"),
    buyPointDistance: doublePrecision("buy_point_distance"),
    stopRisk: doublePrecision("stop_risk"),
    rsRating: integer("rs_rating"),
    ttScore: integer("tt_score"),
    belowHighPct: doublePrecision("below_high_pct"),
    epsGrowth: doublePrecision("eps_growth"),
    above50: boolean("above_50"),
    above200: boolean("above_200"),
    newHigh: boolean("new_high"),
    newLow: boolean("new_low"),
    demo: boolean("demo").notNull().default(false),
  },
  (table) => [
    index("public_analyses_action_rs").on(table.action, table.rsRating.desc().nullsLast(), table.ticker),
    index("public_analyses_setup").on(table.setup),
    index("public_analyses_group").on(table.sector, table.industry),
    index("public_analyses_rs").on(table.rsRating.desc().nullsLast(), table.ticker),
    index("public_analyses_tt").on(table.ttScore.desc().nullsLast(), table.ticker),
    index("public_analyses_buy_distance").on(table.buyPointDistance, table.ticker),
    index("public_analyses_change").on(table.changePct, table.ticker),
    index("public_analyses_volume_ratio").on(table.volumeRatio, table.ticker),
    index("public_analyses_dollar_volume").on(table.dollarVolume, table.ticker),
    index("public_analyses_price").on(table.price, table.ticker),
  ],
);

/**
 * Every call the daily screen published (decision 029): one row per ticker and session, written once
 * and never changed (a trigger refuses UPDATE and DELETE). `episodeId` is the id of the call that
 * started the run of the same call on the ticker (its own id when it started one); `trade` marks the
 * first BUY of a base, the one played as a trade.
 */
export const trackCalls = pgTable(
  "track_calls",
  {
    id: text("id").primaryKey(),
    asOf: date("as_of").notNull(),
    ticker: text("ticker").notNull(),
    action: text("action").notNull(),
    setup: text("setup").notNull(),
    baseType: text("base_type"),
    baseStart: date("base_start"),
    buyPoint: doublePrecision("buy_point"),
    buyRangeHigh: doublePrecision("buy_range_high"),
    stop: doublePrecision("stop"),
    target: doublePrecision("target"),
    price: doublePrecision("price").notNull(),
    rsRating: doublePrecision("rs_rating"),
    marketState: text("market_state"),
    engineVersion: text("engine_version").notNull(),
    simulated: boolean("simulated").notNull(),
    dataSource: text("data_source").notNull(),
    benchmarkClose: doublePrecision("benchmark_close"),
    /** Sessions after the call on which the trade may be filled (what is left of the buy window). */
    entrySessions: integer("entry_sessions"),
    episodeId: text("episode_id").notNull(),
    trade: boolean("trade").notNull().default(false),
    runId: text("run_id"),
    createdAt: createdAt(),
  },
  (table) => [
    unique("track_calls_session_ticker").on(table.asOf, table.ticker),
    index("track_calls_ticker_as_of").on(table.ticker, table.asOf),
    index("track_calls_episode").on(table.episodeId),
    // The distinct calls (each episode's first), newest first: the page of calls reads only these.
    index("track_calls_distinct_newest")
      .on(table.simulated, table.asOf.desc(), table.ticker)
      .where(sql`${table.id} = ${table.episodeId}`),
    index("track_calls_distinct_by_action")
      .on(table.simulated, table.action, table.asOf.desc(), table.ticker)
      .where(sql`${table.id} = ${table.episodeId}`),
  ],
);

/** How each distinct call (an episode's first) has done so far; updated as sessions arrive. */
export const trackOutcomes = pgTable(
  "track_outcomes",
  {
    callId: text("call_id")
      .primaryKey()
      .references(() => trackCalls.id),
    progress: jsonb("progress").notNull(),
    status: text("status").notNull(),
    settled: boolean("settled").notNull(),
    lastDate: date("last_date").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [index("track_outcomes_settled").on(table.settled)],
);

/**
 * How each analysis a user ran has done since (shown only in that user's own history): the call
 * as the outcome rules follow it (`call`: price, benchmark price, trade levels) and its progress.
 */
export const analysisOutcomes = pgTable(
  "analysis_outcomes",
  {
    analysisId: text("analysis_id")
      .primaryKey()
      .references(() => stockAnalyses.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    ticker: text("ticker").notNull(),
    /** Null when the analysis cannot be followed (status 'unfollowable', `reason` says why). */
    call: jsonb("call"),
    progress: jsonb("progress"),
    status: text("status").notNull(),
    settled: boolean("settled").notNull(),
    /** Why an unfollowable analysis is not followed; null for every followed one. */
    reason: text("reason"),
    updatedAt: updatedAt(),
  },
  (table) => [index("analysis_outcomes_open").on(table.settled, table.ticker)],
);

/** The record's figures, computed after each scoring (one row per scope: 'market' or 'simulated'). */
export const trackRecordFigures = pgTable("track_record_figures", {
  scope: text("scope").primaryKey(),
  figures: jsonb("figures").notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
});

/** One row per scheduled job run (name + run key, e.g. the trading day): exactly one instance runs it. */
export const jobRuns = pgTable(
  "job_runs",
  {
    name: text("name").notNull(),
    runKey: text("run_key").notNull(),
    holder: text("holder").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    error: text("error"),
  },
  (table) => [primaryKey({ columns: [table.name, table.runKey] })],
);

/** Messages from the landing page's contact form (docs/product.md); read with `quanta contact list`. */
export const contactData = pgTable(
  "contact_data",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message"),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip"),
  },
  (table) => [index("contact_data_timestamp_idx").on(table.timestamp)],
);

/**
 * Every anonymous (and per-user) request limit: requests of one client key in its current window (the
 * first request opens it, `expiresAt` ends it). In the database, so all instances count the same
 * requests; ended windows are deleted (rate-limit/shared-rate-limiter.ts).
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    /** Which limit: 'symbol_search', 'contact', 'watchlist_add'. */
    scope: text("scope").notNull(),
    /** The client: an IPv4 address, an IPv6 /64, or a user id. */
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] }), index("rate_limit_windows_expires_at_idx").on(table.expiresAt)],
);

/**
 * The provider's list of symbols, the local index the ticker suggestions search (fetched at most
 * once a day, so a keystroke costs no upstream call).
 */
export const symbolDirectory = pgTable(
  "symbol_directory",
  {
    provider: text("provider").notNull(),
    ticker: text("ticker").notNull(),
    name: text("name").notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.ticker] })],
);

/** When each provider's symbol list was last fetched (claimed before the fetch: one instance a day). */
export const symbolDirectoryLoads = pgTable("symbol_directory_loads", {
  provider: text("provider").primaryKey(),
  attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
  loadedAt: timestamp("loaded_at", { withTimezone: true }),
  symbols: integer("symbols"),
});

/**
 * Market data fetched from Yahoo or FMP, kept until it expires (bars until the next close,
 * fundamentals and profiles a day) and, past that, served when the provider cannot be reached.
 */
export const marketCache = pgTable("market_cache", {
  key: text("key").primaryKey(),
  payload: jsonb("payload").notNull(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** A user's chat conversations on the chat site (/ask). */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("chat_conversations_user_updated_idx").on(table.userId, table.updatedAt)],
);

/** Messages of a conversation, oldest first; `citations` names the analyses an answer used. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: text("id").primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    content: text("content").notNull(),
    citations: jsonb("citations").notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("chat_messages_conversation_created_idx").on(table.conversationId, table.createdAt)],
);

/** Language-model tokens used per user per UTC day, against LLM_DAILY_TOKEN_BUDGET. */
export const llmUsage = pgTable(
  "llm_usage",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    tokens: integer("tokens").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/**
 * Language-model tokens per UTC day of a budget no user pays for (the anonymous gift form), against
 * LLM_DAILY_TOKEN_BUDGET; in the database so every instance spends the same budget.
 */
export const llmSharedUsage = pgTable(
  "llm_shared_usage",
  {
    budgetKey: text("budget_key").notNull(),
    day: date("day").notNull(),
    tokens: integer("tokens").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.budgetKey, table.day] })],
);

/**
 * The daily public refresh as queued work (features/public-recommendations/public-refresh.service.ts): one row per run, with the
 * universe it analyses and the phase it is in ('score' → 'analyse' → 'finishing' → 'done', or
 * 'failed' when it cannot finish).
 */
export const refreshRuns = pgTable("refresh_runs", {
  /** The run's id: its trading-day (or manual) key, '#', and the claim's suffix. */
  runId: text("run_id").primaryKey(),
  tickers: integer("tickers").notNull(),
  chunks: integer("chunks").notNull(),
  phase: text("phase").notNull().default("score"),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  /** Why a run that could not finish ('failed') failed. */
  error: text("error"),
});

/**
 * One chunk of a refresh run's tickers in one phase: which instance took it, how often, and what it
 * produced (RS scores in the 'score' phase, analysed and failed tickers in the 'analyse' phase).
 */
export const refreshChunks = pgTable(
  "refresh_chunks",
  {
    runId: text("run_id").notNull(),
    phase: text("phase").notNull(),
    chunk: integer("chunk").notNull(),
    tickers: jsonb("tickers").$type<string[]>().notNull(),
    state: text("state").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    holder: text("holder"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    scores: jsonb("scores").$type<Record<string, number>>(),
    analysed: integer("analysed"),
    failed: jsonb("failed").$type<string[]>(),
    error: text("error"),
  },
  (table) => [primaryKey({ columns: [table.runId, table.phase, table.chunk] })],
);

/**
 * Upstream calls to a market-data provider per window ('s:<epoch second>' or 'd:<UTC day>'), counted
 * by every instance in one place so that together they stay within the provider's budget.
 */
export const providerCalls = pgTable(
  "provider_calls",
  {
    provider: text("provider").notNull(),
    window: text("window").notNull(),
    calls: integer("calls").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.window] })],
);

/** A provider that answered 429 with Retry-After: no instance calls it before `blockedUntil`. */
export const providerBlocks = pgTable("provider_blocks", {
  provider: text("provider").primaryKey(),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull(),
  reason: text("reason").notNull(),
});

/** A user's watched stocks and each one's alert rules (decision 032). */
export const watchItems = pgTable(
  "watch_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ticker: text("ticker").notNull(),
    ruleBuy: boolean("rule_buy").notNull().default(true),
    ruleSell: boolean("rule_sell").notNull().default(true),
    ruleExtended: boolean("rule_extended").notNull().default(true),
    ruleNewBase: boolean("rule_new_base").notNull().default(true),
    priceAbove: doublePrecision("price_above"),
    priceAboveSetAt: timestamp("price_above_set_at", { withTimezone: true }),
    priceAboveFiredOn: date("price_above_fired_on"),
    priceBelow: doublePrecision("price_below"),
    priceBelowSetAt: timestamp("price_below_set_at", { withTimezone: true }),
    priceBelowFiredOn: date("price_below_fired_on"),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.ticker] }), index("watch_items_ticker").on(table.ticker)],
);

/** A user's alert switches: the daily digest and each rule for all their stocks; when they last read the bell. */
export const alertSettings = pgTable("alert_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  digest: boolean("digest").notNull().default(true),
  ruleBuy: boolean("rule_buy").notNull().default(true),
  ruleSell: boolean("rule_sell").notNull().default(true),
  ruleExtended: boolean("rule_extended").notNull().default(true),
  ruleNewBase: boolean("rule_new_base").notNull().default(true),
  rulePrice: boolean("rule_price").notNull().default(true),
  readAt: timestamp("read_at", { withTimezone: true }),
  /** Signed into the digest's unsubscribe links; advanced when the digest is switched on again, so older links stop working. */
  unsubscribeVersion: integer("unsubscribe_version").notNull().default(0),
  updatedAt: updatedAt(),
});

/** A watched stock's state on a session (core/alerts/watch-snapshot.ts): what the next session is compared with. */
export const watchSnapshots = pgTable(
  "watch_snapshots",
  {
    ticker: text("ticker").notNull(),
    session: date("session").notNull(),
    close: doublePrecision("close").notNull(),
    snapshot: jsonb("snapshot").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.ticker, table.session] })],
);

/** Each event a stock's rules saw, once (unique by ticker, rule and the event's key). */
export const watchEvents = pgTable(
  "stock_events",
  {
    id: text("id").primaryKey(),
    ticker: text("ticker").notNull(),
    rule: text("rule").notNull(),
    eventKey: text("event_key").notNull(),
    session: date("session").notNull(),
    title: text("title").notNull(),
    detail: text("detail").notNull(),
    createdAt: createdAt(),
  },
  (table) => [unique("stock_events_once").on(table.ticker, table.rule, table.eventKey), index("stock_events_session").on(table.session)],
);

/** A user's alerts: the bell's list and the digest's content; never two for one user and event. */
export const userAlerts = pgTable(
  "user_alerts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ticker: text("ticker").notNull(),
    rule: text("rule").notNull(),
    eventKey: text("event_key").notNull(),
    session: date("session").notNull(),
    title: text("title").notNull(),
    detail: text("detail").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique("user_alerts_once").on(table.userId, table.ticker, table.rule, table.eventKey),
    index("user_alerts_user_newest").on(table.userId, table.createdAt.desc()),
    index("user_alerts_session_user").on(table.session, table.userId),
  ],
);

/**
 * One evaluation of the watch lists after a refresh run: the watched stocks outside the public
 * universe it analyses (kept here so its slice jobs carry only their own slice) and when its alerts
 * were raised.
 */
export const watchAlertRuns = pgTable("watch_alert_runs", {
  runKey: text("run_key").primaryKey(),
  tickers: jsonb("tickers").$type<string[]>().notNull(),
  sliceSize: integer("slice_size").notNull(),
  raisedAt: timestamp("raised_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** A finished slice of an evaluation (done or failed for good), with the tickers it could not analyse. */
export const watchAlertSlices = pgTable(
  "watch_alert_slices",
  {
    runKey: text("run_key")
      .notNull()
      .references(() => watchAlertRuns.runKey, { onDelete: "cascade" }),
    slice: integer("slice").notNull(),
    failed: jsonb("failed").$type<string[]>().notNull(),
    error: text("error"),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.runKey, table.slice] })],
);

/** The digest e-mail of a user and session: claimed before it is sent, so it goes out once. */
export const alertDigests = pgTable(
  "alert_digests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    session: date("session").notNull(),
    alerts: integer("alerts").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.session] })],
);

/** A user's saved screener screens (decision 059): free 3, premium 20, a name unique per user. */
export const savedScreens = pgTable(
  "saved_screens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: jsonb("query").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("saved_screens_user").on(table.userId, table.createdAt), unique("saved_screens_user_name").on(table.userId, table.name)],
);

/**
 * The market page of one session (docs/product.md, "Market"): written by the daily screen once its
 * analyses are in, and upserted, so a run finished again after a crash writes the same row.
 */
export const marketSessions = pgTable("market_sessions", {
  session: date("session").primaryKey(),
  benchmark: text("benchmark").notNull(),
  state: text("state"),
  since: date("since"),
  distributionDays: jsonb("distribution_days").notNull(),
  followThroughDay: date("follow_through_day"),
  stateHistory: jsonb("state_history").notNull(),
  breadth: jsonb("breadth").notNull(),
  groups: jsonb("groups").notNull(),
  benchmarkBars: jsonb("benchmark_bars").notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
});

/** Share counts: fractional shares to six places (decision 062). */
const quantity = (name: string) => numeric(name, { precision: 20, scale: 6, mode: "number" });
/** Prices and fees in dollars to four places (sub-penny quotes); outputs are rounded to the cent. */
const money = (name: string) => numeric(name, { precision: 20, scale: 4, mode: "number" });

/** A user's position in one ticker (decision 062): its stops, plan and levels; lots and P/L come from its trades. */
export const positions = pgTable(
  "positions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ticker: text("ticker").notNull(),
    openedOn: date("opened_on").notNull(),
    /** The session its last share was sold; null while open. */
    closedOn: date("closed_on"),
    stop: money("stop"),
    stopSetAt: timestamp("stop_set_at", { withTimezone: true }),
    /** The stop at the first buy, frozen: the R multiple's denominator. */
    initialStop: money("initial_stop"),
    timeExit: date("time_exit"),
    priceAbove: money("price_above"),
    priceAboveSetAt: timestamp("price_above_set_at", { withTimezone: true }),
    priceAboveFiredOn: date("price_above_fired_on"),
    priceBelow: money("price_below"),
    priceBelowSetAt: timestamp("price_below_set_at", { withTimezone: true }),
    priceBelowFiredOn: date("price_below_fired_on"),
    source: text("source").notNull(),
    /** The report's trade setup the buy followed ({as_of, buy_point, stop, target}). */
    plan: jsonb("plan"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("positions_user").on(table.userId, table.createdAt),
    index("positions_open_ticker").on(table.ticker).where(sql`${table.closedOn} is null`),
    index("positions_open_user").on(table.userId).where(sql`${table.closedOn} is null`),
    check("positions_source", sql`${table.source} in ('report', 'manual', 'import')`),
    check("positions_stop_positive", sql`${table.stop} is null or ${table.stop} > 0`),
  ],
);

/** One buy or sell of a position; user_id is repeated so a user's trades are scoped and exported without a join. */
export const positionTrades = pgTable(
  "position_trades",
  {
    id: text("id").primaryKey(),
    positionId: text("position_id")
      .notNull()
      .references(() => positions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tradeDate: date("trade_date").notNull(),
    side: text("side").notNull(),
    shares: quantity("shares").notNull(),
    price: money("price").notNull(),
    fees: money("fees").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index("position_trades_position").on(table.positionId, table.tradeDate),
    index("position_trades_user").on(table.userId),
    check("position_trades_side", sql`${table.side} in ('buy', 'sell')`),
    check("position_trades_shares_positive", sql`${table.shares} > 0`),
    check("position_trades_price_positive", sql`${table.price} > 0`),
    check("position_trades_fees_nonnegative", sql`${table.fees} >= 0`),
  ],
);
