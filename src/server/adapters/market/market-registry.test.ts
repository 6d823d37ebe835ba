import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createMarketDataProvider } from "./market-registry";

describe("createMarketDataProvider", () => {
  it("uses the demo market by default", () => {
    const provider = createMarketDataProvider(loadConfig({}));
    expect(provider).toMatchObject({ id: "demo", demo: true, benchmarkTicker: "SPY" });
  });

  it("builds the Yahoo Finance and FMP adapters with the configured benchmark, without calling out", () => {
    const offline = (() => Promise.reject(new Error("no network in tests"))) as unknown as typeof fetch;
    const yahoo = createMarketDataProvider(loadConfig({ MARKET_DATA_PROVIDER: "yahoo", BENCHMARK_SYMBOL: "qqq" }), { fetch: offline });
    expect(yahoo).toMatchObject({ id: "yahoo", demo: false, benchmarkTicker: "QQQ" });
    const fmp = createMarketDataProvider(loadConfig({ MARKET_DATA_PROVIDER: "fmp", FMP_API_KEY: "key" }), { fetch: offline });
    expect(fmp).toMatchObject({ id: "fmp", demo: false, benchmarkTicker: "SPY" });
  });

  it("refuses fmp without a key at boot", () => {
    expect(() => loadConfig({ MARKET_DATA_PROVIDER: "fmp" })).toThrow(/MARKET_DATA_PROVIDER: 'fmp' needs FMP_API_KEY/);
  });
});
