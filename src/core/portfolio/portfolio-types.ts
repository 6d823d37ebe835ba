/**
 * A portfolio's positions as the pure core sees them (decision 062): each position is a ticker with
 * its trades; lots, costs and P/L are derived from the trades (FIFO), never stored.
 */

export type TradeSide = "buy" | "sell";

/** One buy or sell of a position. Dates are ISO sessions (YYYY-MM-DD); fees in $ (≥ 0). */
export interface Trade {
  id: string;
  date: string;
  side: TradeSide;
  shares: number;
  price: number;
  fees: number;
}

/** What is left of one buy after FIFO sells: its date, price and the cost per share (fees included). */
export interface Lot {
  tradeId: string;
  date: string;
  shares: number;
  price: number;
  /** Cost per remaining share: (price × shares + fees) ÷ shares of the buy. */
  costPerShare: number;
}

/** A position's inputs for valuation: its stops, time exit and trades (any order; replayed by date). */
export interface PositionInput {
  id: string;
  ticker: string;
  /** The stop the user moves; null when none is set. */
  stop: number | null;
  /** The stop at the first buy, frozen: the R multiple's denominator. */
  initialStop: number | null;
  /** The session the plan says to sell by if nothing else happened; null when none. */
  timeExit: string | null;
  trades: Trade[];
}
