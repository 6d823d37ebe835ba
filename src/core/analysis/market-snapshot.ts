/**
 * The market page's figures (docs/product.md, "Market"), computed from the benchmark's bars and the
 * market-direction series once per session: pure, so the daily screen stores them and no request recomputes them.
 */
import type { DailyBars } from "../market/market-data";
import { sessionsAfter } from "../market/trading-calendar";
import type { AnalysisConfig } from "./analysis-config";
import type { MarketDirectionSeries, MarketTrend } from "./market-direction";

export interface MarketStateDay {
  date: string;
  state: MarketTrend;
  distribution_days: number;
}

/** The state on each of the last `sessions` sessions that have one (fewer while the series is young), oldest first. */
export function marketStateHistory(benchmark: DailyBars, series: MarketDirectionSeries, sessions = 120): MarketStateDay[] {
  const days: MarketStateDay[] = [];
  for (let i = Math.max(0, series.trend.length - sessions); i < series.trend.length; i++) {
    const state = series.trend[i];
    if (state) days.push({ date: benchmark.dates[i]!, state, distribution_days: series.distributionDays[i]! });
  }
  return days;
}

export interface DistributionDay {
  date: string;
  /** The session on which it stops counting by age (an earlier rally or follow-through day can end it sooner). */
  expires: string;
}

/** The distribution days active after the last session, with the session each one expires on by age. */
export function distributionDayList(benchmark: DailyBars, series: MarketDirectionSeries, config: AnalysisConfig): DistributionDay[] {
  const last = benchmark.dates.length - 1;
  return series.activeAtEnd.map((d) => {
    const end = d + config.market.distributionDaySessions;
    // Past the last bar, the trading calendar gives the future session.
    const expires = end <= last ? benchmark.dates[end]! : sessionsAfter(benchmark.dates[last]!, end - last);
    return { date: benchmark.dates[d]!, expires };
  });
}

/** The date the state at the last session began: the correction's start, else the first session of the current run of that state. */
export function stateSince(benchmark: DailyBars, series: MarketDirectionSeries): string | null {
  let i = series.trend.length - 1;
  const state = series.trend[i];
  if (!state) return null;
  const correction = series.correctionStart[i]!;
  if (state === "Correction" && correction >= 0) return benchmark.dates[correction]!;
  while (i > 0 && series.trend[i - 1] === state) i--;
  return benchmark.dates[i]!;
}

type GroupKind = "sector" | "industry";

export interface GroupAverage {
  name: string;
  kind: GroupKind;
  /** The average RS rating of the group's rated stocks. */
  rs: number;
  stocks: number;
}

export interface RankedGroup extends GroupAverage {
  /** 1 = the strongest group of its kind. */
  rank: number;
}

/** Ranks sectors and industries, each kind on its own, by average RS (highest first, then by name). */
export function rankGroups(rows: GroupAverage[]): RankedGroup[] {
  const ranked: RankedGroup[] = [];
  for (const kind of ["sector", "industry"] as const) {
    const ofKind = rows.filter((row) => row.kind === kind).sort((a, b) => b.rs - a.rs || a.name.localeCompare(b.name));
    ofKind.forEach((row, k) => ranked.push({ ...row, rank: k + 1 }));
  }
  return ranked;
}

/** Places a group climbed since an earlier ranking (positive = up), null when it was not ranked then. */
export function rankChange(previous: RankedGroup[] | null, now: RankedGroup): number | null {
  const before = previous?.find((row) => row.kind === now.kind && row.name === now.name);
  return before ? before.rank - now.rank : null;
}

export interface BreadthCounts {
  total: number;
  above_50: number;
  above_200: number;
  new_highs: number;
  new_lows: number;
  advancers: number;
  decliners: number;
}

export interface Breadth {
  total: number;
  /** Fractions of the screened stocks (0..1); null when none was screened. */
  pct_above_50: number | null;
  pct_above_200: number | null;
  new_highs: number;
  new_lows: number;
  advancers: number;
  decliners: number;
}

/** The breadth of the screened universe from the per-stock counts of one session. */
export function breadthOf(counts: BreadthCounts): Breadth {
  const share = (count: number): number | null => (counts.total > 0 ? count / counts.total : null);
  return {
    total: counts.total,
    pct_above_50: share(counts.above_50),
    pct_above_200: share(counts.above_200),
    new_highs: counts.new_highs,
    new_lows: counts.new_lows,
    advancers: counts.advancers,
    decliners: counts.decliners,
  };
}
