import type { DailyBars } from "../market/market-data";
import type { AnalysisConfig } from "../analysis/analysis-config";
import type { RecommendationAction } from "../analysis/analysis-report";
import { decideAt } from "../analysis/analyze-stock";
import { analyzeFundamentals } from "../analysis/fundamentals";
import { marketDirectionAt, type MarketDirectionSeries, type MarketTrend } from "../analysis/market-direction";
import { prepareSeries } from "../analysis/series-context";
import { SetupTracker } from "../analysis/setup-tracker";
import { betaAdjustedExcess } from "./beta";
import { lowerBound } from "./sorted-search";
import { simulateTrade, withCosts, type TradeOutcome } from "./trade-simulation";


/**
 * The walk-forward replay of one stock: every session from `from` to `to` (every `step`-th), the
 * engine decides from the bars up to that session only (the tracker and every indicator are
 * causal), and the call is scored with what came after.
 */

export const HORIZONS = [21, 63, 126] as const;
export const ACTIONS: readonly RecommendationAction[] = ["BUY", "WATCH", "SELL"];
export const MARKET_TRENDS: readonly MarketTrend[] = ["Confirmed uptrend", "Uptrend under pressure", "Correction"];

export interface BenchmarkContext {
  bars: DailyBars;
  market: MarketDirectionSeries;
  indexByDate: ReadonlyMap<string, number>;
}

export interface WalkForwardOptions {
  from: string;
  to: string;
  step: number;
  config: AnalysisConfig;
  /** Time limit of a trade, in sessions after the fill. */
  tradeSessions: number;
  /**
   * How a BUY call is entered: 'buy-range' (the default: what the report tells a reader, 'buy
   * between the buy point and the top of the buy range') = a limit at the top of the range, filled
   * at the next session's open when it is inside the range; 'buy-point' = a limit at the buy point
   * itself, filled only if price comes back to it inside the buy window.
   */
  entry: "buy-point" | "buy-range";
  /** Trading costs in basis points a side, taken from every trade's return and R. */
  costsBp: number;
  /** The method replayed: v2 (the engine's calls; the default) or v3 (see method-v3.ts). */
  method?: "v2" | "v3";
}

/** The first session of a run of the same call (same action, same base, same reason). */
export interface Episode {
  action: RecommendationAction;
  date: string;
  index: number;
  setup: string;
  /** Excess return over the benchmark at +21/+63/+126 sessions (NaN past the data). */
  excess: [number, number, number];
  /** Sessions the call lasted (evaluated sessions × step). */
  sessions: number;
  /** Return over the next 63 sessions minus trailing-252-session beta × the benchmark's (NaN past the data). */
  betaExcessD63: number;
}

export interface Trade extends TradeOutcome {
  ticker: string;
  signalDate: string;
  fillDate: string;
  exitDate: string;
  setup: string;
  /**
   * The same-session control of a BUY trade: the mean result of every other eligible stock bought
   * at the same open with the same exits (null when none was eligible; absent until computed).
   */
  pairedControl?: { r: number; return: number; stocks: number } | null;
}

export interface ControlDraw {
  /** Session index in the stock's bars. */
  index: number;
}

export interface StockResult {
  ticker: string;
  /** Sessions evaluated (× step: the stock-sessions they stand for). */
  sessions: number;
  days: Record<RecommendationAction, number>;
  episodes: Episode[];
  /** Setups that got a BUY call, counted once per base. */
  buySetups: number;
  trades: Trade[];
  controlTrades: Trade[];
  /** Excess returns of every evaluated session, by horizon (the 'all dates' baseline). */
  allDates: [Float64Array, Float64Array, Float64Array];
}

/**
 * What makes a call the same as the day before's: the action, the base (for BUY and SELL) and the
 * reason to sell. A run of the same call is one setup (scored once, on its first session); the live
 * track record uses the same key, with the base named by its first session's date.
 */
export function callEpisodeKey(action: RecommendationAction, base: string | number | null, sellReason: string): string {
  return `${action}|${action === "WATCH" ? "" : (base ?? -1)}|${action === "SELL" ? sellReason : ""}`;
}

/** Index of the first session on or after `date`. */
export function firstIndexOnOrAfter(dates: readonly string[], date: string): number {
  return lowerBound(dates, date);
}

/** Sessions of `bars` that a walk-forward over [from, to] evaluates: enough history, inside the dates. */
export function evaluatedRange(bars: DailyBars, options: Pick<WalkForwardOptions, "from" | "to" | "config">): { first: number; last: number } {
  const first = Math.max(options.config.minBars - 1, firstIndexOnOrAfter(bars.dates, options.from));
  const last = firstIndexOnOrAfter(bars.dates, `${options.to}\uffff`) - 1;
  return { first, last };
}

/** The stock's return over `horizon` sessions from `i` minus the benchmark's (NaN past either's data). */
export function forwardExcess(bars: DailyBars, benchmark: BenchmarkContext, i: number, horizon: number, benchmarkIndex: number): number {
  const j = i + horizon;
  if (j >= bars.close.length || benchmarkIndex < 0) return Number.NaN;
  const benchmarkLater = benchmark.indexByDate.get(bars.dates[j]!);
  if (benchmarkLater === undefined) return Number.NaN;
  const stock = bars.close[j]! / bars.close[i]! - 1;
  const index = benchmark.bars.close[benchmarkLater]! / benchmark.bars.close[benchmarkIndex]! - 1;
  return stock - index;
}

function tradeOf(bars: DailyBars, ticker: string, signalIndex: number, outcome: TradeOutcome, setup: string): Trade {
  return { ...outcome, ticker, signalDate: bars.dates[signalIndex]!, fillDate: bars.dates[outcome.entryIndex]!, exitDate: bars.dates[outcome.exitIndex]!, setup };
}

export function walkForwardStock(
  ticker: string,
  bars: DailyBars,
  rsRatings: Float64Array | null,
  benchmark: BenchmarkContext,
  controlDraws: readonly ControlDraw[],
  options: WalkForwardOptions,
): StockResult {
  const { config } = options;
  const ctx = prepareSeries(bars, config);
  const tracker = new SetupTracker(ctx, config);
  const fundamentals = analyzeFundamentals(null, config);
  const { first, last } = evaluatedRange(bars, options);
  const evaluatedCount = last >= first ? Math.floor((last - first) / options.step) + 1 : 0;
  const allDates: StockResult["allDates"] = [new Float64Array(evaluatedCount), new Float64Array(evaluatedCount), new Float64Array(evaluatedCount)];
  const days: Record<RecommendationAction, number> = { BUY: 0, WATCH: 0, SELL: 0 };
  const episodes: Episode[] = [];
  const trades: Trade[] = [];
  const tradedBases = new Set<number>();
  let previousKey = "";
  let current: Episode | null = null;
  let evaluated = 0;

  for (let i = first; i <= last; i += options.step) {
    tracker.advanceTo(i);
    const benchmarkIndex = benchmark.indexByDate.get(bars.dates[i]!) ?? -1;
    const market = benchmarkIndex >= 0 ? marketDirectionAt(benchmark.bars, benchmark.market, benchmarkIndex, config) : null;
    const rating = rsRatings && Number.isFinite(rsRatings[i]!) ? rsRatings[i]! : null;
    const decision = decideAt(ctx, tracker, i, { rsRating: rating, market, fundamentals }, config);
    const excess: Episode["excess"] = [0, 0, 0];
    for (let h = 0; h < HORIZONS.length; h++) {
      excess[h] = forwardExcess(bars, benchmark, i, HORIZONS[h]!, benchmarkIndex);
      allDates[h]![evaluated] = excess[h]!;
    }
    evaluated++;
    days[decision.action] += options.step;

    // A base is identified by its left-side high: one BUY setup and one trade per base.
    const baseId = decision.baseState?.base.startIndex ?? -1;
    const key = callEpisodeKey(decision.action, baseId, decision.action === "SELL" ? decision.sellReasons[0]!.rule : "");
    if (key !== previousKey) {
      current = { action: decision.action, date: bars.dates[i]!, index: i, setup: decision.setup, excess, sessions: 0, betaExcessD63: betaAdjustedExcess(bars, benchmark, i, 63) };
      episodes.push(current);
      previousKey = key;
    }
    current!.sessions += options.step;

    if (decision.action === "BUY" && !tradedBases.has(baseId) && decision.trade && decision.baseState?.breakoutIndex != null) {
      tradedBases.add(baseId);
      const outcome = simulateTrade(bars, {
        signalIndex: i,
        lastEntryIndex: decision.baseState.breakoutIndex + config.breakout.buyWindowSessions,
        entryCeiling: options.entry === "buy-point" ? decision.baseState.base.pivot : decision.baseState.base.buyRangeHigh,
        entryFloor: decision.baseState.base.pivot,
        stop: decision.trade.stopLoss,
        target: decision.trade.target,
        maxSessions: options.tradeSessions,
      });
      if (outcome) trades.push(tradeOf(bars, ticker, i, withCosts(outcome, options.costsBp), decision.baseState.base.type));
    }
  }

  const control = (index: number): Trade | null => {
    const outcome = simulateTrade(bars, {
      signalIndex: index,
      lastEntryIndex: index + 1,
      entryCeiling: Number.POSITIVE_INFINITY,
      entryFloor: 0,
      stop: config.tradeSetup.maxStopLoss,
      target: config.tradeSetup.targetLow,
      relative: true,
      maxSessions: options.tradeSessions,
    });
    return outcome ? tradeOf(bars, ticker, index, withCosts(outcome, options.costsBp), "Control") : null;
  };
  const controlTrades = controlDraws.map((draw) => control(draw.index)).filter((t): t is Trade => t !== null);

  return {
    ticker,
    sessions: evaluatedCount * options.step,
    days,
    episodes,
    buySetups: tradedBases.size,
    trades,
    controlTrades,
    allDates,
  };
}
