import type { Portfolio, PortfolioPosition, Position } from "../../../contracts/portfolio";
import { heat } from "../../../core/portfolio/sizing";

/** The R multiple as written by traders: 1.234 → '+1.2R', -0.5 → '-0.5R'; 'N/A' without one. */
export function formatR(value: number | null): string {
  if (value === null) return "N/A";
  const tenths = Math.round(value * 10) / 10;
  return `${tenths > 0 ? "+" : ""}${tenths.toFixed(1)}R`;
}

/** 'text-success-700' for a gain, 'text-danger-700' for a loss, nothing for zero or unknown. */
export function plTone(value: number | null): string | undefined {
  if (value === null || value === 0) return undefined;
  return value > 0 ? "text-success-700" : "text-danger-700";
}

export interface PortfolioSummary {
  /** Unrealised P/L over the cost of the positions that have a close; null without any. */
  unrealisedPct: number | null;
  /** Realised P/L over the cost of the shares sold; null when nothing was sold. */
  realisedPct: number | null;
  /** Open risk over the calculator's account size; null without an account size. */
  heat: number | null;
  /** Open positions with no stop: their risk is not counted. */
  withoutStop: string[];
}

/** What a sold share cost: the proceeds (after fees) minus the realised P/L, over every position. */
function soldCost(positions: Position[]): number {
  let total = 0;
  for (const position of positions) {
    const proceeds = position.trades.filter((trade) => trade.side === "sell").reduce((sum, trade) => sum + trade.shares * trade.price - trade.fees, 0);
    if (proceeds > 0) total += proceeds - position.realised_pl;
  }
  return total;
}

/** The totals' percentages, the heat and the positions without a stop. */
export function summarise(portfolio: Portfolio, positions: Position[], account: number): PortfolioSummary {
  const valued: PortfolioPosition[] = portfolio.positions.filter((position) => position.value !== null);
  const valuedCost = valued.reduce((sum, position) => sum + position.shares * position.avg_cost, 0);
  const sold = soldCost(positions);
  return {
    unrealisedPct: valuedCost > 0 ? portfolio.totals.unrealised_pl / valuedCost : null,
    realisedPct: sold > 0 ? portfolio.totals.realised_pl / sold : null,
    heat: heat(portfolio.totals.open_risk, account),
    withoutStop: portfolio.positions.filter((position) => position.stop === null).map((position) => position.ticker),
  };
}
