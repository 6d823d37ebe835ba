import { describe, expect, it } from "vitest";
import { analysisReportSchema } from "../../../contracts/stock-summary";
import { SymbolNotFoundError } from "../../../core/market/market-data-provider";
import { DemoMarketProvider } from "../../adapters/market/demo";
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

  it.each(["2026-11-22T15:00:00Z", "2026-03-10T21:00:00Z", "2025-07-01T12:00:00Z", "2027-01-15T22:00:00Z"])(
    "screens several BUYs, WATCHes and SELLs on %s, best setups first",
    async (now) => {
      const service = new StockAnalysisService(new DemoMarketProvider({ seed: 42, today: at(now) }), at(now));
      const reports = await service.screen();
      const count = (action: string) => reports.filter((r) => r.stock_summary.recommendation.action === action).length;
      expect(count("BUY")).toBeGreaterThanOrEqual(2);
      expect(count("WATCH")).toBeGreaterThanOrEqual(2);
      expect(count("SELL")).toBeGreaterThanOrEqual(2);
      const order = reports.map((r) => r.stock_summary.recommendation.action);
      expect(order.indexOf("SELL")).toBeGreaterThan(order.lastIndexOf("BUY"));
    },
  );

  it("resolves tickers and company names, trimmed and case-insensitive", async () => {
    const provider = new DemoMarketProvider({ seed: 42, today: at("2026-11-22T15:00:00Z") });
    const service = new StockAnalysisService(provider);
    const [first] = await provider.listUniverse();
    expect((await service.resolve(`  ${first!.ticker.toLowerCase()} `)).ticker).toBe(first!.ticker);
    const nameWord = first!.name.split(" ")[0]!;
    expect((await service.resolve(nameWord.toLowerCase())).ticker).toBeTruthy();
  });

  it("answers unknown input with 'No data found for …'", async () => {
    const service = new StockAnalysisService(new DemoMarketProvider({ seed: 42 }));
    await expect(service.analyze("qqqqzz")).rejects.toThrow(new SymbolNotFoundError("QQQQZZ"));
    await expect(service.analyze("qqqqzz")).rejects.toThrow("No data found for QQQQZZ");
    await expect(service.analyze("   ")).rejects.toThrow(SymbolNotFoundError);
  });

  it("gives the same report for the same seed and date", async () => {
    const make = () => new StockAnalysisService(new DemoMarketProvider({ seed: 7, today: at("2026-11-22T15:00:00Z") }), at("2026-11-22T15:00:00Z"));
    const [a, b] = await Promise.all([make().screen(), make().screen()]);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});
