/**
 * Position sizing by risk (decision 062): risk a fixed share of the account between the buy point and
 * the stop, so a stop-out costs `riskPct` of the account whatever the stock.
 */

export interface SizingInput {
  /** The account's size in $. */
  account: number;
  /** The share of the account to risk on one trade, as a fraction (0.01 = 1%). */
  riskPct: number;
  buyPoint: number;
  stop: number;
}

export interface PositionSize {
  /** Whole shares (rounded down, so the risk never exceeds the budget). */
  shares: number;
  /** What the shares cost at the buy point, in $. */
  dollars: number;
  /** What a stop-out loses, in $. */
  risk: number;
  /** `dollars` as a fraction of the account. */
  accountPct: number;
}

function positive(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}

function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The shares to buy; null when an input is missing or not positive, or the stop is not under the buy point. */
export function positionSize({ account, riskPct, buyPoint, stop }: SizingInput): PositionSize | null {
  if (!positive(account) || !positive(riskPct) || riskPct > 1 || !positive(buyPoint) || !positive(stop) || stop >= buyPoint) return null;
  const perShare = buyPoint - stop;
  // A tiny epsilon keeps 1000 × 1% ÷ 2 = 5 shares from flooring to 4 through binary fractions.
  const byRisk = Math.floor((account * riskPct) / perShare + 1e-9);
  // Never more shares than the account can pay for.
  const byCash = Math.floor(account / buyPoint + 1e-9);
  const shares = Math.max(0, Math.min(byRisk, byCash));
  const dollars = cents(shares * buyPoint);
  return { shares, dollars, risk: cents(shares * perShare), accountPct: dollars / account };
}

/** Open risk as a fraction of the account ("heat"); null without a positive account size. */
export function heat(openRisk: number, account: number): number | null {
  if (!positive(account) || !Number.isFinite(openRisk)) return null;
  return openRisk / account;
}
