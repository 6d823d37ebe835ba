import type { DailyBars } from "../market/market-data";
import { atr } from "../indicators/average-true-range";
import { ema, sma } from "../indicators/moving-average";
import { relativeStrengthScore } from "../indicators/relative-strength";
import { averageVolume } from "../indicators/volume";
import type { AnalysisConfig } from "./analysis-config";

/**
 * Every indicator the method reads, computed once over the whole series. Each value at index i
 * depends only on bars 0..i, so a report made at i from the full history equals one made from the
 * bars cut at i: the walk-forward back-test and a live analysis read the same numbers.
 */
export interface SeriesContext {
  bars: DailyBars;
  n: number;
  /** Exponential averages, always: the report's `ema_50/150/200` fields. */
  ema50: Float64Array;
  ema150: Float64Array;
  ema200: Float64Array;
  /** The averages of the Trend Template and the 50-day rules (simple by default, `config.trendTemplate.averages`). */
  ma50: Float64Array;
  ma150: Float64Array;
  ma200: Float64Array;
  /** 50-day average volume, today included (base dry-up). */
  averageVolume50: Float64Array;
  /** Volume ÷ the average of the 50 sessions before (breakouts are judged against it). */
  volumeRatio: Float64Array;
  atr: Float64Array;
  high52: Float64Array;
  low52: Float64Array;
  rsScore: Float64Array;
  /** The close as traded that day (price rules); the adjusted close when the source has no other. */
  tradedClose: Float64Array;
}

/** Rolling extreme over `window` sessions ending at each index (monotonic deque, O(n)). */
function rollingExtreme(values: Float64Array, window: number, max: boolean): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  const deque = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    while (tail > head && (max ? values[deque[tail - 1]!]! <= v : values[deque[tail - 1]!]! >= v)) tail--;
    deque[tail++] = i;
    if (deque[head]! <= i - window) head++;
    out[i] = values[deque[head]!]!;
  }
  return out;
}

function volumeRatios(volume: Float64Array, period: number): Float64Array {
  const n = volume.length;
  const out = new Float64Array(n).fill(Number.NaN);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    if (i >= period) {
      const average = sum / period;
      out[i] = average > 0 ? volume[i]! / average : Number.NaN;
      sum -= volume[i - period]!;
    }
    sum += volume[i]!;
  }
  return out;
}

export function prepareSeries(bars: DailyBars, config: AnalysisConfig): SeriesContext {
  const n = bars.close.length;
  const ema50 = ema(bars.close, config.averagePeriods.fast);
  const ema150 = ema(bars.close, config.averagePeriods.medium);
  const ema200 = ema(bars.close, config.averagePeriods.slow);
  const simple = config.trendTemplate.averages === "sma";
  const rsScore = new Float64Array(n);
  for (let i = 0; i < n; i++) rsScore[i] = relativeStrengthScore(bars.close, i, config.relativeStrength);
  return {
    bars,
    n,
    ema50,
    ema150,
    ema200,
    ma50: simple ? sma(bars.close, config.averagePeriods.fast) : ema50,
    ma150: simple ? sma(bars.close, config.averagePeriods.medium) : ema150,
    ma200: simple ? sma(bars.close, config.averagePeriods.slow) : ema200,
    averageVolume50: averageVolume(bars.volume, config.averageVolumeSessions),
    volumeRatio: volumeRatios(bars.volume, config.averageVolumeSessions),
    atr: atr(bars.high, bars.low, bars.close, config.atrSessions),
    high52: rollingExtreme(bars.high, config.yearSessions, true),
    low52: rollingExtreme(bars.low, config.yearSessions, false),
    rsScore,
    tradedClose: bars.tradedClose ?? bars.close,
  };
}

/** Dollars as traded on day i expressed in the series' (adjusted) prices: the $0.10 pivot offset. */
export function tradedDollars(ctx: SeriesContext, i: number, dollars: number): number {
  const traded = ctx.tradedClose[i]!;
  return traded > 0 ? (dollars * ctx.bars.close[i]!) / traded : dollars;
}
