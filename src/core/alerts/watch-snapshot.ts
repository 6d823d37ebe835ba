import type { AnalysisReport, RecommendationAction } from "../analysis/analysis-report";
import { buyPointPosition } from "../analysis/buy-point-position";

/**
 * What the alert rules need of one stock on one session (decision 032): the call, the base and its
 * levels. Taken from the day's analysis and kept, so the next session's analysis is compared with
 * what a watcher saw the day before.
 */
export interface WatchSnapshot {
  ticker: string;
  /** The session of the analysis (its last bar). */
  session: string;
  action: RecommendationAction;
  company: string;
  close: number;
  buyPoint: number | null;
  stop: number | null;
  target: number | null;
  /** More than 5% above the buy point (docs/method.md): past the buy range. */
  extended: boolean;
  setup: string;
  baseType: string | null;
  baseStart: string | null;
  pivot: number | null;
  breakoutDate: string | null;
  demo: boolean;
  /**
   * The levels shown before the last SELL, while no new setup has been announced since (the
   * watcher is out of the stock): carried from session to session by the alert job. Absent on
   * snapshots stored before it was kept.
   */
  stoppedOut?: StoppedOut | null;
}

/** What a watcher was shown the session before a SELL ended the position. */
export interface StoppedOut {
  /** The session of the SELL. */
  session: string;
  breakoutDate: string | null;
  buyPoint: number | null;
  stop: number | null;
  target: number | null;
}

function positive(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

export function watchSnapshot(report: AnalysisReport): WatchSnapshot {
  const summary = report.stock_summary;
  const base = report.meta.base;
  const close = summary.current_metrics.price;
  // A stock past its buy range has no buy point in its setup; the base's pivot still tells how far it ran.
  const buyPoint = positive(summary.trade_setup.buy_point);
  const pivot = base ? positive(base.pivot) : null;
  const position = buyPointPosition({ price: close, buyPoint: buyPoint ?? pivot, stopLoss: summary.trade_setup.stop_loss });
  return {
    ticker: summary.ticker,
    session: report.meta.as_of,
    action: summary.recommendation.action,
    company: report.meta.company.name,
    close,
    buyPoint,
    stop: positive(summary.trade_setup.stop_loss),
    target: positive(summary.trade_setup.target_price),
    extended: position.extended && (base?.breakout_date ?? null) !== null,
    setup: summary.trade_setup.setup_type,
    baseType: base?.type ?? null,
    baseStart: base?.start_date ?? null,
    pivot,
    breakoutDate: base?.breakout_date ?? null,
    demo: report.meta.demo,
    stoppedOut: null,
  };
}

/** price ÷ level − 1, null without both. */
export function distanceTo(close: number, level: number | null): number | null {
  return level === null || level <= 0 ? null : close / level - 1;
}
