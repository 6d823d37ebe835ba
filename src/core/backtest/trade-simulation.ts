import type { DailyBars } from "../market/market-data";

/**
 * One trade played out on daily bars, the way a reader of a report could have placed it: no fill
 * before the call was published (the session after it), a limit at the top of the buy range, a
 * stop and a target, and a time limit. When one session touches both stop and target the stop is
 * taken (a daily bar cannot tell which came first, so the worse one is assumed).
 */
export interface TradePlan {
  /** Session of the call; the earliest fill is the next session's open. */
  signalIndex: number;
  /** Last session on which a fill is allowed. */
  lastEntryIndex: number;
  /** Highest price paid (top of the buy range); Infinity for none. */
  entryCeiling: number;
  /** Absolute levels, or fractions of the fill price when `relative` is set (the control trades). */
  stop: number;
  target: number;
  relative?: boolean;
  /** Sessions held after the fill before the position is closed at that session's close. */
  maxSessions: number;
}

export type ExitReason = "stop" | "target" | "time";

export interface TradeOutcome {
  entryIndex: number;
  entryPrice: number;
  exitIndex: number;
  exitPrice: number;
  exitReason: ExitReason;
  stop: number;
  target: number;
  /** (exit − entry) ÷ (entry − stop): the result in units of the risk taken. */
  r: number;
  return: number;
}

/**
 * Plays the plan; null when no fill happened in time, when the open was already under the stop
 * (the setup had broken), or when the data ends before the trade is closed (an open trade has no
 * result yet).
 */
export function simulateTrade(bars: DailyBars, plan: TradePlan): TradeOutcome | null {
  const { open, low, close } = bars;
  const n = close.length;
  const lastEntry = Math.min(plan.lastEntryIndex, n - 1);
  for (let d = plan.signalIndex + 1; d <= lastEntry; d++) {
    const o = open[d]!;
    let entryPrice: number;
    if (o <= plan.entryCeiling) entryPrice = o;
    else if (low[d]! <= plan.entryCeiling) entryPrice = plan.entryCeiling;
    else continue;
    const stop = plan.relative ? entryPrice * (1 - plan.stop) : plan.stop;
    const target = plan.relative ? entryPrice * (1 + plan.target) : plan.target;
    if (entryPrice <= stop) return null;
    return playOut(bars, d, entryPrice, stop, target, plan.maxSessions);
  }
  return null;
}

function playOut(bars: DailyBars, entryIndex: number, entryPrice: number, stop: number, target: number, maxSessions: number): TradeOutcome | null {
  const { open, high, low, close } = bars;
  const n = close.length;
  const risk = entryPrice - stop;
  const outcome = (exitIndex: number, exitPrice: number, exitReason: ExitReason): TradeOutcome => ({
    entryIndex,
    entryPrice,
    exitIndex,
    exitPrice,
    exitReason,
    stop,
    target,
    r: (exitPrice - entryPrice) / risk,
    return: exitPrice / entryPrice - 1,
  });
  const lastIndex = entryIndex + maxSessions;
  for (let d = entryIndex; d <= lastIndex && d < n; d++) {
    // On the fill day the session opened at or above the fill, so only the intraday path counts.
    const gapOpen = d === entryIndex ? entryPrice : open[d]!;
    if (low[d]! <= stop) return outcome(d, Math.min(gapOpen, stop), "stop");
    if (high[d]! >= target) return outcome(d, Math.max(gapOpen, target), "target");
    if (d === lastIndex) return outcome(d, close[d]!, "time");
  }
  return null;
}
