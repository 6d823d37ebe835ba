import type { TradeStatsView, TrackRecordSummary } from "../../contracts/track-record";
import { formatR, formatShare, tooFewTradesNote, tradesWord, yearRange } from "../../core/narrative/track-record-words";
import { isFiniteNumber } from "./format";

/**
 * The track record's phrases that only the web shows (decision 030): the figures themselves are
 * formatted by core/narrative/track-record-words.ts, as in the CLI and the chat. A figure that
 * cannot be computed yet is null in the contract and reads as a dash ('—') with a word of
 * explanation beside it, never 'NaN' or 'N/A'; R is a multiple of the risk taken.
 */

/** True when a trade figure rests on too few trades to judge. */
export function tooFewTrades(trades: number, minimum: number): boolean {
  return trades < minimum;
}

/** The words beside a figure resting on fewer than `minimum` trades. */
export function tooFewWording(minimum: number): string {
  return tooFewTradesNote(0, minimum)!;
}

/** 'Flat base' → 'Flat-base', 'Cup with handle' → 'Cup-with-handle', 'VCP' → 'VCP' (as in 'Flat-base BUYs'). */
export function setupAdjective(baseType: string): string {
  return baseType.trim().replace(/\s+/g, "-");
}

/** '41 trades, 54.0% winners, +0.40R average' (the win rate and average left out when missing). */
export function tradeStatsPhrase(stats: TradeStatsView): string {
  const parts = [tradesWord(stats.trades)];
  if (isFiniteNumber(stats.win_rate)) parts.push(`${formatShare(stats.win_rate)} winners`);
  if (isFiniteNumber(stats.avg_r)) parts.push(`${formatR(stats.avg_r)} average`);
  return parts.join(", ");
}

export interface SetupEvidence {
  /** 'Flat-base BUYs in Quanta's record: 41 trades, 54.0% winners, +0.40R average' ('no trade closed yet' without one). */
  live: string;
  /** True when the live figure rests on fewer than the meaningful number of trades. */
  tooFew: boolean;
  /** The words that say so ('fewer than 30 trades — too few to judge'). */
  tooFewText: string | null;
  /** 'In the 2009–2017 simulation: 342 trades, 53.8% winners, +0.38R average', when the live record is too thin. */
  historical: string | null;
}

/**
 * What a report says about its base type from the record (per-report evidence): the live
 * BUY trades of that base; with fewer than `min_meaningful_trades` of them, also the first
 * historical simulation's. Null when neither has a closed trade of that base.
 */
export function setupEvidence(summary: TrackRecordSummary, baseType: string): SetupEvidence | null {
  const minimum = summary.min_meaningful_trades;
  const stats = summary.buy_trades_by_setup[baseType];
  const hasLive = stats !== undefined && stats.trades > 0;
  const tooFew = !hasLive || tooFewTrades(stats.trades, minimum);
  const simulation = summary.historical[0];
  const past = simulation?.buy_trades_by_setup[baseType];
  const historical =
    tooFew && simulation && past && past.trades > 0
      ? `In the ${yearRange(simulation.from, simulation.to)} simulation: ${tradeStatsPhrase(past)}`
      : null;
  if (!hasLive && historical === null) return null;
  const live = `${setupAdjective(baseType)} BUYs in Quanta's record: ${hasLive ? tradeStatsPhrase(stats) : "no trade closed yet"}`;
  return { live, tooFew, tooFewText: tooFew && hasLive ? tooFewWording(minimum) : null, historical };
}
