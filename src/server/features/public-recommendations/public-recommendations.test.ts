import { gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { publicListResponseSchema, type PublicListResponse } from "../../../contracts/public-list";
import { analysisReportSchema } from "../../../contracts/stock-summary";
import { publicAnalyses } from "../../db/schema";
import { CachedMarketDataProvider } from "../../adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "../../adapters/market/demo";
import { clockStartingAt } from "../../test-support/flowing-clock";
import { testDatabaseKinds } from "../../test-support/test-database";
import { json, startTestApp, type TestApp } from "../../test-support/test-app";
import { hasBuyPoint } from "./public-recommendations.service";

type ListBody = PublicListResponse;


describe("hasBuyPoint (docs/product.md)", () => {
  it.each([
    [null, false],
    [0, false],
    ["0", false],
    ["N/A", false],
    [12.5, true],
  ])("buy_point %j → %s", (value, kept) => {
    expect(hasBuyPoint({ stock_summary: { trade_setup: { buy_point: value } } })).toBe(kept);
  });
});

describe.each(testDatabaseKinds("database-behaviour"))("public recommendations on $name", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    // The demo market (seed 42) on 2026-09-22: KSTM, LDGR and PRLX are BUYs, five WATCHs have a buy point.
    const clock = clockStartingAt("2026-09-22T22:00:00Z");
    const market = new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42, today: clock.now }), { now: clock.now });
    t = await startTestApp(kind, {}, { market, now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });

  it("is empty before the first refresh, then lists BUY and WATCH analyses with a buy point as JSON strings", async () => {
    expect(json<ListBody>(await t.app.inject({ url: "/api/public-buy-stocks" }))).toEqual({ analyses: [] });
    const services = t.services;
    expect(await services.publicRefresh.isStale()).toBe(true);
    const result = await services.publicRefresh.refresh();
    expect(result.ran).toBe(true);
    expect(result.analysed).toBeGreaterThanOrEqual(40);
    expect(await services.publicRefresh.isStale()).toBe(false);

    const all = json<ListBody>(await t.app.inject({ url: "/api/public-buy-stocks" }));
    expect(all.analyses.length).toBeGreaterThan(5);
    for (const item of all.analyses) {
      expect(typeof item.analysis).toBe("string");
      const report = analysisReportSchema.parse(JSON.parse(item.analysis));
      expect(typeof report.stock_summary.trade_setup.buy_point).toBe("number");
      expect(report.stock_summary.recommendation.action).not.toBe("SELL");
    }
    const buys = json<ListBody>(await t.app.inject({ url: "/api/public-buy-stocks?action=BUY" }));
    expect(buys.analyses.length).toBeGreaterThanOrEqual(2);
    expect(buys.analyses.every((a) => JSON.parse(a.analysis).stock_summary.recommendation.action === "BUY")).toBe(true);
    const watches = json<ListBody>(await t.app.inject({ url: "/api/public-buy-stocks?action=WATCH" }));
    expect(watches.analyses.length).toBeGreaterThanOrEqual(2);
    expect(buys.analyses.length + watches.analyses.length).toBe(all.analyses.length);

    const ticker = JSON.parse(buys.analyses[0]!.analysis).stock_summary.ticker as string;
    const one = json<ListBody>(await t.app.inject({ url: `/api/public-buy-stocks?ticker=${ticker.toLowerCase()}` }));
    expect(one.analyses).toHaveLength(1);
    expect(json<ListBody>(await t.app.inject({ url: "/api/public-buy-stocks?ticker=NOPE" })).analyses).toEqual([]);
    expect((await t.app.inject({ url: "/api/public-buy-stocks?action=SELLX" })).statusCode).toBe(400);
  });

  it("ranks each answer by setup quality with each item's distance to the buy point, an extended KSTM-like stock last", async () => {
    await t.services.publicRefresh.refresh();
    // A stored stock like KSTM far above its buy point, as once seen on the landing page: price 85.21, buy point 72.90, stop 21% below.
    // (Sampled from the BUY answer: the WATCH answer is built after the insert, not cached before it.)
    const [sample] = json<ListBody>(await t.app.inject({ url: "/api/public-buy-stocks?action=BUY" })).analyses;
    const kstm = analysisReportSchema.parse(JSON.parse(sample!.analysis));
    kstm.stock_summary.ticker = "XTND";
    kstm.stock_summary.current_metrics.price = 85.21;
    kstm.stock_summary.trade_setup.buy_point = 72.9;
    kstm.stock_summary.trade_setup.stop_loss = 67.32;
    kstm.meta.trend_template.score = 8;
    kstm.meta.rs_rating = 99;
    kstm.stock_summary.recommendation.action = "WATCH";
    await t.database.db.insert(publicAnalyses).values({ id: "xtnd-1", ticker: "XTND", action: "WATCH", analysis: kstm, asOf: kstm.meta.as_of });

    const watches = publicListResponseSchema.parse(json(await t.app.inject({ url: "/api/public-buy-stocks?action=WATCH" })));
    expect(watches.analyses.map((a) => a.setup?.rank)).toEqual(watches.analyses.map((_, i) => i + 1));
    const last = watches.analyses.at(-1)!;
    expect(JSON.parse(last.analysis).stock_summary.ticker).toBe("XTND");
    expect(last.setup).toEqual({ rank: watches.analyses.length, distance: 0.169, extended: true, risk: 0.21 });
    // Not sorted by name any more: the order follows the setups.
    const tickers = watches.analyses.map((a) => JSON.parse(a.analysis).stock_summary.ticker as string);
    expect(tickers).not.toEqual([...tickers].sort());
    for (const item of watches.analyses) {
      const summary = JSON.parse(item.analysis).stock_summary;
      expect(item.setup?.distance).toBeCloseTo(summary.current_metrics.price / summary.trade_setup.buy_point - 1, 3);
    }
    // A one-ticker answer ranks its only item first.
    const one = publicListResponseSchema.parse(json(await t.app.inject({ url: "/api/public-buy-stocks?ticker=XTND" })));
    expect(one.analyses[0]?.setup?.rank).toBe(1);
  });

  it("sends the same list gzipped to clients that accept it", async () => {
    await t.services.publicRefresh.refresh();
    const plain = await t.app.inject({ url: "/api/public-buy-stocks" });
    const zipped = await t.app.inject({ url: "/api/public-buy-stocks", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers["vary"]).toContain("accept-encoding");
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it("runs the refresh once per trading day, however often it is asked", async () => {
    const services = t.services;
    const runs = await Promise.all([1, 2, 3].map(() => services.publicRefresh.refresh()));
    expect(runs.filter((r) => r.ran)).toHaveLength(1);
    expect((await services.publicRefresh.refresh()).ran).toBe(false);
    expect((await services.publicRefresh.refresh({ force: true })).ran).toBe(true);
  });

  it("skips (and logs) a stored analysis that does not parse, sending no auth header", async () => {
    const services = t.services;
    await services.publicRefresh.refresh();
    await t.database.db.insert(publicAnalyses).values({
      id: "broken-1",
      ticker: "BRKN",
      action: "BUY",
      analysis: { stock_summary: { ticker: "BRKN" } },
      asOf: "2026-01-02",
    });
    const body = json<ListBody>(await t.app.inject({ url: "/api/public-buy-stocks?ticker=BRKN" }));
    expect(body.analyses).toEqual([]);
  });
});
