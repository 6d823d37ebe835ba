import { MARKET_DATA_SOURCE_NAMES, type MarketDataProvider } from "../../../core/market/market-data-provider";
import type { AppConfig } from "../../config";
import { CachedMarketDataProvider } from "./cached-market-data-provider";
import { DemoMarketProvider } from "./demo";
import { FmpMarketProvider } from "./fmp";
import { createResilientFetch } from "./resilient-fetch";
import { YahooMarketProvider } from "./yahoo";

/**
 * Picks the market-data adapter from the configuration (demo by default). Real providers fetch
 * through the resilient fetch (time-outs, retries, circuit breaker); all sit behind the daily cache.
 */
export function createMarketDataProvider(config: AppConfig, fetchImpl: typeof fetch = globalThis.fetch): MarketDataProvider {
  switch (config.market.provider) {
    case "demo":
      return new CachedMarketDataProvider(new DemoMarketProvider({ seed: config.market.demoSeed }));
    case "yahoo":
      return new CachedMarketDataProvider(
        new YahooMarketProvider({
          benchmarkTicker: config.market.benchmark,
          fetch: createResilientFetch(MARKET_DATA_SOURCE_NAMES.yahoo, fetchImpl),
        }),
      );
    case "fmp":
      return new CachedMarketDataProvider(
        new FmpMarketProvider({
          apiKey: config.fmp.apiKey!,
          baseUrl: config.fmp.baseUrl,
          benchmarkTicker: config.market.benchmark,
          fetch: createResilientFetch(MARKET_DATA_SOURCE_NAMES.fmp, fetchImpl),
        }),
      );
  }
}
