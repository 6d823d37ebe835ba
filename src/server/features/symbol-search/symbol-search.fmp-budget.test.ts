import type { ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tradingDatesEndingAt } from "../../../core/test-support/bar-builder";
import { startLocalServer, type LocalServer } from "../../test-support/local-http-server";
import { json, startTestApp, type TestApp } from "../../test-support/test-app";
import { testDatabaseKinds } from "../../test-support/test-database";

/**
 * The ticker suggestions against a local FMP stand-in (no internet): anonymous typing from many
 * addresses spends at most the search share of the day, and analyses keep the rest.
 */

/** Friday 20 November 2026, after the New York close. */
const NOW = new Date("2026-11-20T22:00:00Z");

/** SYNTHETIC FMP answers: 300 rising sessions, 20 quarters, a profile, a two-symbol list; every search finds nothing. */
function fmpStub(res: ServerResponse, url: URL): void {
  const send = (body: unknown): void => {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  };
  const path = url.pathname.replace(/^\/stable\//, "");
  const symbol = url.searchParams.get("symbol") ?? "";
  if (path === "historical-price-eod/full") {
    return send(
      tradingDatesEndingAt("2026-11-20", 300)
        .map((date, k) => ({ symbol, date, open: 100 + k * 0.2, high: 101 + k * 0.2, low: 99 + k * 0.2, close: 100.5 + k * 0.2, volume: 1_000_000 }))
        .reverse(),
    );
  }
  if (path === "income-statement") {
    return send(
      Array.from({ length: 20 }, (_, k) => {
        const fiscalYear = 2026 - Math.floor(k / 4);
        const q = 4 - (k % 4);
        return { symbol, date: `${fiscalYear}-${String(q * 3).padStart(2, "0")}-28`, fiscalYear: String(fiscalYear), period: `Q${q}`, epsDiluted: 1 + (20 - k) * 0.05 };
      }),
    );
  }
  if (path === "profile") return send([{ symbol, companyName: `${symbol} Inc.`, sector: "Technology", industry: "Software", currency: "USD", exchange: "NASDAQ" }]);
  if (path === "stock-list") return send([{ symbol: "ADYEN.AS", companyName: "Adyen N.V." }, { symbol: "0700.HK", companyName: "Tencent Holdings Limited" }]);
  send([]);
}

const env = (baseUrl: string): Record<string, string> => ({
  MARKET_DATA_PROVIDER: "fmp",
  FMP_API_KEY: "sk-test-FMP-KEY-0123456789",
  FMP_BASE_URL: baseUrl,
  MARKET_CALLS_PER_DAY: "250",
  // The per-second pacing is not what is tested here; the day's shares are.
  MARKET_CALLS_PER_SECOND: "1000",
});

describe.each(testDatabaseKinds("storage-only"))("ticker suggestions on FMP's budget on $name", (kind) => {
  let stub: LocalServer;
  let t: TestApp;
  beforeAll(async () => {
    stub = await startLocalServer((req, res) => fmpStub(res, new URL(req.url ?? "/", "http://stub")));
  });
  afterAll(async () => {
    await stub.close();
  });
  beforeEach(async () => {
    stub.requests.length = 0;
    t = await startTestApp(kind, env(stub.url), { market: null, now: () => NOW });
  });
  afterEach(async () => {
    await t.close();
  });

  const upstream = (paths: string[]) => stub.requests.filter((r) => paths.some((p) => r.startsWith(`/stable/${p}?`))).length;
  const searchCalls = () => upstream(["search-symbol", "search-name", "stock-list"]);

  it("150 new queries from 150 addresses spend at most the 25 look-ups of the search share; an analysis still gets its calls", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) {
      const remoteAddress = i % 2 ? `198.51.${Math.floor(i / 250)}.${i % 250}` : `2001:db8:${i.toString(16)}::1`;
      statuses.push((await t.app.inject({ method: "GET", url: `/api/symbols?q=zq${i}`, remoteAddress })).statusCode);
    }
    // Nothing is refused to the visitor: past the share, a query the index cannot answer answers 503 (the combobox ignores it).
    expect(statuses.every((code) => code === 200 || code === 503)).toBe(true);
    // The daily symbol list (1) and twelve look-ups of two calls each: the share, and not one call more.
    expect(searchCalls()).toBe(25);

    const before = stub.requests.length;
    const report = await t.services.analysis.analyze("AAPL");
    expect(report.meta.data_source).toBe("Financial Modeling Prep");
    expect(upstream(["profile", "historical-price-eod/full", "income-statement"])).toBeGreaterThanOrEqual(3);
    expect(stub.requests.length).toBeGreaterThan(before);
  });

  it("anonymous logo requests for unknown tickers spend the search share too, never the analyses' calls", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) {
      statuses.push((await t.app.inject({ method: "GET", url: `/api/logos/ZQ${i}`, remoteAddress: `2001:db8:${i.toString(16)}::7` })).statusCode);
    }
    // The stand-in knows every symbol, so logos are served until the share is spent, then 'Logo not found'.
    expect(statuses.every((code) => code === 200 || code === 404)).toBe(true);
    expect(upstream(["profile"])).toBe(25);

    const before = upstream(["profile", "historical-price-eod/full", "income-statement"]);
    const report = await t.services.analysis.analyze("AAPL");
    expect(report.meta.data_source).toBe("Financial Modeling Prep");
    expect(upstream(["profile", "historical-price-eod/full", "income-statement"])).toBeGreaterThan(before);
  });

  it("answers from the local index once the provider's list is stored: no upstream call per query, the list fetched once a day", async () => {
    await t.services.symbols.refreshDirectory();
    await t.services.symbols.refreshDirectory();
    expect(upstream(["stock-list"])).toBe(1);
    const before = stub.requests.length;
    const byName = await t.app.inject({ method: "GET", url: "/api/symbols?q=adyen", remoteAddress: "203.0.113.9" });
    expect(json(byName)).toEqual({ demo: false, matches: [{ ticker: "ADYEN.AS", name: "Adyen N.V.", sector: null }] });
    const fromUniverse = await t.app.inject({ method: "GET", url: "/api/symbols?q=micro", remoteAddress: "203.0.113.9" });
    expect(json<{ matches: { ticker: string }[] }>(fromUniverse).matches.map((m) => m.ticker)).toContain("MSFT");
    expect(stub.requests.length).toBe(before);
  });
});
