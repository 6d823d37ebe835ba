import type { RecommendationAction } from "../analysis/analysis-report";
import { HORIZONS } from "../backtest/walk-forward";
import { rMultiple, stepTrade, TRADE_NOT_STARTED, type ExitReason, type TradeLevels, type TradeProgress } from "../backtest/trade-simulation";

/**
 * A published call followed session by session as the market's bars arrive: its return and excess
 * over the benchmark at +21/+63/+126 sessions, and, for a BUY that opens a trade, the trade played
 * by the back-test's own rules (stepTrade). Pure: the server folds each new session in and stores
 * the progress; the replay test folds a whole history in and must find the same.
 */
export interface FollowedCall {
  action: RecommendationAction;
  /** Close on the call's session. */
  price: number;
  /** The benchmark's close on that session; null when it was unknown (no excess then). */
  benchmarkPrice: number | null;
  /** Levels of the trade a BUY opens (the first BUY of a base); null for every other call. */
  trade: TradeLevels | null;
}

export interface SessionBar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
}

interface ForwardReturn {
  stock: number;
  benchmark: number | null;
  excess: number | null;
}

export interface CallProgress {
  /** Sessions folded in after the call's own. */
  sessions: number;
  /** Date of the last session folded in (the call's own at first). */
  lastDate: string;
  lastClose: number;
  /** Returns at +21, +63 and +126 sessions, null until that session has come. */
  forward: [ForwardReturn | null, ForwardReturn | null, ForwardReturn | null];
  trade: TradeProgress | null;
  entryDate: string | null;
  exitDate: string | null;
}

export type CallStatus = "open" | "target" | "stop" | "timed-out" | "not-filled" | "done";

export function startProgress(call: FollowedCall, asOf: string): CallProgress {
  return { sessions: 0, lastDate: asOf, lastClose: call.price, forward: [null, null, null], trade: call.trade ? TRADE_NOT_STARTED : null, entryDate: null, exitDate: null };
}

/** The progress after one more session; sessions on or before the last one folded in are ignored. */
export function advanceCall(call: FollowedCall, progress: CallProgress, bar: SessionBar, benchmarkClose: number | null): CallProgress {
  if (bar.date <= progress.lastDate) return progress;
  const sessions = progress.sessions + 1;
  const forward: CallProgress["forward"] = [...progress.forward];
  HORIZONS.forEach((horizon, h) => {
    if (sessions !== horizon) return;
    const stock = bar.close / call.price - 1;
    const benchmark = call.benchmarkPrice !== null && benchmarkClose !== null ? benchmarkClose / call.benchmarkPrice - 1 : null;
    forward[h] = { stock, benchmark, excess: benchmark === null ? null : stock - benchmark };
  });
  const trade = call.trade && progress.trade ? stepTrade(call.trade, progress.trade, bar) : null;
  const entered = trade && (trade.state === "held" || trade.state === "closed");
  const wasEntered = progress.trade && (progress.trade.state === "held" || progress.trade.state === "closed");
  return {
    sessions,
    lastDate: bar.date,
    lastClose: bar.close,
    forward,
    trade,
    entryDate: entered && !wasEntered ? bar.date : progress.entryDate,
    exitDate: trade?.state === "closed" && progress.trade?.state !== "closed" ? bar.date : progress.exitDate,
  };
}

const LAST_HORIZON = HORIZONS[HORIZONS.length - 1]!;

/** Nothing left to measure: every horizon has come and the trade (if any) is over. */
export function isSettled(progress: CallProgress): boolean {
  const tradeOver = !progress.trade || (progress.trade.state !== "waiting" && progress.trade.state !== "held");
  return tradeOver && progress.sessions >= LAST_HORIZON;
}

const EXIT_STATUS: Record<ExitReason, CallStatus> = { stop: "stop", target: "target", time: "timed-out" };

export function callStatus(progress: CallProgress): CallStatus {
  const trade = progress.trade;
  if (trade?.state === "closed") return EXIT_STATUS[trade.exitReason];
  if (trade?.state === "unfilled" || trade?.state === "broken") return "not-filled";
  if (trade) return "open";
  return progress.sessions >= LAST_HORIZON ? "done" : "open";
}

/** A trade's R and return: at its exit, or marked at the last close while it is held; null before a fill. */
export function tradeResult(progress: CallProgress): { r: number; return: number } | null {
  const trade = progress.trade;
  if (trade?.state === "closed") return { r: rMultiple(trade.entryPrice, trade.stop, trade.exitPrice), return: trade.exitPrice / trade.entryPrice - 1 };
  if (trade?.state === "held") return { r: rMultiple(trade.entryPrice, trade.stop, trade.lastClose), return: trade.lastClose / trade.entryPrice - 1 };
  return null;
}
