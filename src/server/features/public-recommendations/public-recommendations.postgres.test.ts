import { describe, expect, it } from "vitest";
import type { MarketDataProvider } from "../../../core/market/market-data-provider";
import { DemoMarketProvider } from "../../adapters/market/demo";
import { testDatabaseKinds } from "../../test-support/test-database";
import { startTestApp } from "../../test-support/test-app";

// A *.postgres.test.ts file runs when TEST_DATABASE_URL names a PostgreSQL server (vitest.config.ts).

/** A demo market that counts how often each ticker's bars are asked for. */
function countingDemo(): { provider: MarketDataProvider; barsAsked: () => number } {
  const inner = new DemoMarketProvider({ seed: 42 });
  let asked = 0;
  const provider: MarketDataProvider = Object.assign(Object.create(inner) as MarketDataProvider, {
    getDailyBars: (ticker: string, sessions: number) => {
      asked++;
      return inner.getDailyBars(ticker, sessions);
    },
  });
  return { provider, barsAsked: () => asked };
}

describe("public refresh with two app instances on one PostgreSQL", () => {
  it("runs exactly once", async () => {
    const postgres = testDatabaseKinds("database-behaviour").find((k) => k.name === "postgres")!;
    const database = await postgres.open();
    const a = countingDemo();
    const b = countingDemo();
    const first = await startTestApp(postgres, {}, { market: a.provider, database });
    const second = await startTestApp(postgres, {}, { market: b.provider, database: { ...database, close: async () => undefined } });
    try {
      const results = await Promise.all([
        first.services.publicRefresh.refresh(),
        second.services.publicRefresh.refresh(),
      ]);
      expect(results.filter((r) => r.ran)).toHaveLength(1);
      expect(Math.min(a.barsAsked(), b.barsAsked())).toBe(0);
      expect(Math.max(a.barsAsked(), b.barsAsked())).toBeGreaterThan(0);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
