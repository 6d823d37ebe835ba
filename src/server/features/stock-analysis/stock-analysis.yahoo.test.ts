import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { analysisReportSchema } from "../../../contracts/stock-summary";
import type { MarketDataProvider } from "../../../core/market/market-data-provider";
import { createMarketDataProvider } from "../../adapters/market/market-registry";
import { DatabaseMarketCacheStore } from "../../adapters/market/market-cache-store";
import { loadConfig } from "../../config";
import type { DatabaseHandle } from "../../db/database";
import { testDatabaseKinds } from "../../test-support/test-database";
import { apiHeaders, createVerifiedUser, json, multipartForm, startTestApp, type TestApp } from "../../test-support/test-app";
import { startYahooReplay, stopYahooReplay, type ReplyCore, type YahooReplay } from "../../test-support/yahoo-replay";
import { StockAnalysisService } from "./stock-analysis.service";

/*
 * The whole chain on recorded Yahoo responses: registry → cache (in the database) → resilient
 * fetch → yahoo-finance2 → nock replay. The recorded AAPL/AMZN/SPY/sector charts are too short for
 * the engine, so TSLA's long recorded series is served for them; profiles and fundamentals are
 * the symbols' own recordings.
 */
const CHART_ALIASES = { AAPL: "TSLA", AMZN: "TSLA", SPY: "TSLA", XLK: "TSLA", XLY: "TSLA" };

/** The data endpoint and symbol of a Yahoo request ('chart AAPL', 'timeseries-annual AAPL'); null for the cookie/crumb handshake. */
function endpointOf(url: string): string | null {
  const u = new URL(url);
  const symbol = decodeURIComponent(u.pathname.split("/").pop() ?? "");
  if (u.pathname.startsWith("/v8/finance/chart/")) return `chart ${symbol}`;
  if (u.pathname.startsWith("/v10/finance/quoteSummary/")) return `quoteSummary ${symbol}`;
  if (u.pathname.startsWith("/ws/fundamentals-timeseries/")) {
    return `timeseries-${(u.searchParams.get("type") ?? "").startsWith("annual") ? "annual" : "quarterly"} ${symbol}`;
  }
  if (u.pathname === "/v1/finance/search") return `search ${u.searchParams.get("q")}`;
  return null;
}

function dataCalls(replay: YahooReplay): string[] {
  return replay.requests.map(endpointOf).filter((e): e is string => e !== null);
}

function countBy(items: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[item] = (counts[item] ?? 0) + 1;
  return counts;
}

describe.each(testDatabaseKinds("storage-only"))("analyses from Yahoo Finance through the database cache on $name", (kind) => {
  let database: DatabaseHandle;
  let now: Date;
  let fault: ReplyCore | undefined;
  let replay: YahooReplay;
  let market: MarketDataProvider;

  beforeEach(async () => {
    database = await kind.open();
    now = new Date("2025-03-03T15:00:00Z");
    fault = undefined;
    replay = startYahooReplay({ chartAliases: CHART_ALIASES, override: () => fault });
    market = createMarketDataProvider(loadConfig({ MARKET_DATA_PROVIDER: "yahoo" }), {
      store: new DatabaseMarketCacheStore(database.db),
      now: () => now,
    });
  });
  afterEach(async () => {
    stopYahooReplay();
    await database.close();
  });

  it("20 concurrent analyses of one cold ticker make one upstream request per endpoint", async () => {
    const service = new StockAnalysisService(market, () => now);
    const reports = await Promise.all(Array.from({ length: 20 }, () => service.analyze("AAPL")));
    for (const report of reports) expect(analysisReportSchema.parse(report)).toEqual(reports[0]);
    expect(reports[0]!.meta).toMatchObject({ data_source: "Yahoo Finance", demo: false, currency: "USD", stale_data: false });
    expect(countBy(dataCalls(replay))).toEqual({
      "quoteSummary AAPL": 1,
      "chart AAPL": 1,
      "timeseries-quarterly AAPL": 1,
      "timeseries-annual AAPL": 1,
      "chart SPY": 1,
      "chart XLK": 1,
    });
    const text = JSON.stringify(reports[0], (_key, value: unknown) => (typeof value === "number" && !Number.isFinite(value) ? "NON-FINITE" : value));
    expect(text).not.toContain("NON-FINITE");
  });

  it("a cold ticker costs at most 4 upstream calls once the benchmark and sector fund are cached", async () => {
    await market.getDailyBars("SPY", 520);
    await market.getDailyBars("XLY", 520);
    const before = dataCalls(replay).length;
    const report = await new StockAnalysisService(market, () => now).analyze("AMZN");
    expect(report.meta.company.sector).toBe("Consumer Cyclical");
    const calls = dataCalls(replay).slice(before);
    expect(calls.sort()).toEqual(["chart AMZN", "quoteSummary AMZN", "timeseries-annual AMZN", "timeseries-quarterly AMZN"]);
  });

  it("a restarted server answers from the database without calling Yahoo", async () => {
    await new StockAnalysisService(market, () => now).analyze("AAPL");
    const before = dataCalls(replay).length;
    const restarted = createMarketDataProvider(loadConfig({ MARKET_DATA_PROVIDER: "yahoo" }), {
      store: new DatabaseMarketCacheStore(database.db),
      now: () => now,
    });
    const report = await new StockAnalysisService(restarted, () => now).analyze("AAPL");
    expect(report.stock_summary.ticker).toBe("AAPL");
    expect(dataCalls(replay).length).toBe(before);
  });
});

describe.each(testDatabaseKinds("storage-only"))("POST /research/stocks/ when Yahoo fails, on $name", (kind) => {
  let t: TestApp;
  let now: Date;
  let fault: ReplyCore | undefined;

  beforeEach(async () => {
    now = new Date("2025-03-03T15:00:00Z");
    fault = undefined;
    startYahooReplay({ chartAliases: CHART_ALIASES, override: () => fault });
    const database = await kind.open();
    const market = createMarketDataProvider(loadConfig({ MARKET_DATA_PROVIDER: "yahoo" }), {
      store: new DatabaseMarketCacheStore(database.db),
      now: () => now,
    });
    t = await startTestApp(kind, {}, { market, database });
  });
  afterEach(async () => {
    stopYahooReplay();
    await t.close();
  });

  function analyze(jwt: string, input: string) {
    const form = multipartForm({ input });
    return t.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...apiHeaders(jwt) } });
  }

  it("serves the last cached data with 'data as of' when the cache expired; without cache it is the documented 503", async () => {
    const { jwt } = await createVerifiedUser(t, "stale@example.com");
    const fresh = await analyze(jwt, "AAPL");
    expect(fresh.statusCode).toBe(200);
    const freshReport = analysisReportSchema.parse(json<{ response: unknown }>(fresh).response);
    expect(freshReport.meta.stale_data).toBe(false);

    now = new Date("2025-03-10T15:00:00Z"); // a week later: every entry has expired
    fault = { status: 503, body: "<html>Service Unavailable</html>", headers: { "retry-after": "0" } };
    // Another user: the first would get their stored analysis of the same data date back.
    const other = await createVerifiedUser(t, "stale-other@example.com");
    const stale = await analyze(other.jwt, "AAPL");
    expect(stale.statusCode).toBe(200);
    const staleReport = analysisReportSchema.parse(json<{ response: unknown }>(stale).response);
    expect(staleReport.meta.stale_data).toBe(true);
    expect(staleReport.meta.as_of).toBe(freshReport.meta.as_of);
    expect(staleReport.stock_summary.risk_assessment.market_conditions).toContain(
      `Data from Yahoo Finance as of ${freshReport.meta.as_of}. Yahoo Finance could not be reached, so this uses the last cached data.`,
    );

    const uncached = await analyze(jwt, "AMZN");
    expect(uncached.statusCode).toBe(503);
    expect(json(uncached)).toMatchObject({ error: "Market data provider unavailable, please try again later" });
  });
});
