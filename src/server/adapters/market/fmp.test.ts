import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { analysisReportSchema } from "../../../contracts/stock-summary";
import { analyzeStock, InsufficientHistoryError } from "../../../core/analysis/analyze-stock";
import { MarketDataUnavailableError } from "../../../core/market/market-data-provider";
import { tradingDatesEndingAt } from "../../../core/test-support/bar-builder";
import { startLocalServer, type LocalServer } from "../../test-support/local-http-server";
import { FmpMarketProvider, settledQuarter, type FmpMarketOptions } from "./fmp";
import { annualEpsFromQuarters, repairBars } from "./fmp-parse";
import { CachedMarketDataProvider } from "./cached-market-data-provider";
import { StockAnalysisService } from "../../features/stock-analysis/stock-analysis.service";
import { hasNonFinite } from "../../../core/test-support/non-finite";
import { readVendoredText } from "../../../test-fixtures/market-data";

/**
 * The FMP adapter against the real recorded `/stable/` answers (fmp4j fixtures, vendored under
 * src/test-fixtures/market-data/fmp), replayed by a local HTTP server so the real client code (URL, key, time-out, JSON
 * reading) runs. Faults are injected at the same HTTP layer. Nothing here reaches the internet.
 */


const KEY = "sk-test-FMP-KEY-0123456789";
/** Friday 20 November 2026, after the New York close. */
const NOW = new Date("2026-11-20T22:00:00Z");

const fixture = (name: string): string => readVendoredText(`fmp/stable/${name}`);

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

/** Recorded answer for each request the adapter makes (the recordings' own query strings differ). */
function recorded(url: URL): string | null {
  const path = url.pathname.replace(/^\/stable\//, "");
  const q = url.searchParams;
  const symbol = q.get("symbol");
  if (path === "historical-price-eod/full" && symbol === "AAPL") return fixture("historical-price-eod/full/symbol=AAPL_from=2024-02-22_to=2024-02-28.json");
  if (path === "profile" && symbol === "AAPL") return fixture("profile/symbol=AAPL.json");
  if (path === "search-symbol" && q.get("query") === "ADYEN") return fixture("search-symbol/query=ADYEN.json");
  if (path === "search-name" && q.get("query") === "ADYEN") return fixture("search-name/query=ADYEN.json");
  if (path === "income-statement" && q.get("period") === "quarter") {
    if (symbol === "AAPL") return fixture("income-statement/symbol=AAPL_period=quarter_limit=3.json");
    if (symbol === "GLIBK") return fixture("income-statement/symbol=GLIBK_period=quarter_limit=1.json");
  }
  // FMP's default period is annual: this recording holds the five fiscal years ('FY' rows).
  if (path === "income-statement" && q.get("period") === "annual" && symbol === "AAPL") return fixture("income-statement/symbol=AAPL.json");
  if (path === "institutional-ownership/symbol-positions-summary") return null;
  return "[]";
}

let server: LocalServer;
let handler: Handler | null = null;
let clock = NOW;

function json(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(body);
}

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.searchParams.get("apikey") !== KEY) return json(res, 401, JSON.stringify({ "Error Message": "Invalid API KEY." }));
    if (handler) return handler(req, res, url);
    const body = recorded(url);
    // The ownership summary is a paid-plan endpoint: the free plan's answer.
    if (body === null) return json(res, 402, JSON.stringify({ "Error Message": "Restricted Endpoint: This endpoint is not available under your current subscription." }));
    json(res, 200, body);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  handler = null;
  clock = NOW;
  server.requests.length = 0;
});

function provider(options: Partial<FmpMarketOptions> = {}): FmpMarketProvider {
  return new FmpMarketProvider({ apiKey: KEY, baseUrl: server.url, now: () => clock, ...options });
}

/** The error a promise rejects with (fails the test when it resolves). */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

describe("FmpMarketProvider: identity, sectors, universe", () => {
  it("is the non-demo fmp provider, benchmarked on SPY unless told otherwise", () => {
    const market = provider();
    expect(market.id).toBe("fmp");
    expect(market.demo).toBe(false);
    expect(market.benchmarkTicker).toBe("SPY");
    expect(provider({ benchmarkTicker: "qqq" }).benchmarkTicker).toBe("QQQ");
  });

  it("maps FMP and GICS sector names to the SPDR sector funds", () => {
    const market = provider();
    const cases: [string, string][] = [
      ["Technology", "XLK"],
      ["Healthcare", "XLV"],
      ["Health Care", "XLV"],
      ["Financial Services", "XLF"],
      ["Consumer Cyclical", "XLY"],
      ["Consumer Defensive", "XLP"],
      ["Industrials", "XLI"],
      ["Energy", "XLE"],
      ["Basic Materials", "XLB"],
      ["Utilities", "XLU"],
      ["Real Estate", "XLRE"],
      ["Communication Services", "XLC"],
    ];
    for (const [sector, etf] of cases) expect(market.sectorEtf(sector)).toBe(etf);
    expect(market.sectorEtf("Crypto")).toBeNull();
  });

  it("lists ~30 large caps by default, or the configured universe, without an upstream call", async () => {
    const defaults = await provider().listUniverse();
    expect(defaults.length).toBeGreaterThanOrEqual(30);
    expect(new Set(defaults.map((c) => c.ticker)).size).toBe(defaults.length);
    for (const company of defaults) expect(provider().sectorEtf(company.sector ?? "")).not.toBeNull();
    const custom = await provider({ universe: ["aapl", { ticker: "KO", name: "The Coca-Cola Company", sector: "Consumer Defensive", industry: null }] }).listUniverse();
    expect(custom.map((c) => c.ticker)).toEqual(["AAPL", "KO"]);
    expect(server.requests).toHaveLength(0);
  });
});

describe("FmpMarketProvider: recorded /stable/ answers", () => {
  it("reads historical-price-eod/full oldest first, with the key in the apikey parameter", async () => {
    const market = provider();
    const bars = await market.getDailyBars("aapl", 5);
    expect(bars).not.toBeNull();
    expect(bars!.dates).toEqual(["2024-02-22", "2024-02-23", "2024-02-26", "2024-02-27", "2024-02-28"]);
    expect(Array.from(bars!.close)).toEqual([184.37, 182.52, 181.16, 182.63, 181.42]);
    expect(Array.from(bars!.open)).toEqual([183.48, 185.01, 182.24, 181.1, 182.51]);
    expect(bars!.volume[4]).toBe(48953939);
    expect(market.barRepairs("AAPL")).toMatchObject({ total: 0, adjusted: false });
    const request = new URL(server.requests[0]!, server.url);
    expect(request.pathname).toBe("/stable/historical-price-eod/full");
    expect(request.searchParams.get("symbol")).toBe("AAPL");
    expect(request.searchParams.get("apikey")).toBe(KEY);
    expect(request.searchParams.get("from")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(market.callsToday()).toBe(1);
  });

  it("reads the profile: name, sector, industry, currency", async () => {
    const profile = await provider().getProfile("AAPL");
    expect(profile).toEqual({
      ticker: "AAPL",
      name: "Apple Inc.",
      sector: "Technology",
      industry: "Consumer Electronics",
      currency: "USD",
      exchange: "NASDAQ",
    });
  });

  it("searches by symbol then by name, best first", async () => {
    const market = provider();
    const matches = await market.searchSymbols("ADYEN");
    expect(matches.map((m) => m.ticker)).toEqual(["ADYEN.AS", "ADYYF", "ADYEY", "1N8.DE", "0YP5.L"]);
    expect(matches[0]).toMatchObject({ name: "Adyen N.V.", currency: "EUR", exchange: "AMS", sector: null });
    expect(matches[0]!.score).toBeGreaterThan(matches[1]!.score);
    for (let i = 1; i < matches.length; i++) expect(matches[i - 1]!.score).toBeGreaterThanOrEqual(matches[i]!.score);
    expect(server.requests.map((r) => new URL(r, server.url).pathname)).toEqual(["/stable/search-symbol", "/stable/search-name"]);
    expect(await market.searchSymbols("   ")).toEqual([]);
  });

  it("scores an exact ticker 1 and spends no name search on it", async () => {
    handler = (_req, res, url) =>
      json(res, 200, url.pathname.endsWith("search-symbol") ? JSON.stringify([{ symbol: "ADYEN.AS", name: "Adyen N.V." }, { symbol: "ADYEN", name: "Adyen N.V." }]) : "[]");
    const matches = await provider().searchSymbols("adyen");
    expect(matches[0]).toMatchObject({ ticker: "ADYEN", score: 1 });
    expect(server.requests).toHaveLength(1);
  });

  it("reads quarterly (epsDiluted, oldest first) and annual EPS; the ownership plan refusal is null", async () => {
    const market = provider();
    const fundamentals = await market.getFundamentals("AAPL");
    expect(fundamentals).not.toBeNull();
    expect(fundamentals!.quarterlyEps).toEqual([
      { periodEnd: "2024-12-28", eps: 2.4 },
      { periodEnd: "2025-03-29", eps: 1.65 },
      { periodEnd: "2025-06-28", eps: 1.57 },
    ]);
    expect(fundamentals!.annualEps).toEqual([
      { fiscalYear: 2020, eps: 3.28 },
      { fiscalYear: 2021, eps: 5.61 },
      { fiscalYear: 2022, eps: 6.11 },
      { fiscalYear: 2023, eps: 6.13 },
      { fiscalYear: 2024, eps: 6.08 },
    ]);
    expect(fundamentals!.ownership).toBeNull();
    const asked = server.requests.map((r) => new URL(r, server.url));
    expect(asked.filter((u) => u.pathname === "/stable/income-statement").map((u) => [u.searchParams.get("period"), u.searchParams.get("limit")])).toEqual([
      ["quarter", "20"],
      ["annual", "5"],
    ]);
    const { year, quarter } = settledQuarter(NOW);
    const ownershipAsk = asked.find((u) => u.pathname.endsWith("symbol-positions-summary"));
    expect(ownershipAsk?.searchParams.get("year")).toBe(String(year));
    expect(ownershipAsk?.searchParams.get("quarter")).toBe(String(quarter));
    // Once refused, the ownership endpoint costs no more calls.
    server.requests.length = 0;
    await market.getFundamentals("AAPL");
    expect(server.requests.some((r) => r.includes("symbol-positions-summary"))).toBe(false);
  });

  it("keeps the GLIBK quarter (real answer with cik \"null\")", async () => {
    const fundamentals = await provider({ includeOwnership: false }).getFundamentals("GLIBK");
    expect(fundamentals).toEqual({ quarterlyEps: [{ periodEnd: "2025-06-30", eps: 0.94 }], annualEps: [], ownership: null });
  });

  it("never takes quarter rows as annual EPS (the recorded period=annual&limit=3 answer holds quarters)", async () => {
    handler = (_req, res, url) =>
      json(res, 200, url.searchParams.get("period") === "annual" ? fixture("income-statement/symbol=AAPL_period=annual_limit=3.json") : "[]");
    expect(await provider({ includeOwnership: false }).getFundamentals("AAPL")).toBeNull();
  });

  it("refuses to analyse the 5 recorded sessions: the engine needs 260", async () => {
    const market = provider({ includeOwnership: false });
    const bars = (await market.getDailyBars("AAPL", 300))!;
    expect(bars.close.length).toBe(5);
    const profile = await market.getProfile("AAPL");
    expect(() =>
      analyzeStock({
        ticker: "AAPL",
        profile,
        bars,
        benchmark: null,
        sectorBars: null,
        sectorEtf: null,
        fundamentals: null,
        universeRsScores: null,
        dataSource: "fmp",
        demo: false,
        generatedAt: NOW.toISOString(),
      }),
    ).toThrow(InsufficientHistoryError);
  });

  /**
   * SYNTHETIC EXTENSION (clearly not recorded data): the recorded bars hold only 5 sessions, so 300
   * generated sessions are served before the 5 real ones, in FMP's shape and newest-first order, to
   * run the engine end to end through the real client. Profile and fundamentals are the recordings.
   */
  it("analyses end to end (recorded profile/EPS + SYNTHETICALLY extended bars): valid report, no NaN", async () => {
    const realRows = JSON.parse(fixture("historical-price-eod/full/symbol=AAPL_from=2024-02-22_to=2024-02-28.json")) as Record<string, unknown>[];
    const syntheticRows = (symbol: string, start: number, drift: number) => {
      const dates = tradingDatesEndingAt("2024-02-21", 300);
      let close = start;
      const rows = dates.map((date, k) => {
        const open = close;
        close = close * (1 + drift + 0.012 * Math.sin(k * 0.7));
        return { symbol, date, open, high: Math.max(open, close) * 1.01, low: Math.min(open, close) * 0.99, close, volume: 40_000_000 + (k % 7) * 1_000_000 };
      });
      return rows.reverse();
    };
    const aapl = [...realRows, ...syntheticRows("AAPL", 120, 0.0014)];
    // Bad rows the repair drops: a zero close, a null price, a repeated date.
    aapl.splice(10, 0, { ...aapl[10]!, date: "2023-12-01", close: 0 }, { ...aapl[10]!, date: "2023-11-30", open: null }, { ...aapl[12]! });
    const bodies: Record<string, unknown[]> = { AAPL: aapl, SPY: syntheticRows("SPY", 400, 0.0006), XLK: syntheticRows("XLK", 170, 0.0009) };
    handler = (_req, res, url) => {
      if (url.pathname === "/stable/historical-price-eod/full") return json(res, 200, JSON.stringify(bodies[url.searchParams.get("symbol") ?? ""] ?? []));
      const body = recorded(url);
      if (body === null) return json(res, 402, "{}");
      json(res, 200, body);
    };
    const logged: string[] = [];
    const market = provider({ includeOwnership: false, onBarsRepaired: (ticker, repairs) => logged.push(`${ticker}:${repairs.total}`) });
    const profile = await market.getProfile("AAPL");
    const bars = (await market.getDailyBars("AAPL", 280))!;
    expect(logged).toEqual(["AAPL:3"]);
    expect(bars.close.length).toBe(280);
    expect(bars.dates.at(-1)).toBe("2024-02-28");
    expect(market.barRepairs("AAPL")).toMatchObject({ badPrice: 2, duplicateOrOutOfOrder: 1 });
    const sectorEtf = market.sectorEtf(profile!.sector!);
    const report = analyzeStock({
      ticker: "AAPL",
      profile,
      bars,
      benchmark: await market.getDailyBars(market.benchmarkTicker, 280),
      sectorBars: await market.getDailyBars(sectorEtf!, 280),
      sectorEtf,
      fundamentals: await market.getFundamentals("AAPL"),
      universeRsScores: null,
      dataSource: "fmp",
      demo: false,
      generatedAt: NOW.toISOString(),
    });
    expect(analysisReportSchema.safeParse(report).success).toBe(true);
    expect(hasNonFinite(report)).toBe(false);
    expect(market.callsToday()).toBe(6);
  });
});

describe("FmpMarketProvider: bar repair", () => {
  it("orders newest-first rows, drops bad prices, repeated and backward dates, and unclosed sessions", () => {
    const row = (date: string, close: unknown, extra: Record<string, unknown> = {}) => ({ date, open: 10, high: 11, low: 9, close, volume: 100, ...extra });
    const oldestFirst = [
      row("2024-02-27", 10),
      row("2024-02-28", 10.1, { high: 10 }), // high below the close: widened
      row("2024-02-29", -1),
      row("2024-03-01", null),
      row("2024-03-05", 10.5, { volume: -5 }), // negative volume: 0
      row("2024-03-04", 10), // backwards
      row("2024-03-05", 10.4), // repeated
      row("2024-03-06", 10), // after the last completed session
    ];
    const { rows, repairs } = repairBars([...oldestFirst].reverse(), "2024-03-05");
    expect(rows.map((r) => r.date)).toEqual(["2024-02-27", "2024-02-28", "2024-03-05"]);
    expect(rows[1]!.high).toBe(10.1);
    expect(rows[2]).toMatchObject({ close: 10.5, volume: 0 });
    expect(repairs).toEqual({ badPrice: 2, duplicateOrOutOfOrder: 2, incomplete: 1, mended: 2, adjusted: false, total: 7 });
  });

  it("uses adjusted prices when the rows have them", () => {
    const { rows, repairs } = repairBars([{ date: "2024-01-02", open: 100, high: 110, low: 90, close: 100, adjClose: 25, volume: 1 }]);
    expect(rows[0]).toMatchObject({ open: 25, high: 27.5, low: 22.5, close: 25 });
    expect(repairs.adjusted).toBe(true);
  });
});

describe("FmpMarketProvider: faults at the HTTP layer", () => {
  async function unavailable(setup: Handler, options: Partial<FmpMarketOptions> = {}): Promise<Error> {
    handler = setup;
    const error = await failure(provider(options).getDailyBars("AAPL", 260));
    expect(error).toBeInstanceOf(MarketDataUnavailableError);
    expect(error.message).not.toContain(KEY);
    return error;
  }

  it("401: the key is refused, without showing it", async () => {
    const error = await unavailable((_req, res) => json(res, 401, JSON.stringify({ "Error Message": `Invalid API KEY. Please retry or visit our documentation. (apikey=${KEY})` })));
    expect(error.message).toMatch(/Financial Modeling Prep.*refused the API key \(HTTP 401\).*FMP_API_KEY/);
    expect(error.message).toContain("Invalid API KEY");
  });

  it("401/403 legacy endpoint: says the endpoint is legacy and Quanta uses /stable/", async () => {
    const legacy = JSON.stringify({
      "Error Message":
        "Legacy Endpoint : Due to Legacy endpoints being no longer supported - This endpoint is only available for legacy users who have valid subscriptions prior August 31, 2025.",
    });
    const forbidden = await unavailable((_req, res) => json(res, 403, legacy));
    expect(forbidden.message).toMatch(/HTTP 403.*legacy endpoint.*\/stable\//);
    expect(forbidden.message).toContain("Legacy Endpoint");
    const unauthorised = await unavailable((_req, res) => json(res, 401, legacy));
    expect(unauthorised.message).toContain("Legacy Endpoint");
  });

  it("a refusal answered with status 200 and an Error Message", async () => {
    const error = await unavailable((_req, res) => json(res, 200, JSON.stringify({ "Error Message": `Limit Reach for apikey=${KEY}` })));
    expect(error.message).toContain("Limit Reach");
  });

  it("429, 500 and 503", async () => {
    expect((await unavailable((_req, res) => json(res, 429, "{}", { "retry-after": "30" }))).message).toContain("HTTP 429");
    expect((await unavailable((_req, res) => json(res, 500, "oops"))).message).toContain("HTTP 500");
    expect((await unavailable((_req, res) => json(res, 503, ""))).message).toContain("HTTP 503");
  });

  it("HTML instead of JSON", async () => {
    const error = await unavailable((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<!DOCTYPE html><html><body>Cloudflare</body></html>"));
    expect(error.message).toContain("HTML instead of JSON");
  });

  it("truncated JSON", async () => {
    const body = JSON.stringify([{ symbol: "AAPL", date: "2024-02-28", open: 182.51, high: 183.12, low: 180.13, close: 181.42, volume: 48953939 }]);
    const error = await unavailable((_req, res) => json(res, 200, body.slice(0, body.length / 2)));
    expect(error.message).toMatch(/truncated or invalid/);
  });

  it("an unexpected JSON shape", async () => {
    expect((await unavailable((_req, res) => json(res, 200, JSON.stringify({ foo: 1 })))).message).toContain("unexpected JSON shape");
  });

  it("a time-out (short injected time-out)", async () => {
    const error = await unavailable(() => undefined, { timeoutMs: 100 });
    expect(error.message).toContain("did not answer within 100 ms");
  });

  it("a refused connection", async () => {
    const closed = await startLocalServer(() => undefined);
    await closed.close();
    const error = await failure(new FmpMarketProvider({ apiKey: KEY, baseUrl: closed.url, now: () => clock }).getProfile("AAPL"));
    expect(error).toBeInstanceOf(MarketDataUnavailableError);
    expect(error.message).not.toContain(KEY);
  });

  it("an empty result is null (unknown ticker), not an error", async () => {
    handler = (_req, res) => json(res, 200, "[]");
    const market = provider();
    expect(await market.getDailyBars("NOPE", 260)).toBeNull();
    expect(await market.getProfile("NOPE")).toBeNull();
    expect(await market.getFundamentals("NOPE")).toBeNull();
    expect(await market.searchSymbols("NOPE")).toEqual([]);
  });

  it("ownership: a documented-shape summary (hand-written, no recording exists) becomes fractions", async () => {
    handler = (_req, res, url) => {
      if (url.pathname.endsWith("symbol-positions-summary")) {
        return json(res, 200, JSON.stringify([{ symbol: "AAPL", investorsHolding: 5000, lastInvestorsHolding: 4900, numberOf13Fshares: 9e9, lastNumberOf13Fshares: 8.9e9, ownershipPercent: 61.5 }]));
      }
      json(res, 200, url.searchParams.get("period") === "quarter" ? JSON.stringify([{ date: "2025-06-28", period: "Q3", epsDiluted: 1.57 }]) : "[]");
    };
    const fundamentals = await provider().getFundamentals("AAPL");
    expect(fundamentals!.ownership).toEqual({ percentHeld: 0.615, holders: 5000, holdersPreviousQuarter: 4900, shares: 9e9, sharesPreviousQuarter: 8.9e9 });
  });

  it("ownership failing for any reason leaves the fundamentals intact", async () => {
    handler = (_req, res, url) => {
      if (url.pathname.endsWith("symbol-positions-summary")) return json(res, 500, "{}");
      json(res, 200, url.searchParams.get("period") === "quarter" ? JSON.stringify([{ date: "2025-06-28", period: "Q3", eps: 1.5 }]) : "[]");
    };
    expect(await provider().getFundamentals("AAPL")).toEqual({ quarterlyEps: [{ periodEnd: "2025-06-28", eps: 1.5 }], annualEps: [], ownership: null });
  });
});

describe("FmpMarketProvider: daily call budget", () => {
  it("counts calls per UTC day and says when the budget is spent, until 00:00 UTC", async () => {
    handler = (_req, res) => json(res, 200, "[]");
    clock = new Date("2026-11-20T23:59:00Z");
    const market = provider({ dailyCallBudget: 3 });
    for (let i = 0; i < 3; i++) await market.getProfile("AAPL");
    expect(market.callsToday()).toBe(3);
    const error = await failure(market.getProfile("AAPL"));
    expect(error).toBeInstanceOf(MarketDataUnavailableError);
    expect(error.message).toContain("FMP daily call budget (3) is used up until 00:00 UTC");
    expect(error.message).not.toContain(KEY);
    expect(server.requests).toHaveLength(3);
    clock = new Date("2026-11-21T00:00:01Z");
    expect(market.callsToday()).toBe(0);
    expect(await market.getProfile("AAPL")).toBeNull();
    expect(market.callsToday()).toBe(1);
  });

  it("defaults to the free plan's 250 calls", () => {
    expect(provider().dailyCallBudget).toBe(250);
  });
});

describe("FmpMarketProvider: upstream calls per cold analysis", () => {
  it("sums complete fiscal years of quarters into annual EPS, ignoring incomplete years and FY rows", () => {
    const quarter = (fiscalYear: number, period: string, eps: number) => ({ fiscalYear: String(fiscalYear), period, date: `${fiscalYear}-0${period[1]}-28`, epsDiluted: eps });
    const rows = [
      quarter(2026, "Q1", 1),
      ...["Q1", "Q2", "Q3", "Q4"].map((p) => quarter(2025, p, 0.5)),
      ...["Q1", "Q2", "Q3", "Q4"].map((p, k) => quarter(2024, p, 0.25 + k * 0.01)),
      { fiscalYear: "2024", period: "FY", date: "2024-12-31", epsDiluted: 9 },
      quarter(2023, "Q4", 0.2),
    ];
    expect(annualEpsFromQuarters(rows)).toEqual([
      { fiscalYear: 2024, eps: 1.06 },
      { fiscalYear: 2025, eps: 2 },
    ]);
  });

  /**
   * SYNTHETIC (not recorded data): 20 quarters and 300 sessions in FMP's shape, because the
   * recordings hold 3 quarters and 5 sessions. With five years of quarters the annual statement is
   * not asked for: a cold ticker costs profile + bars + quarters + ownership = 4 calls once the
   * benchmark and sector fund are cached.
   */
  it("costs at most 4 calls for a cold ticker once the benchmark and sector fund are cached", async () => {
    const bars = (symbol: string) =>
      JSON.stringify(
        tradingDatesEndingAt("2026-11-20", 300)
          .map((date, k) => ({ symbol, date, open: 100 + k * 0.2, high: 101 + k * 0.2, low: 99 + k * 0.2, close: 100.5 + k * 0.2, volume: 1_000_000 }))
          .reverse(),
      );
    const quarters = Array.from({ length: 20 }, (_, k) => {
      const fiscalYear = 2026 - Math.floor(k / 4);
      const q = 4 - (k % 4);
      return { symbol: "AAPL", date: `${fiscalYear}-${String(q * 3).padStart(2, "0")}-28`, fiscalYear: String(fiscalYear), period: `Q${q}`, epsDiluted: 1 + (20 - k) * 0.05 };
    });
    handler = (_req, res, url) => {
      const path = url.pathname.replace(/^\/stable\//, "");
      if (path === "historical-price-eod/full") return json(res, 200, bars(url.searchParams.get("symbol") ?? ""));
      if (path === "income-statement" && url.searchParams.get("period") === "quarter") return json(res, 200, JSON.stringify(quarters));
      if (path === "institutional-ownership/symbol-positions-summary") {
        return json(res, 200, JSON.stringify([{ symbol: "AAPL", ownershipPercent: 61.5, investorsHolding: 5000, lastInvestorsHolding: 4900 }]));
      }
      const body = recorded(url);
      json(res, body === null ? 402 : 200, body ?? "{}");
    };
    const market = new CachedMarketDataProvider(provider(), { now: () => clock });
    await market.getDailyBars("SPY", 520);
    await market.getDailyBars("XLK", 520);
    server.requests.length = 0;
    const report = await new StockAnalysisService(market, () => clock).analyze("AAPL");
    expect(report.meta.data_source).toBe("Financial Modeling Prep");
    expect(report.meta.currency).toBe("USD");
    expect(report.stock_summary.institutional_ownership.institutional_ownership).toBeCloseTo(0.615);
    const paths = server.requests.map((r) => new URL(r, server.url).pathname.replace(/^\/stable\//, "")).sort();
    expect(paths).toEqual(["historical-price-eod/full", "income-statement", "institutional-ownership/symbol-positions-summary", "profile"]);
  });
});
