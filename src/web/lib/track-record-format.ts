import type { TradeStatsView, TrackRecordSummary } from "../../contracts/track-record";
import { formatPercent, formatVolume, isFiniteNumber } from "./format";

/**
 * How the track record's figures read, on its page and in every report (decision 030). A figure
 * that cannot be computed yet is null in the contract and reads as a dash ('—') with a word of
 * explanation beside it, never 'NaN' or 'N/A'; R is a multiple of the risk taken.
 */

/** What a missing figure shows. */
export const NO_FIGURE = "—";

/** A multiple of the risk with its sign and 2 decimals: 0.413 → '+0.41R', -1 → '-1.00R'. */
export function formatR(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return NO_FIGURE;
  const hundredths = Math.round(value * 100);
  if (hundredths === 0) return "0.00R";
  return `${hundredths > 0 ? "+" : "-"}${(Math.abs(hundredths) / 100).toFixed(2)}R`;
}

/** A fraction as a signed percentage with 1 decimal: 0.006 → '+0.6%', -0.0289 → '-2.9%', 0 → '0.0%'. */
export function formatSignedPercent(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return NO_FIGURE;
  const text = formatPercent(value);
  return text.startsWith("-") || text === "0.0%" ? text : `+${text}`;
}

/** A share (hit rate, win rate) with 1 decimal: 0.5 → '50.0%'. */
export function formatShare(value: number | null | undefined): string {
  return isFiniteNumber(value) ? formatPercent(value) : NO_FIGURE;
}

/** A whole count with thousands separators. */
export function formatCount(value: number): string {
  return formatVolume(value);
}

/** The 95% interval of the average R: '+0.26R to +0.58R', or a dash when either end is missing. */
export function formatInterval(interval: readonly [number | null, number | null]): string {
  const [low, high] = interval;
  return isFiniteNumber(low) && isFiniteNumber(high) ? `${formatR(low)} to ${formatR(high)}` : NO_FIGURE;
}

/** True when a trade figure rests on too few trades to judge. */
export function tooFewTrades(trades: number, minimum: number): boolean {
  return trades < minimum;
}

/** The words beside a figure resting on fewer than `minimum` trades. */
export function tooFewWording(minimum: number): string {
  return `fewer than ${formatCount(minimum)} trades — too few to judge`;
}

/** 'Flat base' → 'Flat-base', 'Cup with handle' → 'Cup-with-handle', 'VCP' → 'VCP' (as in 'Flat-base BUYs'). */
export function setupAdjective(baseType: string): string {
  return baseType.trim().replace(/\s+/g, "-");
}

/** '41 trades, 54.0% winners, +0.40R average' (the win rate and average left out when missing). */
export function tradeStatsPhrase(stats: TradeStatsView): string {
  const parts = [`${formatCount(stats.trades)} ${stats.trades === 1 ? "trade" : "trades"}`];
  if (isFiniteNumber(stats.win_rate)) parts.push(`${formatShare(stats.win_rate)} winners`);
  if (isFiniteNumber(stats.avg_r)) parts.push(`${formatR(stats.avg_r)} average`);
  return parts.join(", ");
}

/** The year of a 'YYYY-MM-DD' date, or the text itself. */
function yearOf(date: string): string {
  return /^(\d{4})-/.exec(date)?.[1] ?? date;
}

/** '2009–2017' from a simulation's first and last dates. */
export function yearRange(from: string, to: string): string {
  const first = yearOf(from);
  const last = yearOf(to);
  return first === last ? first : `${first}–${last}`;
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
 * What a report says about its base type from the record (issue 18, per-report evidence): the live
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
