import type { DailyBars } from "../market/market-data";

/**
 * One trade played out on daily bars, the way a reader of a report could have placed it: no fill
 * before the call was published (the session after it), an order that buys at the buy point or
 * better up to the top of the buy range (a stop-limit: never under the buy point, never over the
 * top of the range), a stop and a target, and a time limit. When one session touches both stop and target the stop is
 * taken (a daily bar cannot tell which came first, so the worse one is assumed).
 *
 * The rules live in one step function (`stepTrade`, one session at a time): the back-test plays a
 * whole history through it (`simulateTrade`), and the live track record advances each published
 * call by the sessions that arrived since its last update, so both figures mean the same.
 */
export interface TradeLevels {
  /** Sessions after the call on which a fill is allowed (1 = only the next session). */
  entrySessions: number;
  /** Highest price paid (top of the buy range); Infinity for none. */
  entryCeiling: number;
  /**
   * Lowest price paid (the buy point): an open under it fills only when the session trades back up
   * to it, at that price. 0 for none (the controls buy at the open).
   */
  entryFloor: number;
  /** Absolute levels, or fractions of the fill price when `relative` is set (the control trades). */
  stop: number;
  target: number;
  relative?: boolean;
  /** Sessions held after the fill before the position is closed at that session's close. */
  maxSessions: number;
}

export interface TradePlan extends Omit<TradeLevels, "entrySessions"> {
  /** Session of the call; the earliest fill is the next session's open. */
  signalIndex: number;
  /** Last session on which a fill is allowed. */
  lastEntryIndex: number;
}

export type ExitReason = "stop" | "target" | "time";

/** Sessions a trade is held at most after its fill (the back-test and the live record alike). */
export const TRADE_TIME_LIMIT_SESSIONS = 126;

export interface TradeBar {
  open: number;
  high: number;
  low: number;
  close: number;
}

/**
 * Where a trade stands after some sessions. `session` counts the sessions after the call (the
 * first one after it is 1); the fill and exit are named by that count.
 * - waiting: no fill yet, the entry window is still open;
 * - unfilled: the window closed without a fill; broken: the fill would have been at or under the
 *   stop (the setup had failed) — neither is a trade;
 * - held: filled, neither stop nor target nor the time limit reached (`lastClose` marks it);
 * - closed: exited.
 */
export type TradeProgress =
  | { state: "waiting"; session: number }
  | { state: "unfilled" | "broken"; session: number }
  | { state: "held"; session: number; entrySession: number; entryPrice: number; stop: number; target: number; lastClose: number }
  | {
      state: "closed";
      session: number;
      entrySession: number;
      entryPrice: number;
      stop: number;
      target: number;
      exitSession: number;
      exitPrice: number;
      exitReason: ExitReason;
    };

export const TRADE_NOT_STARTED: TradeProgress = { state: "waiting", session: 0 };

/** The trade after one more session (`bar`); a trade that is over is returned unchanged. */
export function stepTrade(levels: TradeLevels, progress: TradeProgress, bar: TradeBar): TradeProgress {
  const session = progress.session + 1;
  if (progress.state === "waiting") {
    if (session > levels.entrySessions) return { state: "unfilled", session: progress.session };
    let entryPrice: number;
    if (bar.open < levels.entryFloor) {
      // A gap under the buy point is a breakout that failed that morning: bought only on the way back up.
      if (bar.high >= levels.entryFloor && levels.entryFloor <= levels.entryCeiling) entryPrice = levels.entryFloor;
      else return { state: "waiting", session };
    } else if (bar.open <= levels.entryCeiling) entryPrice = bar.open;
    else if (bar.low <= levels.entryCeiling) entryPrice = levels.entryCeiling;
    else return { state: "waiting", session };
    const stop = levels.relative ? entryPrice * (1 - levels.stop) : levels.stop;
    const target = levels.relative ? entryPrice * (1 + levels.target) : levels.target;
    if (entryPrice <= stop) return { state: "broken", session };
    // On the fill day a daily bar cannot tell whether the low came before the fill: the whole
    // session is checked against the stop (the worse case).
    return exitOrHold({ state: "held", session, entrySession: session, entryPrice, stop, target, lastClose: bar.close }, bar, entryPrice, levels.maxSessions);
  }
  if (progress.state === "held") return exitOrHold({ ...progress, session, lastClose: bar.close }, bar, bar.open, levels.maxSessions);
  return progress;
}

function exitOrHold(held: Extract<TradeProgress, { state: "held" }>, bar: TradeBar, gapOpen: number, maxSessions: number): TradeProgress {
  const { state: _held, lastClose: _close, ...trade } = held;
  if (bar.low <= held.stop) return { ...trade, state: "closed", exitSession: held.session, exitPrice: Math.min(gapOpen, held.stop), exitReason: "stop" };
  if (bar.high >= held.target) return { ...trade, state: "closed", exitSession: held.session, exitPrice: Math.max(gapOpen, held.target), exitReason: "target" };
  if (held.session - held.entrySession >= maxSessions) return { ...trade, state: "closed", exitSession: held.session, exitPrice: bar.close, exitReason: "time" };
  return held;
}

/** (price − entry) ÷ (entry − stop): a result in units of the risk taken. */
export function rMultiple(entryPrice: number, stop: number, price: number): number {
  return (price - entryPrice) / (entryPrice - stop);
}

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
  const { open, high, low, close } = bars;
  const levels: TradeLevels = { ...plan, entrySessions: plan.lastEntryIndex - plan.signalIndex };
  let progress = TRADE_NOT_STARTED;
  for (let d = plan.signalIndex + 1; d < close.length; d++) {
    progress = stepTrade(levels, progress, { open: open[d]!, high: high[d]!, low: low[d]!, close: close[d]! });
    if (progress.state === "closed") {
      return {
        entryIndex: plan.signalIndex + progress.entrySession,
        entryPrice: progress.entryPrice,
        exitIndex: plan.signalIndex + progress.exitSession,
        exitPrice: progress.exitPrice,
        exitReason: progress.exitReason,
        stop: progress.stop,
        target: progress.target,
        r: rMultiple(progress.entryPrice, progress.stop, progress.exitPrice),
        return: progress.exitPrice / progress.entryPrice - 1,
      };
    }
    if (progress.state === "unfilled" || progress.state === "broken") return null;
  }
  return null;
}

/**
 * The outcome after trading costs of `costsBp` basis points a side: the fill costs that much more
 * and the exit brings that much less. R keeps the risk as planned (entry − stop) as its unit, so
 * costs lower R by the same money they take from the return.
 */
export function withCosts<T extends Pick<TradeOutcome, "entryPrice" | "exitPrice" | "stop" | "r" | "return">>(outcome: T, costsBp: number): T {
  if (costsBp === 0) return outcome;
  const side = costsBp / 10_000;
  const paid = outcome.entryPrice * (1 + side);
  const received = outcome.exitPrice * (1 - side);
  return { ...outcome, r: (received - paid) / (outcome.entryPrice - outcome.stop), return: received / paid - 1 };
}
