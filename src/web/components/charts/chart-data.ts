import { ema, sma } from "../../../core/indicators/moving-average";
import { rsLine, rsNewHighs, type DatedValue } from "../../../core/indicators/rs-line";
import type { BarRow } from "../../../core/market/market-data";
import { weeklyBars } from "../../../core/market/weekly-bars";

export type ChartInterval = "daily" | "weekly";
export type AverageKind = "sma" | "ema";

/** A dated marker over the candles (e.g. a distribution day) for a chart drawn from given bars. */
export interface ChartMarker {
  date: string;
  label: string;
  kind: "up" | "down" | "neutral";
}

/** One moving-average line ready to draw: its legend label and its points. */
interface AverageLine {
  label: string;
  color: string;
  points: { time: string; value: number }[];
}

/** What the chart draws for one interval: the bars, the averages, the RS line and its new highs (dates). */
export interface ChartModel {
  interval: ChartInterval;
  bars: BarRow[];
  averages: AverageLine[];
  rs: DatedValue[];
  rsHighs: string[];
}

/** The 50/150/200-day periods the method reads; a weekly chart draws each over 5 times fewer bars (10/30/40 weeks). */
export const DEFAULT_AVERAGE_PERIODS = [50, 150, 200] as const;
const AVERAGE_COLORS = ["#0891b2", "#d97706", "#7c3aed", "#db2777"] as const;
const SESSIONS_PER_WEEK = 5;
/** A year of points: the RS line's new-high window on each interval. */
const YEAR_POINTS: Record<ChartInterval, number> = { daily: 252, weekly: 52 };

/** The average's legend label: 'SMA 50' on daily bars, 'SMA 10-week' on weekly ones. */
function averageLabel(kind: AverageKind, period: number, interval: ChartInterval): string {
  const name = kind.toUpperCase();
  return interval === "daily" ? `${name} ${String(period)}` : `${name} ${String(weeklyPeriod(period))}-week`;
}

function weeklyPeriod(dailyPeriod: number): number {
  return Math.max(1, Math.round(dailyPeriod / SESSIONS_PER_WEEK));
}

function averageLines(bars: BarRow[], kind: AverageKind, periods: readonly number[], interval: ChartInterval): AverageLine[] {
  const closes = Float64Array.from(bars, (b) => b.close);
  const average = kind === "sma" ? sma : ema;
  return periods.map((period, i) => {
    const values = average(closes, interval === "daily" ? period : weeklyPeriod(period));
    // The warm-up before an average is defined is NaN: those bars get no point.
    const points = Array.from(values).flatMap((value, k) => (Number.isNaN(value) ? [] : [{ time: bars[k]!.date, value }]));
    return { label: averageLabel(kind, period, interval), color: AVERAGE_COLORS[i % AVERAGE_COLORS.length]!, points };
  });
}

/**
 * The chart's model for the chosen interval. The RS line is computed on the daily closes; a weekly
 * chart takes its value at each week's last session, so both intervals show the same line.
 */
export function chartModel(
  daily: BarRow[],
  options: { interval: ChartInterval; kind: AverageKind; periods: readonly number[]; benchmark?: readonly { date: string; close: number }[] },
): ChartModel {
  const { interval, kind, periods, benchmark } = options;
  const bars = interval === "daily" ? daily : weeklyBars(daily);
  const dailyRs = benchmark ? rsLine(daily, benchmark) : [];
  const byDate = new Map(dailyRs.map((point) => [point.date, point.value]));
  const rs =
    interval === "daily"
      ? dailyRs
      : bars.flatMap((bar) => {
          const value = byDate.get(bar.date);
          return value === undefined ? [] : [{ date: bar.date, value }];
        });
  return {
    interval,
    bars,
    averages: averageLines(bars, kind, periods, interval),
    rs,
    rsHighs: rsNewHighs(rs, YEAR_POINTS[interval]).map((i) => rs[i]!.date),
  };
}
