import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { chooseMarketProvider, createMarketDataProvider, describeMarketChoice, resolveMarketConfig } from "./market-registry";

/** A Yahoo chart answer shaped like the recorded ones: five daily bars of SPY. */
function chartBody(symbol: string) {
  const start = Date.UTC(2026, 10, 16, 14, 30) / 1000;
  const timestamp = [0, 1, 2, 3, 4].map((day) => start + day * 86_400);
  const prices = [600, 601, 602, 603, 604];
  return {
    chart: {
      result: [
        {
          meta: {
            currency: "USD",
            symbol,
            exchangeName: "PCX",
            fullExchangeName: "NYSEArca",
            instrumentType: "ETF",
            firstTradeDate: 728317800,
            regularMarketTime: timestamp[4]! + 23_400,
            hasPrePostMarketData: true,
            gmtoffset: -18000,
            timezone: "EST",
            exchangeTimezoneName: "America/New_York",
            regularMarketPrice: 604,
            chartPreviousClose: 599,
            priceHint: 2,
            currentTradingPeriod: {
              pre: { timezone: "EST", start: timestamp[4]! - 19_800, end: timestamp[4]!, gmtoffset: -18000 },
              regular: { timezone: "EST", start: timestamp[4]!, end: timestamp[4]! + 23_400, gmtoffset: -18000 },
              post: { timezone: "EST", start: timestamp[4]! + 23_400, end: timestamp[4]! + 37_800, gmtoffset: -18000 },
            },
            dataGranularity: "1d",
            range: "",
            validRanges: ["1d", "5d", "1mo"],
          },
          timestamp,
          indicators: { quote: [{ open: prices, high: prices.map((p) => p + 1), low: prices.map((p) => p - 1), close: prices, volume: prices.map(() => 50_000_000) }], adjclose: [{ adjclose: prices }] },
        },
      ],
      error: null,
    },
  };
}

/** Stands in for Yahoo Finance: answers chart requests (and the cookie/crumb steps), records the URLs. */
function fakeYahoo(requests: string[] = []): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    requests.push(url.href);
    const chart = url.pathname.match(/\/v8\/finance\/chart\/([^/]+)$/);
    if (chart) return new Response(JSON.stringify(chartBody(decodeURIComponent(chart[1]!))), { headers: { "content-type": "application/json" } });
    if (url.pathname.includes("getcrumb")) return new Response("crumb123", { headers: { "content-type": "text/plain" } });
    return new Response("<html></html>", { headers: { "content-type": "text/html", "set-cookie": "A3=d=1; Domain=.yahoo.com; Path=/" } });
  }) as typeof fetch;
}

const offline = (() => Promise.reject(new TypeError("fetch failed"))) as unknown as typeof fetch;
const never = (() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;

describe("createMarketDataProvider", () => {
  it("uses the demo market when the configuration was not resolved (auto) or says demo, without calling out", () => {
    expect(loadConfig({}).market.provider).toBe("auto");
    expect(createMarketDataProvider(loadConfig({}))).toMatchObject({ id: "demo", demo: true, benchmarkTicker: "SPY" });
    expect(createMarketDataProvider(loadConfig({ MARKET_DATA_PROVIDER: "demo" }))).toMatchObject({ id: "demo", demo: true });
  });

  it("builds the Yahoo Finance and FMP adapters with the configured benchmark, without calling out", () => {
    const yahoo = createMarketDataProvider(loadConfig({ MARKET_DATA_PROVIDER: "yahoo", BENCHMARK_SYMBOL: "qqq" }), { fetch: offline });
    expect(yahoo).toMatchObject({ id: "yahoo", demo: false, benchmarkTicker: "QQQ" });
    const fmp = createMarketDataProvider(loadConfig({ MARKET_DATA_PROVIDER: "fmp", FMP_API_KEY: "key" }), { fetch: offline });
    expect(fmp).toMatchObject({ id: "fmp", demo: false, benchmarkTicker: "SPY" });
  });

  it("refuses fmp without a key at boot", () => {
    expect(() => loadConfig({ MARKET_DATA_PROVIDER: "fmp" })).toThrow(/MARKET_DATA_PROVIDER: 'fmp' needs FMP_API_KEY/);
  });

  it("tells the operator once how to switch to real data when a ticker is not in the demo market", async () => {
    const warnings: string[] = [];
    const market = createMarketDataProvider(loadConfig({ MARKET_DATA_PROVIDER: "demo" }), { log: { warn: (_fields, message) => warnings.push(message) } });
    expect(await market.getProfile("AAPL")).toBeNull();
    expect(await market.getProfile("MSFT")).toBeNull();
    expect(await market.getProfile("NWSC")).not.toBeNull();
    expect(warnings).toEqual(["market data: AAPL was asked for, but the demo market lists only fictional companies; set MARKET_DATA_PROVIDER=yahoo, or fmp with FMP_API_KEY, for real data"]);
  });
});

describe("MARKET_DATA_PROVIDER=auto", () => {
  it("chooses Yahoo Finance when a small chart request for the benchmark answers", async () => {
    const requests: string[] = [];
    const choice = await chooseMarketProvider(loadConfig({}), { fetch: fakeYahoo(requests), timeoutMs: 2_000 });
    expect(choice.provider).toBe("yahoo");
    expect(choice.reason).toMatch(/^Yahoo Finance answered for SPY in \d+ ms$/);
    expect(requests.filter((url) => url.includes("/v8/finance/chart/SPY"))).toHaveLength(1);
  });

  it("falls back to the demo market when Yahoo Finance cannot be reached", async () => {
    const choice = await chooseMarketProvider(loadConfig({}), { fetch: offline, timeoutMs: 2_000 });
    expect(choice.provider).toBe("demo");
    expect(choice.reason).toMatch(/^Yahoo Finance could not be reached/);
  });

  it("falls back to the demo market when Yahoo Finance does not answer in time", async () => {
    const started = Date.now();
    const choice = await chooseMarketProvider(loadConfig({}), { fetch: never, timeoutMs: 150 });
    expect(choice).toEqual({ provider: "demo", reason: "Yahoo Finance did not answer within 150 ms" });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("never probes when a provider is forced", async () => {
    const requests: string[] = [];
    for (const setting of ["demo", "yahoo"] as const) {
      const choice = await chooseMarketProvider(loadConfig({ MARKET_DATA_PROVIDER: setting }), { fetch: fakeYahoo(requests) });
      expect(choice).toEqual({ provider: setting, reason: `MARKET_DATA_PROVIDER=${setting}` });
    }
    expect(requests).toEqual([]);
  });

  it("resolves the configuration and logs one line saying which market data and why", async () => {
    const lines: string[] = [];
    const log = { info: (_fields: Record<string, unknown>, message: string) => lines.push(message) };
    const offlineConfig = await resolveMarketConfig(loadConfig({}), { fetch: offline, timeoutMs: 500, log });
    expect(offlineConfig.market.provider).toBe("demo");
    const onlineConfig = await resolveMarketConfig(loadConfig({}), { fetch: fakeYahoo(), timeoutMs: 2_000, log });
    expect(onlineConfig.market.provider).toBe("yahoo");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^market data: the demo market of fictional companies, because Yahoo Finance could not be reached .*; set MARKET_DATA_PROVIDER=yahoo, or fmp with FMP_API_KEY, for real data$/);
    expect(lines[1]).toMatch(/^market data: Yahoo Finance, because Yahoo Finance answered for SPY in \d+ ms \(MARKET_DATA_PROVIDER=auto\)$/);
  });

  it("describes a forced provider plainly", () => {
    expect(describeMarketChoice({ provider: "fmp", reason: "MARKET_DATA_PROVIDER=fmp" }, "fmp")).toBe("market data: Financial Modeling Prep (MARKET_DATA_PROVIDER=fmp)");
  });
});
