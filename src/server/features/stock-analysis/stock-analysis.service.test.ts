import { describe, expect, it } from "vitest";
import { analysisReportSchema, type AnalysisReport } from "../../../contracts/stock-summary";
import { SymbolNotFoundError, type MarketDataProvider } from "../../../core/market/market-data-provider";
import { lastCompletedSession, sessionDates } from "../../../core/market/trading-calendar";
import { DemoMarketProvider, demoArchetype } from "../../adapters/market/demo";
import type { MarketCacheRecord, MarketCacheStore } from "../../adapters/market/market-cache-store";
import { StockAnalysisService } from "./stock-analysis.service";

const at = (iso: string) => () => new Date(iso);

describe("StockAnalysisService on the demo market", () => {
  it("analyses every demo ticker into a schema-valid report labelled as demo data", async () => {
    const provider = new DemoMarketProvider({ seed: 42, today: at("2026-11-22T15:00:00Z") });
    const service = new StockAnalysisService(provider, at("2026-11-22T15:00:00Z"));
    const universe = await provider.listUniverse();
    expect(universe.length).toBeGreaterThanOrEqual(40);
    for (const company of universe) {
      const report = await service.analyze(company.ticker);
      expect(analysisReportSchema.safeParse(report).success, company.ticker).toBe(true);
      expect(report.meta.demo).toBe(true);
      expect(report.meta.company.name).toBe(company.name);
      expect(report.stock_summary.risk_assessment.market_conditions).toContain("simulated demo data");
    }
  });

  /** Checks one report against the method; answers the situation it shows. */
  function situationOf(report: AnalysisReport, label: string): string {
    const s = report.stock_summary;
    const read = [s.recommendation.action, s.technical_analysis.technical_setup].join(" ");
    const levels = [s.trade_setup.buy_point, s.trade_setup.stop_loss, s.trade_setup.target_price];
    if (s.recommendation.action === "BUY") {
      expect(read, label).toBe("BUY Breakout");
      expect(["stage-4", "neutral", "weak-fundamentals"], label).not.toContain(demoArchetype(s.ticker));
      expect(s.current_metrics.price, label).toBeGreaterThanOrEqual(report.meta.base!.pivot);
      expect(s.current_metrics.price, label).toBeLessThanOrEqual(report.meta.base!.buy_range_high);
      expect(levels.every((level) => typeof level === "number"), label).toBe(true);
      return read;
    }
    if (read === "WATCH Extended") {
      expect(levels, label).toEqual(["N/A", "N/A", "N/A"]);
      return read;
    }
    if (s.recommendation.action === "SELL") {
      expect(levels, label).toEqual(["N/A", "N/A", "N/A"]);
      return read === "SELL Stage 4 decline" ? read : "SELL on a holder's rule";
    }
    return ["VCP", "Flat base", "Cup with handle"].includes(s.technical_analysis.technical_setup) ? "WATCH base" : "WATCH other";
  }

  // The demo market plays its setups out over the sessions (a BUY lasts the buy window of one
  // breakout, then the stock runs, stalls or fails), so the screen is read over a month of them (one with breakouts in it: some months have none).
  // Method v2: BUY only inside the buy window of a breakout; a base still forming is a WATCH with its
  // buy point; an extended breakout is a WATCH without levels; SELL only on a holder's rule.
  it("over 20 sessions reads every situation as the method does, best setups first, with BUYs from several tickers", async () => {
    const days = sessionDates(lastCompletedSession(new Date("2026-10-16T22:00:00Z")), 20);
    const seen = new Set<string>();
    const buyTickers = new Set<string>();
    let daysWithBuys = 0;
    for (const day of days) {
      const now = at(`${day}T22:00:00Z`);
      const reports = await new StockAnalysisService(new DemoMarketProvider({ seed: 42, today: now }), now).screen();
      for (const report of reports) seen.add(situationOf(report, `${report.stock_summary.ticker} ${day}`));
      const order = reports.map((r) => r.stock_summary.recommendation.action);
      expect(order.filter((action) => action === "WATCH").length, day).toBeGreaterThanOrEqual(2);
      expect(order.filter((action) => action === "SELL").length, day).toBeGreaterThanOrEqual(2);
      expect(order.indexOf("SELL"), day).toBeGreaterThan(order.lastIndexOf("BUY"));
      if (order.includes("BUY")) daysWithBuys++;
      for (const r of reports) if (r.stock_summary.recommendation.action === "BUY") buyTickers.add(r.stock_summary.ticker);
    }
    expect([...seen].filter((situation) => situation !== "WATCH other").sort()).toEqual(["BUY Breakout", "SELL Stage 4 decline", "SELL on a holder's rule", "WATCH Extended", "WATCH base"]);
    expect(daysWithBuys).toBeGreaterThanOrEqual(5);
    expect(buyTickers.size).toBeGreaterThanOrEqual(3);
  });

  it("resolves tickers and company names, trimmed and case-insensitive", async () => {
    const provider = new DemoMarketProvider({ seed: 42, today: at("2026-11-22T15:00:00Z") });
    const service = new StockAnalysisService(provider);
    const [first] = await provider.listUniverse();
    expect((await service.resolve(`  ${first!.ticker.toLowerCase()} `)).ticker).toBe(first!.ticker);
    const nameWord = first!.name.split(" ")[0]!;
    expect((await service.resolve(nameWord.toLowerCase())).ticker).toBeTruthy();
  });

  it("answers a ticker the demo market does not list with demo tickers to try", async () => {
    const service = new StockAnalysisService(new DemoMarketProvider({ seed: 42 }));
    await expect(service.analyze("qqqqzz")).rejects.toThrow(SymbolNotFoundError);
    await expect(service.analyze("aapl")).rejects.toThrow("AAPL is not in the demo market — try NWSC (Northwind Semiconductor), QBIT (Quillbit Software)");
    await expect(service.analyze("Apple Inc")).rejects.toThrow("'Apple Inc' is not in the demo market — try NWSC");
    await expect(service.analyze("   ")).rejects.toThrow(SymbolNotFoundError);
  });

  it("answers unknown input on a real provider with 'No data found for …'", async () => {
    class RealLooking extends DemoMarketProvider {
      override readonly demo = false as never;
    }
    const service = new StockAnalysisService(new RealLooking({ seed: 42 }));
    await expect(service.analyze("qqqqzz")).rejects.toThrow(new SymbolNotFoundError("QQQQZZ"));
    await expect(service.analyze("qqqqzz")).rejects.toThrow("No data found for QQQQZZ");
  });

  it("gives the same report for the same seed and date", async () => {
    const make = () => new StockAnalysisService(new DemoMarketProvider({ seed: 7, today: at("2026-11-22T15:00:00Z") }), at("2026-11-22T15:00:00Z"));
    const [a, b] = await Promise.all([make().screen(), make().screen()]);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});

/** The demo market presented as a per-call provider (like Yahoo), with its calls counted. */
function meteredDemo(now: () => Date, profileOverrides: Record<string, object> = {}) {
  const inner = new DemoMarketProvider({ seed: 42, today: now });
  const barCalls: string[] = [];
  const provider: MarketDataProvider = {
    id: "yahoo",
    demo: false,
    costsUpstreamCalls: true,
    benchmarkTicker: inner.benchmarkTicker,
    searchSymbols: (q) => inner.searchSymbols(q),
    getProfile: async (t) => {
      const profile = await inner.getProfile(t);
      return profile ? { ...profile, ...profileOverrides[t] } : null;
    },
    getDailyBars: (t, s) => {
      barCalls.push(t);
      return inner.getDailyBars(t, s);
    },
    getFundamentals: (t) => inner.getFundamentals(t),
    sectorEtf: (s) => inner.sectorEtf(s),
    listUniverse: () => inner.listUniverse(),
  };
  return { provider, barCalls, inner };
}

describe("StockAnalysisService with a provider that charges per call", () => {
  const now = at("2026-11-22T15:00:00Z");

  it("never fetches the universe for one analysis: RS is rated against the benchmark until the universe refresh ran", async () => {
    const { provider, barCalls, inner } = meteredDemo(now);
    const [company] = await inner.listUniverse();
    const service = new StockAnalysisService(provider, now);
    const before = await service.analyze(company!.ticker);
    expect(new Set(barCalls).size).toBeLessThanOrEqual(3); // the stock, the benchmark, its sector fund
    expect(before.meta.rs_rating).not.toBeNull();

    await service.refreshUniverseScores();
    barCalls.length = 0;
    const after = await service.analyze(company!.ticker);
    expect(new Set(barCalls).size).toBeLessThanOrEqual(3);
    // Now ranked against the universe, as the demo market (free to scan) always is.
    const local = await new StockAnalysisService(new DemoMarketProvider({ seed: 42, today: now }), now).analyze(company!.ticker);
    expect(after.meta.rs_rating).toBe(local.meta.rs_rating);
  });

  it("keeps the universe's RS scores in the store, so a restarted server ranks the same way", async () => {
    const rows = new Map<string, MarketCacheRecord>();
    const store: MarketCacheStore = {
      read: async (key) => rows.get(key) ?? null,
      write: async (key, record) => void rows.set(key, structuredClone(record)),
    };
    const { provider, inner } = meteredDemo(now);
    const [company] = await inner.listUniverse();
    await new StockAnalysisService(provider, now, store).refreshUniverseScores();
    expect([...rows.keys()]).toEqual([expect.stringMatching(/^yahoo:universe-rs:\d{4}-\d{2}-\d{2}$/)]);
    const restarted = meteredDemo(now);
    const report = await new StockAnalysisService(restarted.provider, now, store).analyze(company!.ticker);
    const local = await new StockAnalysisService(new DemoMarketProvider({ seed: 42, today: now }), now).analyze(company!.ticker);
    expect(report.meta.rs_rating).toBe(local.meta.rs_rating);
    expect(new Set(restarted.barCalls).size).toBeLessThanOrEqual(3);
  });

  it("analyses a listing in another currency and says so", async () => {
    const { provider, inner } = meteredDemo(now, {});
    const [company] = await inner.listUniverse();
    const euro = meteredDemo(now, { [company!.ticker]: { currency: "EUR" } });
    const report = await new StockAnalysisService(euro.provider, now).analyze(company!.ticker);
    expect(report.meta.currency).toBe("EUR");
    expect(report.stock_summary.risk_assessment.market_conditions).toContain("Prices are in EUR.");
    expect((await new StockAnalysisService(provider, now).analyze(company!.ticker)).meta.currency).toBeNull();
  });
});
