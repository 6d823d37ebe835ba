import type { MarketDataProvider } from "../../../core/market/market-data-provider";
import type { AppConfig } from "../../config";
import { CachedMarketDataProvider } from "./cached-market-data-provider";
import { DemoMarketProvider } from "./demo";

/** Picks the market-data adapter from the configuration (demo by default), behind the daily cache. */
export function createMarketDataProvider(config: AppConfig): MarketDataProvider {
  switch (config.market.provider) {
    case "demo":
      return new CachedMarketDataProvider(new DemoMarketProvider({ seed: config.market.demoSeed }));
  }
}
