import { cents } from "./valuation";

/**
 * Position sizing by risk: the shares whose loss from the buy point to the stop is the chosen part
 * of the account, never more shares than the account can pay for.
 */

export interface SizingInput {
  account: number;
  /** Risk per trade in percent of the account (1 = 1%). */
  riskPct: number;
  buyPoint: number;
  stop: number;
}

export interface Sizing {
  /** Whole shares, rounded down. */
  shares: number;
  /** What the shares cost at the buy point. */
  dollars: number;
  /** What a stop-out loses: shares × (buy point − stop). */
  risk: number;
}

const positive = (value: number) => Number.isFinite(value) && value > 0;

/** Null for input that cannot be sized (non-positive numbers, risk over 100%, a stop at or above the buy point). */
export function positionSize({ account, riskPct, buyPoint, stop }: SizingInput): Sizing | null {
  if (!positive(account) || !positive(riskPct) || riskPct > 100 || !positive(buyPoint) || !positive(stop) || stop >= buyPoint) return null;
  const perShare = buyPoint - stop;
  const byRisk = Math.floor(((account * riskPct) / 100 / perShare) * (1 + Number.EPSILON));
  const byCash = Math.floor((account / buyPoint) * (1 + Number.EPSILON));
  const shares = Math.min(byRisk, byCash);
  return { shares, dollars: cents(shares * buyPoint), risk: cents(shares * perShare) };
}

/** The portfolio's heat: open risk as a fraction of the account; null without a positive account. */
export function heat(openRisk: number, account: number): number | null {
  if (!positive(account) || !Number.isFinite(openRisk)) return null;
  return Math.round((openRisk / account) * 1e6) / 1e6;
}
