import type { CompanyProfile, DailyBars, Fundamentals } from "../market/market-data";
import { periodReturn, relativeStrengthScore, rsRating, rsRatingVsBenchmark } from "../indicators/relative-strength";
import { DEFAULT_ANALYSIS_CONFIG, type AnalysisConfig } from "./analysis-config";
import type { AnalysisFacts, BaseState, RuleOutcome, SetupKind, TradeLevels } from "./analysis-facts";
import type { AnalysisReport, RecommendationAction, SessionFacts } from "./analysis-report";
import { volumeDryUp } from "./bases";
import { analyzeFundamentals, type FundamentalFacts } from "./fundamentals";
import { analyzeMarketDirection, type MarketDirection } from "./market-direction";
import { prepareSeries, type SeriesContext } from "./series-context";
import { SetupTracker, type TrackedBase } from "./setup-tracker";
import { evaluateTrendTemplate, type TrendTemplateResult } from "./trend-template";
import { narrateReport } from "../narrative/rules-narrator";

export const ENGINE_VERSION = "2.1.0";

export interface AnalysisInput {
  ticker: string;
  profile: CompanyProfile | null;
  bars: DailyBars;
  benchmark: DailyBars | null;
  /** Ticker of the benchmark, for the texts ('RS rating 72 vs SPY'); 'the benchmark' when unknown. */
  benchmarkName?: string | null;
  sectorBars: DailyBars | null;
  sectorEtf: string | null;
  fundamentals: Fundamentals | null;
  /** RS scores of the analysed universe, for a percentile rating; else rated against the benchmark. */
  universeRsScores: ArrayLike<number> | null;
  /**
   * The stock's RS rating already ranked in its universe on its last session (the back-test's
   * universeRsRatings): wins over universeRsScores, so a report can make the back-test's call.
   */
  universeRsRating?: number | null;
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

/** What the method concludes on one session, from the indicators and the tracker's state there. */
export interface DayDecision {
  action: RecommendationAction;
  setup: SetupKind;
  trend: TrendTemplateResult;
  sellReasons: RuleOutcome[];
  buyBlockers: RuleOutcome[];
  trade: TradeLevels | null;
  baseState: BaseState | null;
  pivotDistance: number;
}

export interface DayEvidence {
  rsRating: number | null;
  market: MarketDirection | null;
  fundamentals: FundamentalFacts;
}

function trendAt(ctx: SeriesContext, i: number, rsRating: number | null, config: AnalysisConfig): TrendTemplateResult {
  const back = i - config.trendTemplate.ma200RisingSessions;
  return evaluateTrendTemplate(
    {
      price: ctx.bars.close[i]!,
      ma50: ctx.ma50[i]!,
      ma150: ctx.ma150[i]!,
      ma200: ctx.ma200[i]!,
      ma200Earlier: back >= 0 ? ctx.ma200[back]! : Number.NaN,
      ma50Earlier: back >= 0 ? ctx.ma50[back]! : Number.NaN,
      ma150Earlier: back >= 0 ? ctx.ma150[back]! : Number.NaN,
      low52: ctx.low52[i]!,
      high52: ctx.high52[i]!,
      rsRating,
    },
    config,
  );
}

function stage4Decline(ctx: SeriesContext, i: number, trend: TrendTemplateResult, config: AnalysisConfig): RuleOutcome | null {
  const price = ctx.bars.close[i]!;
  const ma200 = ctx.ma200[i]!;
  if (!(price < ma200 && trend.ma200Falling)) return null;
  const back = i - config.trendTemplate.ma200RisingSessions;
  const stacked =
    ctx.ma50[i]! < ctx.ma150[i]! && ctx.ma150[i]! < ma200 && back >= 0 && ctx.ma50[i]! < ctx.ma50[back]! && ctx.ma150[i]! < ctx.ma150[back]!;
  if (config.sell.stage4 === "stacked" && !stacked) return null;
  return { rule: "stage-4-decline", ma200, stacked };
}

function baseStateAt(ctx: SeriesContext, tracked: TrackedBase, i: number, config: AnalysisConfig): BaseState {
  const broke = tracked.breakoutIndex >= 0;
  const since = broke ? i - tracked.breakoutIndex : null;
  const confirmed = tracked.confirmIndex >= 0 && tracked.confirmIndex <= i;
  return {
    base: tracked.base,
    breakoutIndex: broke ? tracked.breakoutIndex : null,
    breakoutDate: broke ? ctx.bars.dates[tracked.breakoutIndex]! : null,
    sessionsSinceBreakout: since,
    breakoutVolumeRatio: confirmed ? tracked.confirmVolumeRatio : tracked.breakoutVolumeRatio,
    confirmed,
    inBuyWindow: since !== null && since < config.breakout.buyWindowSessions,
    announcedDate: ctx.bars.dates[tracked.announcedIndex]!,
    stopLoss: tracked.stopLoss,
    stopBasis: tracked.stopBasis,
    invalidationLow: tracked.lowestLow,
  };
}

/**
 * The call on session i (docs/method.md): SELL only on a
 * holder's sell rule (stop, failed breakout, 50-day break after a run, stage-4 decline); BUY only
 * inside the buy window of an announced pivot; everything else WATCH with its blockers.
 */
export function decideAt(ctx: SeriesContext, tracker: SetupTracker, i: number, evidence: DayEvidence, config: AnalysisConfig): DayDecision {
  const price = ctx.bars.close[i]!;
  const trend = trendAt(ctx, i, evidence.rsRating, config);
  const tracked = tracker.current;
  const baseState = tracked ? baseStateAt(ctx, tracked, i, config) : null;
  const base = tracked?.base ?? null;
  const pivotDistance = base ? price / base.pivot - 1 : Number.NaN;

  const sellReasons: RuleOutcome[] = [];
  const sell = tracker.sell;
  if (sell) {
    const { tracked: sold, event } = sell;
    const date = ctx.bars.dates[sell.index]!;
    if (event === "stop-hit") sellReasons.push({ rule: "stop-hit", stop: sold.stopLoss, date });
    else if (event === "failed-breakout") sellReasons.push({ rule: "failed-breakout", pivot: sold.base.pivot, breakoutDate: ctx.bars.dates[sold.breakoutIndex]!, date });
    else sellReasons.push({ rule: "fifty-day-break", ma50: ctx.ma50[sell.index]!, volumeRatio: ctx.volumeRatio[sell.index]!, date });
  }
  const stage4 = stage4Decline(ctx, i, trend, config);
  if (stage4) sellReasons.push(stage4);

  const buyBlockers: RuleOutcome[] = [];
  if (trend.score < config.recommendation.minTrendScoreForBuy) {
    buyBlockers.push({ rule: "weak-trend-template", score: trend.score, needed: config.recommendation.minTrendScoreForBuy });
  }
  if (!base || !baseState) buyBlockers.push({ rule: "no-base" });
  else if (baseState.breakoutIndex === null || price < base.pivot) buyBlockers.push({ rule: "below-pivot", belowPivot: -pivotDistance, pivot: base.pivot });
  if (base && baseState?.breakoutIndex != null) {
    if (price > base.buyRangeHigh) {
      buyBlockers.push({ rule: "extended", abovePivot: pivotDistance, pivot: base.pivot, buyRangeHigh: base.buyRangeHigh });
    } else if (!baseState.inBuyWindow) {
      buyBlockers.push({ rule: "past-buy-window", breakoutDate: baseState.breakoutDate!, sessions: baseState.sessionsSinceBreakout!, window: config.breakout.buyWindowSessions });
    } else if (!baseState.confirmed && price >= base.pivot) {
      buyBlockers.push({ rule: "weak-breakout-volume", ratio: baseState.breakoutVolumeRatio, needed: config.breakoutVolumeRatio });
    }
  }
  const f = evidence.fundamentals;
  if (f.currentQuarterGrowth !== null && f.currentQuarterGrowth < config.fundamentals.minCurrentQuarterGrowth) {
    buyBlockers.push({ rule: "eps-below-bar", growth: f.currentQuarterGrowth, needed: config.fundamentals.minCurrentQuarterGrowth });
  }
  const tradedPrice = ctx.tradedClose[i]!;
  if (tradedPrice < config.fundamentals.minPrice) buyBlockers.push({ rule: "price-below-minimum", price: tradedPrice, minimum: config.fundamentals.minPrice });
  if (evidence.market?.trend === "Correction") buyBlockers.push({ rule: "market-correction" });

  const action: RecommendationAction = sellReasons.length > 0 ? "SELL" : buyBlockers.length === 0 ? "BUY" : "WATCH";

  // Levels only where a reader could act on them: a forming base above its stop, or a breakout
  // still inside its buy window and buy range. Extended, late or broken setups show none.
  let trade: TradeLevels | null = null;
  if (action !== "SELL" && tracked && base && baseState) {
    const forming = baseState.breakoutIndex === null && price >= tracked.stopLoss;
    const buyable = baseState.inBuyWindow && price >= base.pivot && price <= base.buyRangeHigh;
    if (forming || buyable) {
      const rules = config.tradeSetup;
      const targetGain = trend.score === 8 && evidence.rsRating !== null && evidence.rsRating >= 80 ? rules.targetHigh : rules.targetLow;
      trade = { buyPoint: base.pivot, stopLoss: tracked.stopLoss, stopBasis: tracked.stopBasis, target: base.pivot * (1 + targetGain), targetGain };
    }
  }

  return {
    action,
    setup: setupKind(ctx, i, action, sellReasons, baseState, trend, config),
    trend,
    sellReasons,
    buyBlockers,
    trade,
    baseState,
    pivotDistance,
  };
}

function setupKind(ctx: SeriesContext, i: number, action: RecommendationAction, sellReasons: RuleOutcome[], baseState: BaseState | null, trend: TrendTemplateResult, config: AnalysisConfig): SetupKind {
  const price = ctx.bars.close[i]!;
  if (action === "SELL") {
    switch (sellReasons[0]!.rule) {
      case "stop-hit":
        return "Stop hit";
      case "failed-breakout":
        return "Failed breakout";
      case "fifty-day-break":
        return "50-day line broken";
      default:
        return "Stage 4 decline";
    }
  }
  if (baseState) {
    const { base } = baseState;
    if (baseState.breakoutIndex === null) return base.type;
    if (price > base.buyRangeHigh) return "Extended";
    return baseState.inBuyWindow ? "Breakout" : "Past the buy window";
  }
  const ma50 = ctx.ma50[i]!;
  // Named after the average it was decided on, which is the Trend Template's (simple by default).
  if (trend.score >= 6 && price > ma50 && price <= ma50 * 1.03) return config.trendTemplate.averages === "sma" ? "Pullback to the 50-day SMA" : "Pullback to the 50-day EMA";
  return "No base";
}

/**
 * The whole analysis of one stock at its last session: pure and deterministic. Throws
 * InsufficientHistoryError when the history is shorter than config.minBars, InvalidBarsError when a
 * bar is unusable.
 */
export function computeFacts(input: AnalysisInput, config: AnalysisConfig = DEFAULT_ANALYSIS_CONFIG): AnalysisFacts {
  const ticker = input.ticker.toUpperCase();
  const { bars } = input;
  checkBars(ticker, bars, config);
  const ctx = prepareSeries(bars, config);
  const last = ctx.n - 1;
  const price = bars.close[last]!;

  const rsScoreRaw = ctx.rsScore[last]!;
  const rsScore = Number.isFinite(rsScoreRaw) ? rsScoreRaw : null;
  let rating: number | null = null;
  let rsBasis: AnalysisFacts["rsBasis"] = null;
  let benchmarkRsScore: number | null = null;
  if (rsScore !== null && input.universeRsRating != null && Number.isFinite(input.universeRsRating)) {
    rating = input.universeRsRating;
    rsBasis = "universe";
  } else if (rsScore !== null && input.universeRsScores && input.universeRsScores.length > 0) {
    rating = rsRating(rsScore, input.universeRsScores);
    rsBasis = "universe";
  } else if (rsScore !== null && input.benchmark) {
    const benchmarkScore = relativeStrengthScore(input.benchmark.close, input.benchmark.close.length - 1, config.relativeStrength);
    if (Number.isFinite(benchmarkScore)) {
      rating = rsRatingVsBenchmark(rsScore, benchmarkScore);
      rsBasis = "benchmark";
      benchmarkRsScore = benchmarkScore;
    }
  }

  const market = input.benchmark ? analyzeMarketDirection(input.benchmark, config) : null;
  const fundamentals = analyzeFundamentals(input.fundamentals, config);
  const tracker = new SetupTracker(ctx, config);
  tracker.advanceTo(last);
  const decision = decideAt(ctx, tracker, last, { rsRating: rating, market, fundamentals }, config);
  const base = decision.baseState?.base ?? null;

  const missingEvidence: string[] = [];
  if (fundamentals.quarters.length === 0) missingEvidence.push("quarterly EPS");
  if (fundamentals.annualGrowth === null) missingEvidence.push("annual EPS");
  if (fundamentals.ownershipPercent === null && fundamentals.ownershipTrend === null) missingEvidence.push("institutional ownership");
  if (!market) missingEvidence.push("market direction (benchmark)");
  if (rating === null) missingEvidence.push("relative strength rating");
  if (!input.sectorBars) missingEvidence.push("sector performance");

  const sectorReturn = input.sectorBars ? periodReturn(input.sectorBars.close, 63) : Number.NaN;
  const profile = input.profile ?? { ticker, name: ticker, sector: null, industry: null };

  return {
    ticker,
    company: profile,
    demo: input.demo,
    dataSource: input.dataSource,
    currency: input.currency ?? null,
    staleData: input.staleData ?? false,
    asOf: bars.dates[last]!,
    price,
    tradedPrice: ctx.tradedClose[last]!,
    volume: bars.volume[last]!,
    high52: ctx.high52[last]!,
    low52: ctx.low52[last]!,
    distanceFromHigh: ctx.high52[last]! > 0 ? price / ctx.high52[last]! - 1 : Number.NaN,
    ema50: ctx.ema50[last]!,
    ema150: ctx.ema150[last]!,
    ema200: ctx.ema200[last]!,
    averages: { kind: config.trendTemplate.averages === "sma" ? "SMA" : "EMA", ma50: ctx.ma50[last]!, ma150: ctx.ma150[last]!, ma200: ctx.ma200[last]! },
    atrPercent: ctx.atr[last]! / price,
    volumeRatio: ctx.volumeRatio[last]!,
    dryUpRatio: volumeDryUp(bars.volume, ctx.averageVolume50, last - config.base.dryUpSessions + 1, last),
    upDownVolume: upDownVolume(bars, config.averageVolumeSessions),
    trend: decision.trend,
    rsScore,
    rsRating: rating,
    rsBasis,
    benchmarkRsScore,
    benchmarkName: input.benchmarkName ?? "the benchmark",
    baseState: decision.baseState,
    baseStartDate: base ? bars.dates[base.startIndex]! : null,
    pivotDistance: decision.pivotDistance,
    setup: decision.setup,
    market,
    sector: input.sectorBars
      ? { etf: input.sectorEtf, return3m: sectorReturn, benchmarkReturn3m: market && Number.isFinite(market.return3m) ? market.return3m : null }
      : null,
    stockReturn3m: periodReturn(bars.close, 63),
    fundamentals,
    action: decision.action,
    sellReasons: decision.sellReasons,
    buyBlockers: decision.buyBlockers,
    trade: decision.trade,
    missingEvidence,
    session: sessionFacts(ctx, last),
  };
}

const finiteOrNull = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** The last session's move, volume and position against its averages and its 52-week range. */
function sessionFacts(ctx: SeriesContext, last: number): SessionFacts {
  const close = ctx.bars.close[last]!;
  const previous = last > 0 ? ctx.bars.close[last - 1]! : Number.NaN;
  const above = (average: number): boolean | null => (Number.isFinite(average) ? close > average : null);
  return {
    change_pct: previous > 0 ? finiteOrNull(close / previous - 1) : null,
    volume_ratio: finiteOrNull(ctx.volumeRatio[last]!),
    dollar_volume_50: finiteOrNull(ctx.averageVolume50[last]! * ctx.tradedClose[last]!),
    above_50: above(ctx.ma50[last]!),
    above_200: above(ctx.ma200[last]!),
    new_high: ctx.bars.high[last]! >= ctx.high52[last]!,
    new_low: ctx.bars.low[last]! <= ctx.low52[last]!,
  };
}

/** Facts → the full report (numbers from the facts, words from the rules narrator). */
export function analyzeStock(input: AnalysisInput, config: AnalysisConfig = DEFAULT_ANALYSIS_CONFIG): AnalysisReport {
  const facts = computeFacts(input, config);
  return narrateReport(facts, { engineVersion: ENGINE_VERSION, generatedAt: input.generatedAt }, config);
}
