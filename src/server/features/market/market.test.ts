import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { marketResponseSchema } from "../../../contracts/market";
import { CachedMarketDataProvider } from "../../adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "../../adapters/market/demo";
import { marketSessions } from "../../db/schema";
import { clockStartingAt } from "../../test-support/flowing-clock";
import { testDatabaseKinds } from "../../test-support/test-database";
import { startTestApp, type TestApp } from "../../test-support/test-app";

describe.each(testDatabaseKinds("database-behaviour"))("GET /api/market on $name", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    const clock = clockStartingAt("2026-09-22T22:00:00Z");
    const market = new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42, today: clock.now }), { now: clock.now });
    t = await startTestApp(kind, {}, { market, now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });

  it("answers the empty page before the first screen, then the stored session after one refresh", async () => {
    const before = await t.app.inject({ url: "/api/market" });
    expect(before.statusCode).toBe(200);
    expect(before.headers["cache-control"]).toBe("no-store");
    expect(marketResponseSchema.parse(before.json())).toMatchObject({ as_of: null, state: null, breadth: null, state_history: [], groups: [] });

    const result = await t.services.publicRefresh.refresh();
    expect(result.ran).toBe(true);
    const stored = await t.services.publicAnalyses.list();

    const response = await t.app.inject({ url: "/api/market" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    const market = marketResponseSchema.parse(response.json());
    expect(market.as_of).toBe("2026-09-22");
    expect(market.state).not.toBeNull();
    expect(market.since! <= market.as_of!).toBe(true);
    expect(market.state_history).toHaveLength(120);
    expect(market.state_history.at(-1)).toMatchObject({ date: "2026-09-22", state: market.state });
    for (const day of market.distribution_days) expect(day.expires > day.date).toBe(true);
    expect(market.distribution_days).toHaveLength(market.state_history.at(-1)!.distribution_days);
    // Breadth counts every stock of the screened universe.
    expect(market.breadth!.total).toBe(stored.length);
    expect(market.breadth!.total).toBe(result.analysed);
    expect(market.breadth!.pct_above_50).not.toBeNull();
    expect(market.breadth_history).toEqual([{ date: "2026-09-22", ...market.breadth }]);
    const sectors = market.groups.filter((g) => g.kind === "sector");
    expect(sectors.length).toBeGreaterThan(1);
    expect(sectors.map((g) => g.rank)).toEqual(sectors.map((_, k) => k + 1));
    expect(market.groups.some((g) => g.kind === "industry")).toBe(true);
    expect(sectors.reduce((sum, g) => sum + g.stocks, 0)).toBeLessThanOrEqual(stored.length);
    expect(market.groups.every((g) => g.rank_change_1w === null)).toBe(true);
    expect(market.benchmark!.bars.length).toBe(260);
    expect(market.benchmark!.bars.at(-1)!.date).toBe("2026-09-22");
    expect(market.benchmark!.bars.at(-1)!.ema200).not.toBeNull();
  });

  it("stores one row per session: a snapshot taken again replaces it", async () => {
    await t.services.publicRefresh.refresh();
    await t.services.marketPage.snapshot();
    const rows = await t.database.db.select({ session: marketSessions.session }).from(marketSessions);
    expect(rows).toEqual([{ session: "2026-09-22" }]);
  });
});
