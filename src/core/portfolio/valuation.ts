import { byDate, replayFifo } from "./lots";
import type { PositionInput } from "./portfolio-types";

/**
 * A position valued at a close (decision 062). Money comes out rounded to the cent; prices per share
 * (avg cost) to four places like the stored prices; fractions to six places.
 */

const roundTo = (value: number, places: number): number => {
  const factor = 10 ** places;
  // The tiny nudge makes 1.005 round up as written, not as its binary neighbour 1.00499….
  const rounded = Math.round(Math.abs(value) * factor * (1 + Number.EPSILON)) / factor;
  return rounded === 0 ? 0 : Math.sign(value) * rounded;
};

/** Dollars to the cent, halves away from zero. */
export const cents = (value: number): number => roundTo(value, 2);

export interface PositionValue {
  shares: number;
  /** Remaining lots' cost per share (fees included); null once nothing is held. */
  avg_cost: number | null;
  /** Remaining lots' cost in $. */
  cost: number;
  /** cents(shares × last close); null without a close. */
  value: number | null;
  unrealised_pl: number | null;
  unrealised_pct: number | null;
  r_multiple: number | null;
  open_risk: number | null;
  realised_pl: number;
}

/** (close − avg cost) ÷ (entry − initial stop), entry being the first buy's cost per share; null when that risk is not positive. */
function rMultiple(input: PositionInput, avgCost: number | null, lastClose: number | null): number | null {
  if (input.initialStop === null || avgCost === null || lastClose === null) return null;
  const first = byDate(input.trades).find((trade) => trade.side === "buy");
  if (!first) return null;
  const entry = first.price + first.fees / first.shares;
  const risk = entry - input.initialStop;
  return risk > 0 ? roundTo((lastClose - avgCost) / risk, 2) : null;
}

export function valuePosition(input: PositionInput, lastClose: number | null): PositionValue {
  const replay = replayFifo(input.trades);
  const { shares, costBasis } = replay;
  const avgCost = shares > 0 ? costBasis / shares : null;
  const market = lastClose === null ? null : shares * lastClose;
  return {
    shares,
    avg_cost: avgCost === null ? null : roundTo(avgCost, 4),
    cost: cents(costBasis),
    value: market === null ? null : cents(market),
    unrealised_pl: market === null ? null : cents(market - costBasis),
    unrealised_pct: market === null || costBasis <= 0 ? null : roundTo((market - costBasis) / costBasis, 6),
    r_multiple: rMultiple(input, avgCost, lastClose),
    open_risk: input.stop === null || lastClose === null ? null : cents(shares * Math.max(0, lastClose - input.stop)),
    realised_pl: cents(replay.realisedPl),
  };
}

export interface PortfolioTotals {
  value: number;
  cost: number;
  unrealised_pl: number;
  realised_pl: number;
  open_risk: number;
}

/** Sums of the rows; a null (no close, no stop) adds nothing. Closed positions add their realised P/L only. */
export function portfolioTotals(rows: readonly PositionValue[]): PortfolioTotals {
  const sum = (pick: (row: PositionValue) => number | null) => cents(rows.reduce((total, row) => total + (pick(row) ?? 0), 0));
  return {
    value: sum((row) => row.value),
    cost: sum((row) => row.cost),
    unrealised_pl: sum((row) => row.unrealised_pl),
    realised_pl: sum((row) => row.realised_pl),
    open_risk: sum((row) => row.open_risk),
  };
}
