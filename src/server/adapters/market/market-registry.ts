import { MARKET_DATA_SOURCE_NAMES, type MarketDataProvider } from "../../../core/market/market-data-provider";
import type { AppConfig, MarketProviderSetting } from "../../config";
import { CachedMarketDataProvider, type MarketCacheLog } from "./cached-market-data-provider";
import { DemoMarketProvider } from "./demo";
import { SimulatedLatencyProvider } from "./simulated-latency";
import { FmpMarketProvider } from "./fmp";
import type { MarketCacheStore } from "./market-cache-store";
import { createProviderBudget, laneLimits, type BudgetLane, type SharedBudgetOptions } from "./provider-budget";
import { createResilientFetch } from "./resilient-fetch";
import { YahooMarketProvider } from "./yahoo";

export interface MarketRegistryOptions {
  /** The fetch real providers use (wrapped in the resilient fetch); default globalThis.fetch. */
  fetch?: typeof fetch;
  /** Where fetched data is kept between processes (the database); memory only without it. */
  store?: MarketCacheStore;
  /** The application log: repaired bars and stale-cache fallbacks are written to it. */
  log?: MarketCacheLog;
  now?: () => Date;
  /**
   * Count every upstream call (retries included) in the database against the provider's budget
   * (MARKET_CALLS_PER_SECOND / MARKET_CALLS_PER_DAY, provider-budget.ts), shared by all instances.
   * Without it, calls are not counted across instances.
   */
  budget?: SharedBudgetOptions;
  /**
   * Which share of the provider's day this provider spends (provider-budget.ts): `main` (the
   * default) for analyses, `search` for the ticker suggestions' look-ups.
   */
  lane?: BudgetLane;
  /** Told of every cache lookup, hit or not (GET /metrics counts them). */
  onCacheLookup?: (kind: string, hit: boolean) => void;
}

/** A provider the configuration can name once `auto` is resolved. */
type ConcreteMarketProvider = Exclude<MarketProviderSetting, "auto">;

export interface MarketChoice {
  provider: ConcreteMarketProvider;
  /** One sentence for the log: why this provider. */
  reason: string;
}

export interface MarketProbeOptions {
  /** The fetch the probe goes through (tests inject one; never the internet in tests); default globalThis.fetch. */
  fetch?: typeof fetch;
  /** How long Yahoo Finance has to answer, ms; default 3 000. */
  timeoutMs?: number;
  now?: () => Date;
}

/** The start-up log: one line saying which market data is used and why. */
export interface MarketChoiceLog {
  info(fields: Record<string, unknown>, message: string): void;
}

const MARKET_PROBE_TIMEOUT_MS = 3_000;
/** Sessions the probe asks for: one small chart request. */
const PROBE_SESSIONS = 5;
const REAL_DATA_HINT = "set MARKET_DATA_PROVIDER=yahoo, or fmp with FMP_API_KEY, for real data";

/**
 * Which provider `MARKET_DATA_PROVIDER` means. `demo`, `yahoo` and `fmp` are taken as set; `auto`
 * (the default) asks Yahoo Finance for a few daily bars of the benchmark, once, within `timeoutMs`:
 * Yahoo when it answers with bars, else the demo market. Never throws.
 */
export async function chooseMarketProvider(config: AppConfig, options: MarketProbeOptions = {}): Promise<MarketChoice> {
  const setting = config.market.provider;
  if (setting !== "auto") return { provider: setting, reason: `MARKET_DATA_PROVIDER=${setting}` };
  const timeoutMs = options.timeoutMs ?? MARKET_PROBE_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? ((input: string | URL | Request, init?: RequestInit) => globalThis.fetch(input, init));
  const probe = new YahooMarketProvider({
    benchmarkTicker: config.market.benchmark,
    fetch: fetchImpl,
    timeoutMs,
    ...(options.now && { today: options.now }),
  });
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
    timer.unref?.();
  });
  try {
    const answer = await Promise.race([probe.getDailyBars(config.market.benchmark, PROBE_SESSIONS), timeout]);
    if (answer === "timeout") return { provider: "demo", reason: `Yahoo Finance did not answer within ${timeoutMs} ms` };
    if (!answer || answer.close.length === 0) return { provider: "demo", reason: `Yahoo Finance returned no prices for ${config.market.benchmark}` };
    return { provider: "yahoo", reason: `Yahoo Finance answered for ${config.market.benchmark} in ${Math.round(performance.now() - started)} ms` };
  } catch (error) {
    return { provider: "demo", reason: `Yahoo Finance could not be reached (${error instanceof Error ? error.message : String(error)})` };
  } finally {
    clearTimeout(timer);
  }
}

/** The sentence the start-up log writes about the market data in use. */
export function describeMarketChoice(choice: MarketChoice, setting: MarketProviderSetting): string {
  const source = MARKET_DATA_SOURCE_NAMES[choice.provider];
  if (setting !== "auto") return `market data: ${source} (${choice.reason})`;
  if (choice.provider === "demo") return `market data: the demo market of fictional companies, because ${choice.reason}; ${REAL_DATA_HINT}`;
  return `market data: ${source}, because ${choice.reason} (MARKET_DATA_PROVIDER=auto)`;
}

/**
 * The configuration with `auto` resolved to the provider to use (chooseMarketProvider), logged in
 * one line. The server calls it at start-up without waiting for it before it listens; the CLI before
 * its command.
 */
export async function resolveMarketConfig(config: AppConfig, options: MarketProbeOptions & { log?: MarketChoiceLog } = {}): Promise<AppConfig> {
  const choice = await chooseMarketProvider(config, options);
  options.log?.info({ provider: choice.provider, setting: config.market.provider }, describeMarketChoice(choice, config.market.provider));
  return choice.provider === config.market.provider ? config : { ...config, market: { ...config.market, provider: choice.provider } };
}

/**
 * Picks the market-data adapter from the configuration. `auto` needs the start-up probe
 * (resolveMarketConfig); a configuration that was not resolved gets the demo market here, so this
 * synchronous factory never reaches the network on its own. Real providers fetch
 * through the resilient fetch (time-outs, retries, circuit breaker) and sit behind the cache, kept
 * in the store when one is given; the demo market is computed locally, so memory is enough.
 */
export function createMarketDataProvider(config: AppConfig, options: MarketRegistryOptions = {}): MarketDataProvider {
  const fetchImpl = options.fetch ?? ((input: string | URL | Request, init?: RequestInit) => globalThis.fetch(input, init));
  // Real providers fetch through the resilient fetch; with a budget, each attempt first takes a
  // slot (admit, before its time-out starts) and the raw fetch under the retries reports outcomes.
  const lane = options.lane ?? "main";
  const upstreamFetch = (provider: "yahoo" | "fmp") => {
    const budget = options.budget && createProviderBudget(provider, MARKET_DATA_SOURCE_NAMES[provider], config.market.budget, options.budget, lane);
    if (!budget) return createResilientFetch(MARKET_DATA_SOURCE_NAMES[provider], fetchImpl);
    return createResilientFetch(MARKET_DATA_SOURCE_NAMES[provider], budget.observe(fetchImpl), { admit: (signal) => budget.acquire(signal) });
  };
  const onRepair = (ticker: string, repairs: object) => options.log?.warn({ ticker, repairs }, "market data: bars repaired or dropped");
  const cacheOptions = {
    ...(options.log && { log: options.log }),
    ...(options.now && { now: options.now }),
    ...(options.onCacheLookup && { onLookup: options.onCacheLookup }),
  };
  // Once per provider (one per process): a user asked for a ticker the demo market does not list.
  let toldOperator = false;
  const onUnknownTicker = (ticker: string) => {
    if (toldOperator || !options.log) return;
    toldOperator = true;
    options.log.warn({ ticker }, `market data: ${ticker} was asked for, but the demo market lists only fictional companies; ${REAL_DATA_HINT}`);
  };
  switch (config.market.provider) {
    case "auto":
    case "demo":
    {
      // The demo market's sessions follow the process clock (DEV_TEST_CLOCK moves it in end-to-end tests).
      const demo = new DemoMarketProvider({ seed: config.market.demoSeed, universeSize: config.market.demoUniverseSize, onUnknownTicker, ...(options.now && { today: options.now }) });
      return new CachedMarketDataProvider(config.market.demoLatencyMs > 0 ? new SimulatedLatencyProvider(demo, config.market.demoLatencyMs) : demo, cacheOptions);
    }
    case "yahoo":
      return new CachedMarketDataProvider(
        new YahooMarketProvider({
          benchmarkTicker: config.market.benchmark,
          fetch: upstreamFetch("yahoo"),
          onRepair,
        }),
        { ...cacheOptions, ...(options.store && { store: options.store }) },
      );
    case "fmp":
      return new CachedMarketDataProvider(
        new FmpMarketProvider({
          apiKey: config.fmp.apiKey!,
          baseUrl: config.fmp.baseUrl,
          benchmarkTicker: config.market.benchmark,
          fetch: upstreamFetch("fmp"),
          dailyCallBudget: laneLimits("fmp", config.market.budget, lane)?.perDay ?? Number.POSITIVE_INFINITY,
          onBarsRepaired: onRepair,
        }),
        { ...cacheOptions, ...(options.store && { store: options.store }) },
      );
  }
}
