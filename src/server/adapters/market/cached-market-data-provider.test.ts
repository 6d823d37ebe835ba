import { describe, expect, it } from "vitest";
import type { MarketDataProvider } from "../../../core/market/market-data-provider";
import { CachedMarketDataProvider } from "./cached-market-data-provider";
import { DemoMarketProvider } from "./demo";

function counting(inner: MarketDataProvider) {
  const calls = { bars: 0, fundamentals: 0 };
  const provider: MarketDataProvider = {
    id: inner.id,
    demo: inner.demo,
    benchmarkTicker: inner.benchmarkTicker,
    searchSymbols: (q) => inner.searchSymbols(q),
    getProfile: (t) => inner.getProfile(t),
    getDailyBars: async (t, s) => {
      calls.bars++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return inner.getDailyBars(t, s);
    },
    getFundamentals: async (t) => {
      calls.fundamentals++;
      return inner.getFundamentals(t);
    },
    sectorEtf: (s) => inner.sectorEtf(s),
    listUniverse: () => inner.listUniverse(),
  };
  return { provider, calls };
}

describe("CachedMarketDataProvider", () => {
  it("asks the provider once per ticker per trading day, sharing concurrent fetches", async () => {
    let now = new Date("2026-11-20T15:00:00Z"); // Friday 10:00 New York: last session Thursday
    const { provider, calls } = counting(new DemoMarketProvider({ seed: 1, today: () => now }));
    const cached = new CachedMarketDataProvider(provider, () => now);
    await Promise.all(Array.from({ length: 10 }, () => cached.getDailyBars("NWSC", 520)));
    await cached.getDailyBars("nwsc", 260);
    await Promise.all([cached.getFundamentals("NWSC"), cached.getFundamentals("NWSC")]);
    expect(calls).toEqual({ bars: 1, fundamentals: 1 });

    now = new Date("2026-11-20T19:00:00Z"); // 14:00 New York: same session
    await cached.getDailyBars("NWSC", 520);
    expect(calls.bars).toBe(1);

    now = new Date("2026-11-20T21:30:00Z"); // after the close: a new session
    await cached.getDailyBars("NWSC", 520);
    await cached.getFundamentals("NWSC");
    expect(calls).toEqual({ bars: 2, fundamentals: 2 });
  });

  it("does not keep failures", async () => {
    let fail = true;
    const inner = new DemoMarketProvider({ seed: 1 });
    const flaky: MarketDataProvider = Object.assign(Object.create(inner) as MarketDataProvider, {
      getDailyBars: async (t: string, s: number) => {
        if (fail) throw new Error("provider down");
        return inner.getDailyBars(t, s);
      },
    });
    const cached = new CachedMarketDataProvider(flaky);
    await expect(cached.getDailyBars("NWSC", 520)).rejects.toThrow("provider down");
    fail = false;
    expect(await cached.getDailyBars("NWSC", 520)).not.toBeNull();
  });
});
