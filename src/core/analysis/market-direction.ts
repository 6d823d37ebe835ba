import type { DailyBars } from "../market/market-data";
import { isDistributionDay } from "../indicators/distribution-days";
import { ema } from "../indicators/moving-average";
import type { AnalysisConfig } from "./analysis-config";

export type MarketTrend = "Confirmed uptrend" | "Uptrend under pressure" | "Correction";
type MarketSentiment = "Bullish" | "Neutral" | "Bearish";

export interface MarketDirection {
  trend: MarketTrend;
  sentiment: MarketSentiment;
  /** Active distribution days: not yet expired by age or by a rally, not cleared by a follow-through day. */
  distributionDays: number;
  close: number;
  ema50: number;
  ema200: number;
  ema200Falling: boolean;
  /** Benchmark return over the last 63 sessions (3 months). */
  return3m: number;
  /** Date of the last follow-through day within the last 63 sessions, null when none. */
  followThroughDate: string | null;
  /** Date the current correction began, null when not in a correction. */
  correctionSince: string | null;
  /** Session of the benchmark this describes (a benchmark file may end before the stock's data). */
  date: string;
}

/** The market direction at every session, computed in one causal pass (see marketDirectionSeries). */
export interface MarketDirectionSeries {
  /** null until enough history exists for the 200-day EMA's direction. */
  trend: (MarketTrend | null)[];
  /** Active distribution days at each session. */
  distributionDays: Int32Array;
  /** index of the last follow-through day at or before each session, -1 if none */
  followThroughIndex: Int32Array;
  /** index where the current correction began, -1 when not in a correction */
  correctionStart: Int32Array;
  ema50: Float64Array;
  ema200: Float64Array;
  /** Indexes of the distribution days still active after the last session, oldest first. */
  activeAtEnd: number[];
}

/** Three months of sessions: the window of return3m and of a 'recent' follow-through day. */
const QUARTER_SESSIONS = 63;

/** Lets a threshold met exactly on decimal prices (a 5.00% rally, a 1.25% gain) count despite binary rounding. */
const TOLERANCE = 1e-9;

/** First session with a state: the 200-day EMA is defined and can be compared with its value `ma200RisingSessions` earlier. */
function firstStateIndex(config: AnalysisConfig): number {
  return config.averagePeriods.slow - 1 + config.trendTemplate.ma200RisingSessions;
}

/**
 * The M in CAN SLIM as a day-by-day state machine over the benchmark's bars (docs/method.md). The value at session i depends only on bars 0..i, so a
 * back-test can call this once per benchmark and read any index without look-ahead. O(n): the
 * active distribution days are at most `distributionDaySessions`, and the recent high is kept in a
 * monotonic queue.
 */
export function marketDirectionSeries(benchmark: DailyBars, config: AnalysisConfig): MarketDirectionSeries {
  const { close, volume } = benchmark;
  const n = close.length;
  const m = config.market;
  const ema50 = ema(close, config.averagePeriods.fast);
  const ema200 = ema(close, config.averagePeriods.slow);
  const trend = new Array<MarketTrend | null>(n).fill(null);
  const distribution = new Int32Array(n);
  const followThroughIndex = new Int32Array(n).fill(-1);
  const correctionStart = new Int32Array(n).fill(-1);
  const start = firstStateIndex(config);

  // Indexes of the active distribution days, oldest first.
  const active: number[] = [];
  // Monotonic queue of indexes whose closes decrease: the front is the highest close in the window.
  const highs = new Int32Array(n);
  let head = 0;
  let tail = 0;

  let state: MarketTrend = "Confirmed uptrend";
  let lastFollowThrough = -1;
  let since = -1;
  // Rally attempt: `low` is the lowest close since the correction began (or since the last
  // undercut); `dayOne` the attempt's first up close, -1 while none; `attemptLow` the low before it.
  let low = Number.NaN;
  // Highest close of the window when the correction began: a close above it ends the correction
  // even without a follow-through day (a market at a new high is not in a correction).
  let highBefore = Number.NaN;
  let dayOne = -1;
  let attemptLow = Number.NaN;

  for (let i = 0; i < n; i++) {
    const c = close[i]!;

    // A distribution day counts on sessions d..d+sessions-1, and stops once the index rallies far enough above it.
    let kept = 0;
    for (const d of active) {
      if (i - d < m.distributionDaySessions && c / close[d]! - 1 < m.distributionDayExpiryRally - TOLERANCE) active[kept++] = d;
    }
    active.length = kept;
    if (isDistributionDay(close, volume, i, m.distributionDayDrop)) active.push(i);

    // The drawdown is measured from the highest close of the last `correctionHighSessions`, but not
    // from before the last follow-through day: otherwise the day after one, still far under the old
    // high and usually under the 50-day EMA, would put the market straight back into a correction.
    while (tail > head && close[highs[tail - 1]!]! <= c) tail--;
    highs[tail++] = i;
    const windowStart = Math.max(i - m.correctionHighSessions + 1, lastFollowThrough);
    while (highs[head]! < windowStart) head++;

    if (i >= start) {
      if (state === "Correction") {
        if (i > since) {
          if (dayOne < 0) {
            if (c < low) low = c;
            else if (c > close[i - 1]!) {
              dayOne = i;
              attemptLow = low;
            }
          } else if (c < attemptLow) {
            // The attempt failed: wait for the first up close after this new low.
            dayOne = -1;
            low = c;
          }
          if (dayOne >= 0 && i - dayOne + 1 >= m.followThroughMinDay && isFollowThroughDay(close, volume, i, m.followThroughGain)) {
            state = "Confirmed uptrend";
            lastFollowThrough = i;
            since = -1;
            dayOne = -1;
            active.length = 0;
          } else if (c > highBefore) {
            state = "Confirmed uptrend";
            since = -1;
            dayOne = -1;
            active.length = 0;
          }
        }
      } else if (c < ema50[i]! && (active.length >= m.correctionDistributionDays || 1 - c / close[highs[head]!]! >= m.correctionDrawdown - TOLERANCE)) {
        state = "Correction";
        since = i;
        low = c;
        highBefore = close[highs[head]!]!;
        dayOne = -1;
      } else {
        state = active.length >= m.underPressureDays ? "Uptrend under pressure" : "Confirmed uptrend";
      }
      trend[i] = state;
      correctionStart[i] = since;
    }
    distribution[i] = active.length;
    followThroughIndex[i] = lastFollowThrough;
  }
  return { trend, distributionDays: distribution, followThroughIndex, correctionStart, ema50, ema200, activeAtEnd: [...active] };
}

/** Up at least `gain` from the previous close on higher volume than the previous session. */
function isFollowThroughDay(close: Float64Array, volume: Float64Array, i: number, gain: number): boolean {
  return close[i]! / close[i - 1]! - 1 >= gain - TOLERANCE && volume[i]! > volume[i - 1]!;
}

/** The market direction at one session of a series from marketDirectionSeries; null before the state machine starts. */
export function marketDirectionAt(benchmark: DailyBars, series: MarketDirectionSeries, index: number, config: AnalysisConfig): MarketDirection | null {
  if (!Number.isInteger(index) || index < 0 || index >= series.trend.length) return null;
  const trend = series.trend[index];
  if (!trend) return null;
  const close = benchmark.close[index]!;
  const ema50 = series.ema50[index]!;
  const ema200 = series.ema200[index]!;
  const ema200Falling = ema200 < series.ema200[index - config.trendTemplate.ma200RisingSessions]!;
  const sentiment: MarketSentiment = trend === "Confirmed uptrend" ? "Bullish" : trend === "Correction" ? "Bearish" : "Neutral";
  const return3m = index >= QUARTER_SESSIONS ? close / benchmark.close[index - QUARTER_SESSIONS]! - 1 : Number.NaN;
  const followThrough = series.followThroughIndex[index]!;
  const correction = series.correctionStart[index]!;
  return {
    trend,
    sentiment,
    distributionDays: series.distributionDays[index]!,
    close,
    ema50,
    ema200,
    ema200Falling,
    return3m,
    followThroughDate: followThrough >= 0 && index - followThrough < QUARTER_SESSIONS ? benchmark.dates[followThrough]! : null,
    correctionSince: correction >= 0 ? benchmark.dates[correction]! : null,
    date: benchmark.dates[index]!,
  };
}

/** The M in CAN SLIM at the benchmark's last session (docs/method.md); null without enough history. */
export function analyzeMarketDirection(benchmark: DailyBars, config: AnalysisConfig): MarketDirection | null {
  return marketDirectionAt(benchmark, marketDirectionSeries(benchmark, config), benchmark.close.length - 1, config);
}
