import type { CompanyProfile, DailyBars, Fundamentals } from "../market/market-data";
import { atr } from "../indicators/average-true-range";
import { ema } from "../indicators/moving-average";
import { fiftyTwoWeekRange } from "../indicators/price-range";
import { periodReturn, relativeStrengthScore, rsRating, rsRatingVsBenchmark } from "../indicators/relative-strength";
import { averageVolume, volumeRatio } from "../indicators/volume";
import { DEFAULT_ANALYSIS_CONFIG, type AnalysisConfig } from "./analysis-config";
import type { AnalysisFacts, RuleOutcome, SetupKind, TradeLevels } from "./analysis-facts";
import type { AnalysisReport, RecommendationAction } from "./analysis-report";
import { findCurrentBase, type BaseState } from "./bases";
import { analyzeFundamentals } from "./fundamentals";
import { analyzeMarketDirection } from "./market-direction";
import { evaluateTrendTemplate } from "./trend-template";
import { narrateReport } from "../narrative/rules-narrator";

export const ENGINE_VERSION = "1.0.0";

export interface AnalysisInput {
  ticker: string;
  profile: CompanyProfile | null;
  bars: DailyBars;
  benchmark: DailyBars | null;
  sectorBars: DailyBars | null;
  sectorEtf: string | null;
  fundamentals: Fundamentals | null;
  /** RS scores of the analysed universe, for a percentile rating; else rated against the benchmark. */
  universeRsScores: ArrayLike<number> | null;
  /** Where the data came from, e.g. 'demo', 'yahoo', 'csv:AAPL.csv'. */
  dataSource: string;
  demo: boolean;
  /** ISO currency of the prices when the source says (non-USD listings are analysed in their own). */
  currency?: string | null;
  /** True when the provider could not be reached and some of the data is the last cached. */
  staleData?: boolean;
  /** ISO time of the report; passed in so the same input gives the same output. */
  generatedAt: string;
}

export class InsufficientHistoryError extends Error {
  readonly code = "insufficient_history";
  constructor(
    readonly ticker: string,
    readonly sessions: number,
    readonly needed: number,
  ) {
    super(`${ticker} has ${sessions} sessions of price history; the analysis needs at least ${needed}.`);
    this.name = "InsufficientHistoryError";
  }
}

export class InvalidBarsError extends Error {
  readonly code = "invalid_bars";
  constructor(
    readonly ticker: string,
    detail: string,
  ) {
    super(`The price history of ${ticker} is not usable: ${detail}.`);
    this.name = "InvalidBarsError";
  }
}

function checkBars(ticker: string, bars: DailyBars, config: AnalysisConfig): void {
  const n = bars.close.length;
  if (n < config.minBars) throw new InsufficientHistoryError(ticker, n, config.minBars);
  if (bars.dates.length !== n || bars.open.length !== n || bars.high.length !== n || bars.low.length !== n || bars.volume.length !== n) {
    throw new InvalidBarsError(ticker, "its columns have different lengths");
  }
  for (let k = 0; k < n; k++) {
    const values = [bars.open[k]!, bars.high[k]!, bars.low[k]!, bars.close[k]!];
    if (values.some((v) => !Number.isFinite(v) || v <= 0)) {
      throw new InvalidBarsError(ticker, `session ${bars.dates[k]} has a missing or non-positive price`);
    }
    const volume = bars.volume[k]!;
    if (!Number.isFinite(volume) || volume < 0) throw new InvalidBarsError(ticker, `session ${bars.dates[k]} has an invalid volume`);
  }
}

function upDownVolume(bars: DailyBars, sessions: number): number {
  const last = bars.close.length - 1;
  let up = 0;
  let down = 0;
  for (let k = Math.max(1, last - sessions + 1); k <= last; k++) {
    if (bars.close[k]! > bars.close[k - 1]!) up += bars.volume[k]!;
    else if (bars.close[k]! < bars.close[k - 1]!) down += bars.volume[k]!;
  }
  return down > 0 ? up / down : Number.NaN;
}

function setupKind(
  action: RecommendationAction,
  sellReasons: RuleOutcome[],
  baseState: BaseState | null,
  price: number,
  ema50: number,
  trendScore: number,
  trendLabel: string,
): SetupKind {
  if (action === "SELL") {
    if (sellReasons.some((r) => r.rule === "failed-breakout")) return "Failed breakout";
    return trendLabel === "Strong Bearish" || trendLabel === "Bearish" ? "Stage 4 decline" : "Downtrend";
  }
  if (baseState) {
    const { base, breakoutIndex } = baseState;
    if (price > base.buyRangeHigh) return "Extended";
    if (breakoutIndex !== null && price >= base.pivot) return "Breakout";
    return base.type;
  }
  if (trendScore >= 6 && price > ema50 && price <= ema50 * 1.03) return "Pullback to EMA50";
  return "No base";
}

/**
 * The whole analysis of one stock: pure and deterministic. Throws InsufficientHistoryError when
 * the history is shorter than config.minBars, InvalidBarsError when a bar is unusable.
 */
export function computeFacts(input: AnalysisInput, config: AnalysisConfig = DEFAULT_ANALYSIS_CONFIG): AnalysisFacts {
  const ticker = input.ticker.toUpperCase();
  const { bars } = input;
  checkBars(ticker, bars, config);
  const last = bars.close.length - 1;
  const price = bars.close[last]!;
  const ema50Series = ema(bars.close, config.ema.fast);
  const ema150Series = ema(bars.close, config.ema.medium);
  const ema200Series = ema(bars.close, config.ema.slow);
  const ema50 = ema50Series[last]!;
  const ema150 = ema150Series[last]!;
  const ema200 = ema200Series[last]!;
  const risingSessions = config.trendTemplate.ema200RisingSessions;
  const range = fiftyTwoWeekRange(bars.high, bars.low, last, config.yearSessions);
  const avgVolume = averageVolume(bars.volume, config.averageVolumeSessions);
  const atrSeries = atr(bars.high, bars.low, bars.close, config.atrSessions);

  const rsScoreRaw = relativeStrengthScore(bars.close);
  const rsScore = Number.isFinite(rsScoreRaw) ? rsScoreRaw : null;
  let rating: number | null = null;
  let rsBasis: AnalysisFacts["rsBasis"] = null;
  if (rsScore !== null && input.universeRsScores && input.universeRsScores.length > 0) {
    rating = rsRating(rsScore, input.universeRsScores);
    rsBasis = "universe";
  } else if (rsScore !== null && input.benchmark) {
    const benchmarkScore = relativeStrengthScore(input.benchmark.close);
    if (Number.isFinite(benchmarkScore)) {
      rating = rsRatingVsBenchmark(rsScore, benchmarkScore);
      rsBasis = "benchmark";
    }
  }

  const trend = evaluateTrendTemplate(
    {
      price,
      ema50,
      ema150,
      ema200,
      ema200Earlier: ema200Series[last - risingSessions]!,
      ema50Earlier: ema50Series[last - risingSessions]!,
      ema150Earlier: ema150Series[last - risingSessions]!,
      low52: range.low,
      high52: range.high,
      rsRating: rating,
    },
    config,
  );
  const market = input.benchmark ? analyzeMarketDirection(input.benchmark, config) : null;
  const fundamentals = analyzeFundamentals(input.fundamentals, config);
  const baseState = findCurrentBase(bars, avgVolume, config);
  const base = baseState?.base ?? null;
  const pivotDistance = base ? price / base.pivot - 1 : Number.NaN;

  const sellReasons: RuleOutcome[] = [];
  if (price < ema200 && trend.ema200Falling) sellReasons.push({ rule: "below-falling-ema200", ema200 });
  if (trend.score <= config.recommendation.maxTrendScoreForSell) {
    sellReasons.push({ rule: "weak-trend-template", score: trend.score, needed: config.recommendation.minTrendScoreForBuy });
  }
  if (base && baseState?.breakoutIndex !== null && pivotDistance <= -config.recommendation.sellBelowPivot) {
    sellReasons.push({ rule: "failed-breakout", belowPivot: -pivotDistance, pivot: base.pivot });
  }

  const buyBlockers: RuleOutcome[] = [];
  if (trend.score < config.recommendation.minTrendScoreForBuy) {
    buyBlockers.push({ rule: "weak-trend-template", score: trend.score, needed: config.recommendation.minTrendScoreForBuy });
  }
  if (!base) buyBlockers.push({ rule: "no-base" });
  else if (price < base.pivot) buyBlockers.push({ rule: "below-pivot", belowPivot: -pivotDistance, pivot: base.pivot });
  else if (price > base.buyRangeHigh) {
    buyBlockers.push({ rule: "extended", abovePivot: pivotDistance, pivot: base.pivot, buyRangeHigh: base.buyRangeHigh });
  } else if (!(baseState!.breakoutVolumeRatio >= config.breakoutVolumeRatio)) {
    buyBlockers.push({ rule: "weak-breakout-volume", ratio: baseState!.breakoutVolumeRatio, needed: config.breakoutVolumeRatio });
  }
  if (fundamentals.currentQuarterGrowth !== null && fundamentals.currentQuarterGrowth < config.fundamentals.minCurrentQuarterGrowth) {
    buyBlockers.push({ rule: "eps-below-bar", growth: fundamentals.currentQuarterGrowth, needed: config.fundamentals.minCurrentQuarterGrowth });
  }
  if (price < config.fundamentals.minPrice) buyBlockers.push({ rule: "price-below-minimum", price, minimum: config.fundamentals.minPrice });
  if (market?.trend === "Correction") buyBlockers.push({ rule: "market-correction" });

  const action: RecommendationAction = sellReasons.length > 0 ? "SELL" : buyBlockers.length === 0 ? "BUY" : "WATCH";

  let trade: TradeLevels | null = null;
  if (action !== "SELL" && base) {
    const rules = config.tradeSetup;
    const eightPercentStop = base.pivot * (1 - rules.maxStopLoss);
    const supportStop = base.supportLow * (1 - rules.stopBelowContractionLow);
    const useSupport = supportStop > eightPercentStop && supportStop < base.pivot;
    const targetGain = trend.score === 8 && rating !== null && rating >= 80 ? rules.targetHigh : rules.targetLow;
    trade = {
      buyPoint: base.pivot,
      stopLoss: useSupport ? supportStop : eightPercentStop,
      stopBasis: useSupport ? "support" : "eight-percent",
      target: base.pivot * (1 + targetGain),
      targetGain,
    };
  }

  const missingEvidence: string[] = [];
  if (fundamentals.quarters.length === 0) missingEvidence.push("quarterly EPS");
  if (fundamentals.annualGrowth === null) missingEvidence.push("annual EPS");
  if (fundamentals.ownershipPercent === null && fundamentals.ownershipTrend === null) missingEvidence.push("institutional ownership");
  if (!market) missingEvidence.push("market direction (benchmark)");
  if (rating === null) missingEvidence.push("relative strength rating");
  if (!input.sectorBars) missingEvidence.push("sector performance");

  const sectorReturn = input.sectorBars ? periodReturn(input.sectorBars.close, 63) : Number.NaN;
  const profile = input.profile ?? { ticker, name: ticker, sector: null, industry: null };
  const todayVolume = bars.volume[last]!;
  const avg50 = avgVolume[last]!;
  const dryFrom = last - config.base.dryUpSessions + 1;
  let recent = 0;
  for (let k = dryFrom; k <= last; k++) recent += bars.volume[k]!;

  return {
    ticker,
    company: profile,
    demo: input.demo,
    dataSource: input.dataSource,
    currency: input.currency ?? null,
    staleData: input.staleData ?? false,
    asOf: bars.dates[last]!,
    price,
    volume: todayVolume,
    high52: range.high,
    low52: range.low,
    distanceFromHigh: range.high > 0 ? price / range.high - 1 : Number.NaN,
    ema50,
    ema150,
    ema200,
    atrPercent: atrSeries[last]! / price,
    volumeRatio: volumeRatio(bars.volume, config.averageVolumeSessions, last),
    dryUpRatio: avg50 > 0 ? recent / config.base.dryUpSessions / avg50 : Number.NaN,
    upDownVolume: upDownVolume(bars, config.averageVolumeSessions),
    trend,
    rsScore,
    rsRating: rating,
    rsBasis,
    baseState,
    baseStartDate: base ? bars.dates[base.startIndex]! : null,
    pivotDistance,
    setup: setupKind(action, sellReasons, baseState, price, ema50, trend.score, trend.trend),
    market,
    sector: input.sectorBars
      ? { etf: input.sectorEtf, return3m: sectorReturn, benchmarkReturn3m: market && Number.isFinite(market.return3m) ? market.return3m : null }
      : null,
    stockReturn3m: periodReturn(bars.close, 63),
    fundamentals,
    action,
    sellReasons,
    buyBlockers,
    trade,
    missingEvidence,
  };
}

/** Facts → the full report (numbers from the facts, words from the rules narrator). */
export function analyzeStock(input: AnalysisInput, config: AnalysisConfig = DEFAULT_ANALYSIS_CONFIG): AnalysisReport {
  const facts = computeFacts(input, config);
  return narrateReport(facts, { engineVersion: ENGINE_VERSION, generatedAt: input.generatedAt }, config);
}
