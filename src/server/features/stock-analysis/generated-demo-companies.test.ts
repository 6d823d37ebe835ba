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

  // The generated companies take the curated archetype mix and its episodes, so a bigger screen holds
  // the same kind of list: BUYs only from growth leaders (some days none), stage-4 names mostly SELLs
  // (measured: 18 of 24 and 21 of 24), the rest WATCHes.
  it("reads 45 curated and 90 generated companies as their kinds on two dates", async () => {
    let buys = 0;
    for (const now of ["2026-10-06T22:00:00Z", "2026-03-13T22:00:00Z"]) {
      const { service } = serviceOf(135, now);
      const reports = await service.screen();
      expect(reports).toHaveLength(135);
      const stage4 = { sell: 0, all: 0 };
      let watches = 0;
      for (const report of reports) {
        expect(analysisReportSchema.safeParse(report).success, report.stock_summary.ticker).toBe(true);
        const s = report.stock_summary;
        const kind = demoArchetype(s.ticker);
        if (s.recommendation.action === "BUY") {
          buys++;
          expect(["stage-4", "neutral", "weak-fundamentals"], s.ticker).not.toContain(kind);
        }
        if (s.recommendation.action === "WATCH") watches++;
        if (kind === "stage-4") {
          stage4.all++;
          if (s.recommendation.action === "SELL") stage4.sell++;
        }
      }
      expect(watches, now).toBeGreaterThanOrEqual(40);
      expect(stage4.sell / stage4.all, now).toBeGreaterThanOrEqual(0.5);
    }
    expect(buys).toBeGreaterThanOrEqual(1);
  });
});
