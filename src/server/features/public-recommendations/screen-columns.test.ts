import { describe, expect, it } from "vitest";
import { analyzeStock } from "../../../core/analysis/analyze-stock";
import { decliner, input, vcp } from "../../../core/analysis/test-fixtures";
import { screenColumnsOf } from "./screen-columns";

describe("screenColumnsOf", () => {
  it("reads the screener's columns from a report", () => {
    const report = analyzeStock(input(vcp().day(0.035, 2.5).build(), { profile: { ticker: "TEST", name: "Test Corp", sector: "Technology", industry: "Software" } }));
    const columns = screenColumnsOf(report);
    const summary = report.stock_summary;
    expect(columns).toMatchObject({
      company: "Test Corp",
      sector: "Technology",
      industry: "Software",
      price: summary.current_metrics.price,
      changePct: report.meta.session!.change_pct,
      volumeRatio: report.meta.session!.volume_ratio,
      dollarVolume: report.meta.session!.dollar_volume_50,
      setup: "Breakout",
      rsRating: report.meta.rs_rating,
      ttScore: report.meta.trend_template.score,
      above50: true,
      above200: true,
      newHigh: true,
      newLow: false,
      demo: false,
    });
    expect(columns.buyPointDistance).toBeCloseTo(summary.current_metrics.price / (summary.trade_setup.buy_point as number) - 1, 3);
    expect(columns.stopRisk).toBeCloseTo(1 - (summary.trade_setup.stop_loss as number) / summary.current_metrics.price, 3);
    expect(columns.belowHighPct).toBeGreaterThanOrEqual(0);
    expect(columns.belowHighPct).toBeCloseTo(-(summary.technical_analysis.distance_from_52_week_high as number), 6);
    expect(columns.epsGrowth).toBe(summary.fundamental_analysis.quarterly_eps_growth[0]);
  });

  it("gives nulls where the report has nothing: no trade levels, no session (an older report), no EPS", () => {
    const report = analyzeStock(input(decliner().build(), { fundamentals: undefined }));
    const { session: _session, ...meta } = report.meta;
    const columns = screenColumnsOf({ ...report, meta });
    expect(columns.changePct).toBeNull();
    expect(columns.above50).toBeNull();
    expect(columns.newHigh).toBeNull();
    expect(columns.setup).toBe(report.stock_summary.technical_analysis.technical_setup);
  });

  it("never throws on a malformed stored row", () => {
    for (const junk of [null, 42, "x", {}, { meta: { demo: "yes" }, stock_summary: { current_metrics: { price: "N/A" } } }]) {
      const columns = screenColumnsOf(junk);
      expect(columns.price).toBeNull();
      expect(columns.demo).toBe(false);
    }
  });
});
