import type { AnalysisReport } from "../../../core/analysis/analysis-report";
import { buyPointPosition } from "../../../core/analysis/buy-point-position";

/**
 * The screener's typed columns of a stored report (decision 059), derived where the report is written so
 * the two never disagree. Every figure is null where the report has none (older reports lack `meta.session`).
 */
export interface ScreenColumns {
  company: string | null;
  sector: string | null;
  industry: string | null;
  price: number | null;
  changePct: number | null;
  volumeRatio: number | null;
  dollarVolume: number | null;
  setup: string | null;
  buyPointDistance: number | null;
  stopRisk: number | null;
  rsRating: number | null;
  ttScore: number | null;
  belowHighPct: number | null;
  epsGrowth: number | null;
  above50: boolean | null;
  above200: boolean | null;
  newHigh: boolean | null;
  newLow: boolean | null;
  demo: boolean;
}

const finite = (x: unknown): number | null => (typeof x === "number" && Number.isFinite(x) ? x : null);
const integer = (x: unknown): number | null => (typeof x === "number" && Number.isInteger(x) ? x : null);
const text = (x: unknown): string | null => (typeof x === "string" && x.length > 0 ? x : null);
const flag = (x: unknown): boolean | null => (typeof x === "boolean" ? x : null);

/** A stored report, read defensively: rows written by older engines may lack any part of it. */
type StoredReport = { stock_summary?: Partial<AnalysisReport["stock_summary"]>; meta?: Partial<AnalysisReport["meta"]> };

export function screenColumnsOf(analysis: unknown): ScreenColumns {
  const report = (typeof analysis === "object" && analysis !== null ? analysis : {}) as StoredReport;
  const summary = report.stock_summary ?? {};
  const meta = report.meta ?? {};
  const session = meta.session;
  const price = finite(summary.current_metrics?.price);
  const position = buyPointPosition({ price, buyPoint: summary.trade_setup?.buy_point, stopLoss: summary.trade_setup?.stop_loss });
  const fromHigh = finite(summary.technical_analysis?.distance_from_52_week_high);
  return {
    company: text(meta.company?.name),
    sector: text(meta.company?.sector),
    industry: text(meta.company?.industry),
    price,
    changePct: finite(session?.change_pct),
    volumeRatio: finite(session?.volume_ratio),
    dollarVolume: finite(session?.dollar_volume_50),
    // The day's setup (a SetupKind: 'Breakout', 'VCP', …), not the base's type of trade_setup.setup_type.
    setup: text(summary.technical_analysis?.technical_setup),
    buyPointDistance: position.distance,
    stopRisk: position.risk,
    rsRating: integer(meta.rs_rating),
    ttScore: integer(meta.trend_template?.score),
    // The report's distance is ≤ 0 (−0.042 = 4.2% below); the column is how far below, ≥ 0.
    belowHighPct: fromHigh === null ? null : Math.max(0, -fromHigh),
    // Newest quarter first.
    epsGrowth: finite(summary.fundamental_analysis?.quarterly_eps_growth?.[0]),
    above50: flag(session?.above_50),
    above200: flag(session?.above_200),
    newHigh: flag(session?.new_high),
    newLow: flag(session?.new_low),
    demo: meta.demo === true,
  };
}
