import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

/**
 * The only reader of process.env (docs/architecture.md): every setting is parsed and checked once, at
 * boot, and the typed result is passed down. A bad value stops the process with a list of problems.
 */

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().min(1).optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const booleanFlag = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(["true", "false", "1", "0", "yes", "no"])
      .optional()
      .transform((value) => (value === undefined ? fallback : ["true", "1", "yes"].includes(value))),
  );
const port = z.coerce.number().int().min(0).max(65535);

/** The shortest auth secret accepted, from AUTH_SECRET or the generated DATA_DIR/auth-secret alike. */
export const MIN_AUTH_SECRET_LENGTH = 32;
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
const timeoutMs = (fallback: number) => z.coerce.number().int().min(1000).max(600_000).default(fallback);

/** The proxy names proxy-addr (Fastify's trustProxy) understands besides addresses and CIDR ranges. */
const PROXY_KEYWORDS = ["loopback", "linklocal", "uniquelocal"];

function isProxyAddress(entry: string): boolean {
  if (PROXY_KEYWORDS.includes(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the reverse proxies in front of Quanta whose X-Forwarded-For is believed, by address,
 * CIDR range or proxy-addr's names. Off by default. `true` would believe the left-most address, which
 * the client writes itself; a hop count cannot check that the peer is the proxy (a client reaching
 * the port directly could claim any address), and Fastify 5 ignores it. Both are refused.
 */
const trustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((value, context): false | string[] => {
      const text = (value ?? "false").trim().toLowerCase();
      if (["false", "0", "no"].includes(text)) return false;
      if (["true", "yes"].includes(text) || /^\d+$/.test(text)) {
        context.addIssue({
          code: "custom",
          message: `'${text}' cannot tell the proxy from a client that writes its own X-Forwarded-For; list the proxies' addresses instead (e.g. loopback, or 10.0.0.5,10.0.1.0/24)`,
        });
        return z.NEVER;
      }
      const entries = text.split(",").map((entry) => entry.trim()).filter(Boolean);
      const invalid = entries.filter((entry) => !isProxyAddress(entry));
      if (invalid.length > 0) {
        context.addIssue({ code: "custom", message: `not an IP address, a CIDR range or loopback/linklocal/uniquelocal: ${invalid.join(", ")}` });
        return z.NEVER;
      }
      return entries;
    }),
);

/** The news sources `NEWS_SOURCES` may list (docs/product.md: Quanta briefs when nothing else is configured). */
const NEWS_SOURCE_IDS = ["briefs", "fmp", "rss"] as const;
type NewsSourceId = (typeof NEWS_SOURCE_IDS)[number];

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: port.default(3000),
    APP_URL: optionalUrl,
    TRUSTED_ORIGINS: optionalString,
    TRUST_PROXY: trustProxy,
    REQUEST_TIMEOUT_MS: timeoutMs(DEFAULT_REQUEST_TIMEOUT_MS),
    HEADERS_TIMEOUT_MS: timeoutMs(DEFAULT_HEADERS_TIMEOUT_MS),
    KEEP_ALIVE_TIMEOUT_MS: timeoutMs(72_000),
    DOCS_ENABLED: booleanFlag(true),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    BRAND_NAME: z.string().min(1).default("Quanta"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalUrl,
    // Trimmed like the DATA_DIR/auth-secret file: surrounding whitespace is no secret, so 40 spaces
    // are refused like an empty value instead of signing tokens anyone can forge.
    AUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((value, context) => {
          const secret = value.trim();
          if (secret.length === 0) {
            context.addIssue({ code: "custom", message: "AUTH_SECRET holds only whitespace; set a random value of at least 32 characters (e.g. openssl rand -base64 48)" });
            return z.NEVER;
          }
          if (secret.length < MIN_AUTH_SECRET_LENGTH) {
            context.addIssue({ code: "custom", message: `AUTH_SECRET must be at least ${MIN_AUTH_SECRET_LENGTH} characters (surrounding whitespace not counted)` });
            return z.NEVER;
          }
          return secret;
        })
        .optional(),
    ),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().min(3).default("Quanta <no-reply@quanta.local>"),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER_URL: z.url().default("https://accounts.google.com"),
    CAPTCHA_PROVIDER: z.enum(["none", "recaptcha", "turnstile"]).default("none"),
    CAPTCHA_SITE_KEY: optionalString,
    CAPTCHA_SECRET_KEY: optionalString,
    CAPTCHA_VERIFY_URL: optionalUrl,
    MARKET_DATA_PROVIDER: z.enum(["auto", "demo", "yahoo", "fmp"]).default("auto"),
    BENCHMARK_SYMBOL: z.string().trim().min(1).max(12).regex(/^[A-Za-z0-9.^-]+$/).default("SPY"),
    FREE_DAILY_ANALYSES: z.coerce.number().int().min(0).default(5),
    PUBLIC_UNIVERSE: optionalString,
    PUBLIC_REFRESH_CRON: z.string().min(9).default("30 16 * * 1-5"),
    CHAT_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    DEMO_MARKET_SEED: z.coerce.number().int().min(0).default(42),
    DEMO_UNIVERSE_SIZE: z.coerce.number().int().min(1).max(5000).default(45),
    DEMO_MARKET_LATENCY_MS: z.coerce.number().int().min(0).max(5000).default(0),
    PUBLIC_UNIVERSE_FILE: optionalString,
    MARKET_CALLS_PER_SECOND: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).optional()),
    MARKET_CALLS_PER_DAY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).optional()),
    MARKET_SEARCH_CALLS_PER_DAY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
    REFRESH_WORKER_THREADS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).optional()),
    REFRESH_CHUNK_SIZE: z.coerce.number().int().min(1).max(1000).default(25),
    REFRESH_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(3600).default(300),
    WATCHLIST_FREE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
    WATCHLIST_PREMIUM_LIMIT: z.coerce.number().int().min(1).max(10_000).default(100),
    SCREENS_FREE_LIMIT: z.coerce.number().int().min(1).max(1000).default(3),
    SCREENS_PREMIUM_LIMIT: z.coerce.number().int().min(1).max(1000).default(20),
    PORTFOLIO_FREE_OPEN_POSITIONS: z.coerce.number().int().min(1).max(100_000).default(20),
    DEV_TEST_CLOCK: booleanFlag(false),
    METRICS_TOKEN: optionalString,
    FMP_API_KEY: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_BUY_BUTTON_ID: optionalString,
    STRIPE_API_BASE_URL: optionalUrl,
    PREMIUM_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(3),
    LLM_PROVIDER: z.enum(["none", "openai", "anthropic", "openai-compatible"]).default("none"),
    LLM_MODEL: optionalString,
    LLM_API_KEY: optionalString,
    LLM_BASE_URL: optionalUrl,
    LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(20_000),
    LLM_DAILY_TOKEN_BUDGET: z.coerce.number().int().min(0).default(200_000),
    FMP_BASE_URL: z.url().default("https://financialmodelingprep.com"),
    NEWS_SOURCES: z
      .preprocess(emptyToUndefined, z.string().default("briefs"))
      .transform((value) => value.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.enum(NEWS_SOURCE_IDS, { error: "each entry must be one of briefs, fmp, rss" })).min(1)),
    NEWS_RSS_FEEDS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .optional()
        .transform((value) => (value ?? "").split(",").map((s) => s.trim()).filter(Boolean))
        .pipe(z.array(z.url({ protocol: /^https?$/, error: "each feed must be an http(s) URL" }))),
    ),
  });

/**
 * Rules across variables, checked on the raw values so they are reported together with the
 * per-variable problems (a list of everything that is wrong, not the first thing).
 */
function crossFieldProblems(source: Record<string, string | undefined>): string[] {
  const set = (name: string) => Boolean(source[name] && source[name] !== "");
  const problems: string[] = [];
  const headersTimeout = Number(source.HEADERS_TIMEOUT_MS || DEFAULT_HEADERS_TIMEOUT_MS);
  const requestTimeout = Number(source.REQUEST_TIMEOUT_MS || DEFAULT_REQUEST_TIMEOUT_MS);
  if (headersTimeout > requestTimeout) problems.push("HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS");
  if (source.NODE_ENV === "production" && !set("AUTH_SECRET")) problems.push("AUTH_SECRET: is required in production");
  if (source.NODE_ENV === "production" && /^(1|true|yes)$/i.test(source.DEV_TEST_CLOCK ?? "")) problems.push("DEV_TEST_CLOCK: is for end-to-end tests and cannot be set in production");
  if (set("GOOGLE_CLIENT_ID") !== set("GOOGLE_CLIENT_SECRET")) {
    problems.push("GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
  }
  const captcha = source.CAPTCHA_PROVIDER;
  if (captcha && captcha !== "none" && (!set("CAPTCHA_SITE_KEY") || !set("CAPTCHA_SECRET_KEY"))) {
    problems.push("CAPTCHA_PROVIDER: CAPTCHA_SITE_KEY and CAPTCHA_SECRET_KEY are required when CAPTCHA_PROVIDER is set");
  }
  const newsSources = (source.NEWS_SOURCES ?? "").split(",").map((s) => s.trim().toLowerCase());
  if (newsSources.includes("fmp") && !set("FMP_API_KEY")) problems.push("NEWS_SOURCES: 'fmp' needs FMP_API_KEY");
  if (source.MARKET_DATA_PROVIDER === "fmp" && !set("FMP_API_KEY")) problems.push("MARKET_DATA_PROVIDER: 'fmp' needs FMP_API_KEY");
  if (set("STRIPE_PUBLISHABLE_KEY") !== set("STRIPE_BUY_BUTTON_ID")) {
    problems.push("STRIPE_BUY_BUTTON_ID: STRIPE_PUBLISHABLE_KEY and STRIPE_BUY_BUTTON_ID must be set together");
  }
  if (set("STRIPE_PUBLISHABLE_KEY") && !set("STRIPE_WEBHOOK_SECRET")) {
    problems.push("STRIPE_WEBHOOK_SECRET: is required with the Buy Button, or payments would never reach Quanta");
  }
  const llm = source.LLM_PROVIDER;
  if (llm && llm !== "none" && !set("LLM_MODEL")) problems.push(`LLM_PROVIDER: '${llm}' needs LLM_MODEL`);
  if ((llm === "openai" || llm === "anthropic") && !set("LLM_API_KEY")) problems.push(`LLM_PROVIDER: '${llm}' needs LLM_API_KEY`);
  if (llm === "openai-compatible" && !set("LLM_BASE_URL")) problems.push("LLM_PROVIDER: 'openai-compatible' needs LLM_BASE_URL (e.g. http://localhost:11434/v1 for Ollama)");
  if (newsSources.includes("rss") && !set("NEWS_RSS_FEEDS")) problems.push("NEWS_SOURCES: 'rss' needs NEWS_RSS_FEEDS");
  return problems;
}

type Env = z.infer<typeof envSchema>;

export type MarketProviderSetting = "auto" | "demo" | "yahoo" | "fmp";

export interface AppConfig {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  host: string;
  port: number;
  appUrl: string;
  trustedOrigins: string[];
  /** Fastify's trustProxy: false, or the trusted proxies' addresses, ranges and proxy-addr names. */
  trustProxy: false | string[];
  /**
   * Slow clients: the whole request (headers and body) must arrive within `requestMs`, its headers
   * within `headersMs`; an idle kept-alive connection closes after `keepAliveMs`.
   */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number };
  /** The API reference at /docs (the OpenAPI document is still built; an operator may hide the page). */
  docsEnabled: boolean;
  logLevel: Env["LOG_LEVEL"];
  brand: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string | undefined;
  authRateLimit: { max: number; windowSeconds: number };
  mail: { smtpUrl: string | undefined; from: string };
  google: { clientId: string; clientSecret: string; issuerUrl: string } | undefined;
  /**
   * `auto` (the default): Yahoo Finance when a short probe at start-up answers, else the demo market
   * (adapters/market/market-registry.ts resolveMarketConfig); the others force one.
   */
  market: {
    provider: MarketProviderSetting;
    demoSeed: number;
    /** How many fictional companies the demo market lists (45 curated ones, then generated ones). */
    demoUniverseSize: number;
    /** The demo market waits this long per request, like a remote provider (scale measurements offline). */
    demoLatencyMs: number;
    benchmark: string;
    /**
     * Upstream calls every instance together may send to the provider (counted in the database);
     * null = the provider's default (adapters/market/provider-budget.ts).
     */
    budget: {
      perSecond: number | null;
      perDay: number | null;
      /** The ticker suggestions' own share of the day (MARKET_SEARCH_CALLS_PER_DAY); null = the provider's default. */
      searchPerDay: number | null;
    };
  };
  research: {
    freeDailyAnalyses: number;
    publicUniverse: string[] | null;
    /** A file naming the public universe (one ticker per line, or a CSV with a Symbol/Ticker column). */
    publicUniverseFile: string | null;
    publicRefreshCron: string;
  };
  /**
   * The daily refresh: tickers per queued job, analysis threads per instance (null = cores − 1, at
   * least 1), and how long a job may stay active before it is taken for dead and retried elsewhere.
   */
  jobs: { chunkSize: number; workerThreads: number | null; timeoutSeconds: number };
  /** How many stocks a free and a premium user may watch. */
  watchlist: { freeLimit: number; premiumLimit: number };
  /** How many screener screens a free and a premium user may save. */
  screens: { freeLimit: number; premiumLimit: number };
  /** How many open positions a free user may hold in the portfolio (premium: unlimited). */
  portfolio: { freeOpenPositions: number };
  /**
   * DEV_TEST_CLOCK (never in production): the server's clock can be moved forward by POST
   * /dev/clock/advance, so end-to-end tests see the next session's refresh and alerts.
   */
  devTestClock: boolean;
  /** GET /metrics (Prometheus): open when no token is set, else only with `Authorization: Bearer <token>`. */
  metrics: { token: string | undefined };
  chatUrl: string;
  /**
   * Stripe: the Buy Button (publishable key + button id, both public), the webhook secret and the
   * secret key (re-reading subscriptions, the customer portal) stay on the server.
   */
  billing: {
    buyButton: { publishableKey: string; buttonId: string } | undefined;
    webhookSecret: string | undefined;
    secretKey: string | undefined;
    /** Stripe API address override (tests point the real SDK at a local server). */
    apiBaseUrl: string | undefined;
    /** A past_due subscription keeps premium this many days. */
    graceDays: number;
  };
  /**
   * The language model that narrates reports and answers in chat; undefined = none (the rules
   * narrator and the rules assistant). `dailyTokenBudget` is per user and UTC day (0 = no LLM use).
   */
  llm:
    | { provider: "openai" | "anthropic" | "openai-compatible"; model: string; apiKey: string | undefined; baseUrl: string | undefined; timeoutMs: number; dailyTokenBudget: number }
    | undefined;
  /** Financial Modeling Prep: the key stays on the server (news articles, logos). */
  fmp: { apiKey: string | undefined; baseUrl: string };
  news: { sources: NewsSourceId[]; rssFeeds: string[] };
  captcha:
    | { provider: "recaptcha" | "turnstile"; siteKey: string; secretKey: string; verifyUrl: string | undefined }
    | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The same origin at the other names of this machine's loopback: 'http://localhost:3000' →
 * ['http://127.0.0.1:3000', 'http://[::1]:3000'] (same scheme and port); [] when the host is not
 * a loopback name (a LAN address or a domain is never guessed).
 */
export function loopbackAliases(origin: string): string[] {
  const url = new URL(origin);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [];
  return LOOPBACK_HOSTS.filter((host) => host !== url.hostname).map((host) => {
    const alias = new URL(url.origin);
    alias.hostname = host;
    return alias.origin;
  });
}

/**
 * The origins better-auth accepts: APP_URL's, and TRUSTED_ORIGINS. Outside production, APP_URL's
 * loopback aliases too, so a developer who opens http://127.0.0.1:3000 for APP_URL
 * http://localhost:3000 can sign in; production trusts only what is configured.
 */
export function trustedOriginsFor(appUrl: string, isProduction: boolean, extraOrigins: string[]): string[] {
  const origin = new URL(appUrl).origin;
  return [...new Set([origin, ...(isProduction ? [] : loopbackAliases(origin)), ...extraOrigins])];
}

/** Parses an environment (process.env in main.ts, a literal object in tests). */
export function loadConfig(source: Record<string, string | undefined>): AppConfig {
  const parsed = envSchema.safeParse(source);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`)),
    ...crossFieldProblems(source),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const extraOrigins = (env.TRUSTED_ORIGINS ?? "")
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    host: env.HOST,
    port: env.PORT,
    appUrl,
    trustedOrigins: trustedOriginsFor(appUrl, env.NODE_ENV === "production", extraOrigins),
    trustProxy: env.TRUST_PROXY,
    docsEnabled: env.DOCS_ENABLED,
    timeouts: { requestMs: env.REQUEST_TIMEOUT_MS, headersMs: env.HEADERS_TIMEOUT_MS, keepAliveMs: env.KEEP_ALIVE_TIMEOUT_MS },
    logLevel: env.LOG_LEVEL,
    brand: env.BRAND_NAME,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    authSecret: env.AUTH_SECRET,
    authRateLimit: { max: env.AUTH_RATE_LIMIT_MAX, windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuerUrl: env.GOOGLE_ISSUER_URL.replace(/\/$/, ""),
          }
        : undefined,
    market: {
      provider: env.MARKET_DATA_PROVIDER,
      demoSeed: env.DEMO_MARKET_SEED,
      demoUniverseSize: env.DEMO_UNIVERSE_SIZE,
      demoLatencyMs: env.DEMO_MARKET_LATENCY_MS,
      benchmark: env.BENCHMARK_SYMBOL.toUpperCase(),
      budget: {
        perSecond: env.MARKET_CALLS_PER_SECOND ?? null,
        perDay: env.MARKET_CALLS_PER_DAY ?? null,
        searchPerDay: env.MARKET_SEARCH_CALLS_PER_DAY ?? null,
      },
    },
    research: {
      freeDailyAnalyses: env.FREE_DAILY_ANALYSES,
      publicUniverse: env.PUBLIC_UNIVERSE
        ? env.PUBLIC_UNIVERSE.split(",").map((t) => t.trim().toUpperCase()).filter(Boolean)
        : null,
      publicUniverseFile: env.PUBLIC_UNIVERSE_FILE ?? null,
      publicRefreshCron: env.PUBLIC_REFRESH_CRON,
    },
    jobs: { chunkSize: env.REFRESH_CHUNK_SIZE, workerThreads: env.REFRESH_WORKER_THREADS ?? null, timeoutSeconds: env.REFRESH_JOB_TIMEOUT_SECONDS },
    watchlist: { freeLimit: env.WATCHLIST_FREE_LIMIT, premiumLimit: env.WATCHLIST_PREMIUM_LIMIT },
    screens: { freeLimit: env.SCREENS_FREE_LIMIT, premiumLimit: env.SCREENS_PREMIUM_LIMIT },
    portfolio: { freeOpenPositions: env.PORTFOLIO_FREE_OPEN_POSITIONS },
    devTestClock: env.DEV_TEST_CLOCK,
    metrics: { token: env.METRICS_TOKEN },
    chatUrl: (env.CHAT_URL ?? "").replace(/\/$/, ""),
    billing: {
      buyButton:
        env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_BUY_BUTTON_ID ? { publishableKey: env.STRIPE_PUBLISHABLE_KEY, buttonId: env.STRIPE_BUY_BUTTON_ID } : undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      secretKey: env.STRIPE_SECRET_KEY,
      apiBaseUrl: env.STRIPE_API_BASE_URL,
      graceDays: env.PREMIUM_GRACE_DAYS,
    },
    llm:
      env.LLM_PROVIDER !== "none" && env.LLM_MODEL
        ? {
            provider: env.LLM_PROVIDER,
            model: env.LLM_MODEL,
            apiKey: env.LLM_API_KEY,
            baseUrl: env.LLM_BASE_URL?.replace(/\/$/, ""),
            timeoutMs: env.LLM_TIMEOUT_MS,
            dailyTokenBudget: env.LLM_DAILY_TOKEN_BUDGET,
          }
        : undefined,
    fmp: { apiKey: env.FMP_API_KEY, baseUrl: env.FMP_BASE_URL.replace(/\/$/, "") },
    news: { sources: [...new Set(env.NEWS_SOURCES)], rssFeeds: env.NEWS_RSS_FEEDS },
    captcha:
      env.CAPTCHA_PROVIDER !== "none" && env.CAPTCHA_SITE_KEY && env.CAPTCHA_SECRET_KEY
        ? {
            provider: env.CAPTCHA_PROVIDER,
            siteKey: env.CAPTCHA_SITE_KEY,
            secretKey: env.CAPTCHA_SECRET_KEY,
            verifyUrl: env.CAPTCHA_VERIFY_URL,
          }
        : undefined,
  };
}

/** The process's own environment; called once by each entry point (server, CLI). */
export function loadConfigFromEnvironment(): AppConfig {
  return loadConfig(process.env);
}
