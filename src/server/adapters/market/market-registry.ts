import { MARKET_DATA_SOURCE_NAMES, type MarketDataProvider } from "../../../core/market/market-data-provider";
import type { AppConfig } from "../../config";
import { CachedMarketDataProvider, type MarketCacheLog } from "./cached-market-data-provider";
import { DemoMarketProvider } from "./demo";
import { FmpMarketProvider } from "./fmp";
import type { MarketCacheStore } from "./market-cache-store";
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
}

/**
 * Picks the market-data adapter from the configuration (demo by default). Real providers fetch
 * through the resilient fetch (time-outs, retries, circuit breaker) and sit behind the cache, kept
 * in the store when one is given; the demo market is computed locally, so memory is enough.
 */
export function createMarketDataProvider(config: AppConfig, options: MarketRegistryOptions = {}): MarketDataProvider {
  const fetchImpl = options.fetch ?? ((input: string | URL | Request, init?: RequestInit) => globalThis.fetch(input, init));
  const onRepair = (ticker: string, repairs: object) => options.log?.warn({ ticker, repairs }, "market data: bars repaired or dropped");
  const cacheOptions = { ...(options.log && { log: options.log }), ...(options.now && { now: options.now }) };
  switch (config.market.provider) {
    case "demo":
      return new CachedMarketDataProvider(new DemoMarketProvider({ seed: config.market.demoSeed }), cacheOptions);
    case "yahoo":
      return new CachedMarketDataProvider(
        new YahooMarketProvider({
          benchmarkTicker: config.market.benchmark,
          fetch: createResilientFetch(MARKET_DATA_SOURCE_NAMES.yahoo, fetchImpl),
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
          fetch: createResilientFetch(MARKET_DATA_SOURCE_NAMES.fmp, fetchImpl),
          onBarsRepaired: onRepair,
        }),
        { ...cacheOptions, ...(options.store && { store: options.store }) },
      );
  }
}
