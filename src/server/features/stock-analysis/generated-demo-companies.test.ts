import { describe, expect, it } from "vitest";
import { analysisReportSchema } from "../../../contracts/stock-summary";
import { DemoMarketProvider, demoArchetype } from "../../adapters/market/demo";
import { StockAnalysisService } from "./stock-analysis.service";

/** DEMO_UNIVERSE_SIZE above 45: the generated fictional companies analyse like the curated ones. */
const at = (iso: string) => () => new Date(iso);
const NOW = "2026-11-22T15:00:00Z";

function serviceOf(universeSize: number, now = NOW): { service: StockAnalysisService; market: DemoMarketProvider } {
  const market = new DemoMarketProvider({ seed: 42, today: at(now), universeSize });
  return { service: new StockAnalysisService(market, at(now)), market };
}

describe("StockAnalysisService on a demo universe with generated companies", () => {
  it("analyses a generated ticker, and one found by its name, into schema-valid demo reports", async () => {
    // 600, not 5,000: a demo analysis first rates RS against the whole universe (5,000 series ≈ 10 s here).
    const { service, market } = serviceOf(600);
    const company = (await market.listUniverse())[543]!;
    const report = await service.analyze(company.ticker);
    expect(analysisReportSchema.safeParse(report).success).toBe(true);
    expect(report.stock_summary.ticker).toBe(company.ticker);
    expect(report.meta.demo).toBe(true);
    expect(report.meta.company.name).toBe(company.name);
    expect(report.meta.rs_rating).not.toBeNull();
    const byName = await service.analyze(company.name.toLowerCase());
    expect(byName.stock_summary.ticker).toBe(company.ticker);
  });

  // The generated companies take the curated archetype mix, so a bigger screen holds the same kind
  // of list: breakouts are BUYs, bases and extended names WATCHes, stage-4 decliners SELLs.
  it.each([NOW, "2026-03-14T16:00:00Z"])("reads 45 curated and 90 generated companies as their archetypes on %s", async (now) => {
    const { service } = serviceOf(135, now);
    const reports = await service.screen();
    expect(reports).toHaveLength(135);
    const mismatches: string[] = [];
    const actions = new Map<string, number>();
    for (const report of reports) {
      expect(analysisReportSchema.safeParse(report).success, report.stock_summary.ticker).toBe(true);
      const s = report.stock_summary;
      actions.set(s.recommendation.action, (actions.get(s.recommendation.action) ?? 0) + 1);
      const kind = demoArchetype(s.ticker);
      const expected = kind === "breakout" ? "BUY" : kind === "stage-4" ? "SELL" : "WATCH";
      if (s.recommendation.action !== expected) mismatches.push(`${s.ticker} (${kind}): ${s.recommendation.action} ${s.technical_analysis.technical_setup}`);
    }
    expect(mismatches).toEqual([]);
    // 6 breakouts and 8 stage-4 names in every 45: 18 BUYs and 24 SELLs in 135.
    expect(actions.get("BUY")).toBe(18);
    expect(actions.get("SELL")).toBe(24);
  });
});
