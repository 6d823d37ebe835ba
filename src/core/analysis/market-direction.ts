import type { DailyBars } from "../market/market-data";
import { distributionDays } from "../indicators/distribution-days";
import { ema } from "../indicators/moving-average";
import type { AnalysisConfig } from "./analysis-config";

export type MarketTrend = "Confirmed uptrend" | "Uptrend under pressure" | "Correction";
export type MarketSentiment = "Bullish" | "Neutral" | "Bearish";

export interface MarketDirection {
  trend: MarketTrend;
  sentiment: MarketSentiment;
  distributionDays: number;
  close: number;
  ema50: number;
  ema200: number;
  ema200Falling: boolean;
  /** Benchmark return over the last 63 sessions (3 months). */
  return3m: number;
}

/** The M in CAN SLIM, from the benchmark's bars (ANALYSIS.md 'Market direction'). */
export function analyzeMarketDirection(benchmark: DailyBars, config: AnalysisConfig): MarketDirection | null {
  const n = benchmark.close.length;
  if (n < config.ema.slow + config.trendTemplate.ema200RisingSessions) return null;
  const last = n - 1;
  const ema50 = ema(benchmark.close, config.ema.fast)[last]!;
  const ema200Series = ema(benchmark.close, config.ema.slow);
  const ema200 = ema200Series[last]!;
  const ema200Falling = ema200 < ema200Series[last - config.trendTemplate.ema200RisingSessions]!;
  const close = benchmark.close[last]!;
  const dd = distributionDays(
    benchmark.close,
    benchmark.volume,
    config.market.distributionDaySessions,
    config.market.distributionDayDrop,
  ).count;
  let trend: MarketTrend;
  if (close < ema50 && close < ema200 && ema200Falling) trend = "Correction";
  else if (dd >= config.market.underPressureDays || close < ema50) trend = "Uptrend under pressure";
  else trend = "Confirmed uptrend";
  const sentiment: MarketSentiment = trend === "Confirmed uptrend" ? "Bullish" : trend === "Correction" ? "Bearish" : "Neutral";
  const return3m = n > 63 ? close / benchmark.close[last - 63]! - 1 : Number.NaN;
  return { trend, sentiment, distributionDays: dd, close, ema50, ema200, ema200Falling, return3m };
}
