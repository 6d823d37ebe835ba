import type { AnalysisReport } from "./analysis-report";

/**
 * Orders reports for a screen: BUYs first, then WATCHes with a buy point (nearest to it first),
 * then other WATCHes, then SELLs; inside each group the stronger trend and RS rank higher.
 */
function setupQuality(report: AnalysisReport): number {
  const s = report.stock_summary;
  const strength = report.meta.trend_template.score * 10 + (report.meta.rs_rating ?? 0) / 10;
  const distance = pivotDistance(report);
  switch (s.recommendation.action) {
    case "BUY":
      return 3000 + strength;
    case "WATCH":
      return distance === null ? 1000 + strength : 2000 + strength - Math.min(Math.abs(distance), 1) * 100;
    case "SELL":
      return strength;
  }
}

/** close ÷ buy point - 1, or null without a buy point. */
export function pivotDistance(report: AnalysisReport): number | null {
  const buyPoint = report.stock_summary.trade_setup.buy_point;
  return typeof buyPoint === "number" && buyPoint > 0 ? report.stock_summary.current_metrics.price / buyPoint - 1 : null;
}

export function rankBySetupQuality(reports: AnalysisReport[]): AnalysisReport[] {
  return [...reports].sort((a, b) => setupQuality(b) - setupQuality(a) || a.stock_summary.ticker.localeCompare(b.stock_summary.ticker));
}
