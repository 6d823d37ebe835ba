import type { DailyBars } from "../market/market-data";
import { atr } from "../indicators/average-true-range";
import { sma } from "../indicators/moving-average";
import { betaAdjustedExcess } from "./beta";
import { rMultiple, withCosts, type TradeOutcome } from "./trade-simulation";
import { HORIZONS, evaluatedRange, forwardExcess, type BenchmarkContext, type Episode, type StockResult, type Trade, type WalkForwardOptions } from "./walk-forward";

/**
 * Method v3, as pre-registered before any v3 figure existed: BUY a stock whose RS rating is in the
 * universe's top 10% while the benchmark closes above its 200-day average; enter at the next open;
 * exit at the next open after a close under the wider of 15% or 3 × ATR(20) below the entry, else
 * at the close 126 sessions after the fill. No target. These numbers are the rule, not settings.
 */
export const V3_RULE = {
  /** RS rating (1–99, universe percentile) of the top 10%. */
  minRsRating: 90,
  regimeSmaSessions: 200,
  atrSessions: 20,
  atrMultiple: 3,
  minStopFraction: 0.15,
} as const;

/** Per benchmark session: does it close above its 200-day simple average (false while it has none)? */
export function regimeOn(benchmark: DailyBars): boolean[] {
  const average = sma(benchmark.close, V3_RULE.regimeSmaSessions);
  return Array.from(benchmark.close, (close, i) => Number.isFinite(average[i]!) && close > average[i]!);
}

/** v3's BUY at a session's close. */
export function isV3Buy(rsRating: number, regime: boolean): boolean {
  return regime && Number.isFinite(rsRating) && rsRating >= V3_RULE.minRsRating;
}

/** The stop's distance below the entry, fixed at the fill: the wider of 15% and 3 × ATR(20) at the signal. */
export function v3StopLevel(entryPrice: number, atrAtSignal: number): number {
  const distance = Math.max(V3_RULE.minStopFraction * entryPrice, Number.isFinite(atrAtSignal) ? V3_RULE.atrMultiple * atrAtSignal : 0);
  return entryPrice - distance;
}

/**
 * A trade filled at the open after `signalIndex`, with a stop on closes: the first close under
 * `stopOf(entry)` exits at the next session's open; otherwise it exits at the close `maxSessions`
 * sessions after the fill. Null when the data ends first (an open trade has no result) or the
 * fill's open is not a price.
 */
export function simulateCloseStopTrade(bars: DailyBars, signalIndex: number, stopOf: (entryPrice: number) => number, maxSessions: number): TradeOutcome | null {
  const entryIndex = signalIndex + 1;
  if (entryIndex >= bars.close.length) return null;
  const entryPrice = bars.open[entryIndex]!;
  if (!(entryPrice > 0)) return null;
  const stop = stopOf(entryPrice);
  const outcome = (exitIndex: number, exitPrice: number, exitReason: TradeOutcome["exitReason"]): TradeOutcome => ({
    entryIndex,
    entryPrice,
    exitIndex,
    exitPrice,
    exitReason,
    stop,
    target: Number.POSITIVE_INFINITY,
    r: rMultiple(entryPrice, stop, exitPrice),
    return: exitPrice / entryPrice - 1,
  });
  for (let d = entryIndex; d < bars.close.length; d++) {
    if (bars.close[d]! < stop) return d + 1 < bars.close.length ? outcome(d + 1, bars.open[d + 1]!, "stop") : null;
    if (d - entryIndex >= maxSessions) return outcome(d, bars.close[d]!, "time");
  }
  return null;
}

/**
 * The walk-forward of one stock under v3. Sessions without a BUY count as WATCH (v3 has no other
 * call for a stock not held); a run of BUY sessions is one setup. One trade at a time: a BUY while
 * a trade is pending or held is not a new trade. The random-date controls use v3's exits (15% stop
 * on closes, the time limit).
 */
export function walkForwardStockV3(
  ticker: string,
  bars: DailyBars,
  rsRatings: Float64Array | null,
  benchmark: BenchmarkContext,
  regime: readonly boolean[],
  controlDraws: readonly { index: number }[],
  options: WalkForwardOptions,
): StockResult {
  const { first, last } = evaluatedRange(bars, options);
  const atrs = atr(bars.high, bars.low, bars.close, V3_RULE.atrSessions);
  const evaluatedCount = last >= first ? Math.floor((last - first) / options.step) + 1 : 0;
  const allDates: StockResult["allDates"] = [new Float64Array(evaluatedCount), new Float64Array(evaluatedCount), new Float64Array(evaluatedCount)];
  const days: StockResult["days"] = { BUY: 0, WATCH: 0, SELL: 0 };
  const episodes: Episode[] = [];
  const trades: Trade[] = [];
  const tradeOf = (signal: number, outcome: TradeOutcome, setup: string): Trade => ({
    ...withCosts(outcome, options.costsBp),
    ticker,
    signalDate: bars.dates[signal]!,
    fillDate: bars.dates[outcome.entryIndex]!,
    exitDate: bars.dates[outcome.exitIndex]!,
    setup,
  });
  let previous: Episode["action"] | null = null;
  let current: Episode | null = null;
  let busyUntil = -1;
  let signals = 0;
  let evaluated = 0;
  for (let i = first; i <= last; i += options.step) {
    const at = benchmark.indexByDate.get(bars.dates[i]!);
    const action = isV3Buy(rsRatings?.[i] ?? Number.NaN, at !== undefined && regime[at] === true) ? "BUY" : "WATCH";
    const excess: Episode["excess"] = [0, 0, 0];
    HORIZONS.forEach((horizon, h) => {
      excess[h] = forwardExcess(bars, benchmark, i, horizon, at ?? -1);
      allDates[h]![evaluated] = excess[h]!;
    });
    evaluated++;
    days[action] += options.step;
    if (action !== previous) {
      current = { action, date: bars.dates[i]!, index: i, setup: action === "BUY" ? "RS top 10%" : "", excess, sessions: 0, betaExcessD63: betaAdjustedExcess(bars, benchmark, i, 63) };
      episodes.push(current);
      previous = action;
    }
    current!.sessions += options.step;
    if (action !== "BUY" || i <= busyUntil) continue;
    signals++;
    const outcome = simulateCloseStopTrade(bars, i, (entry) => v3StopLevel(entry, atrs[i]!), options.tradeSessions);
    // A trade still open when the data ends blocks every later BUY of the stock.
    busyUntil = outcome ? outcome.exitIndex : Number.POSITIVE_INFINITY;
    if (outcome) trades.push(tradeOf(i, outcome, "RS top 10%"));
  }
  const controlTrades = controlDraws
    .map((draw) => {
      const outcome = simulateCloseStopTrade(bars, draw.index, (entry) => entry * (1 - V3_RULE.minStopFraction), options.tradeSessions);
      return outcome ? tradeOf(draw.index, outcome, "Control") : null;
    })
    .filter((t): t is Trade => t !== null);
  return { ticker, sessions: evaluatedCount * options.step, days, episodes, buySetups: signals, trades, controlTrades, allDates };
}
