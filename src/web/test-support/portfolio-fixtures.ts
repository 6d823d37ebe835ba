import type { Portfolio, PortfolioPosition, Position } from "../../contracts/portfolio";

/** Portfolio answers as the server sends them (contracts/portfolio.ts). */

export function position(id: string, ticker: string, overrides: Partial<Position> = {}): Position {
  return {
    id,
    ticker,
    source: "report",
    opened_on: "2026-11-02",
    closed_on: null,
    shares: 100,
    avg_cost: 50,
    cost: 5000,
    realised_pl: 0,
    stop: 46,
    initial_stop: 46,
    time_exit: null,
    price_above: null,
    price_below: null,
    plan: null,
    lots: [{ trade_id: `${id}-t1`, date: "2026-11-02", shares: 100, price: 50, cost_per_share: 50 }],
    trades: [{ id: `${id}-t1`, date: "2026-11-02", side: "buy", shares: 100, price: 50, fees: 0 }],
    created_at: "2026-11-02T15:00:00.000Z",
    ...overrides,
  };
}

export function valued(id: string, ticker: string, overrides: Partial<PortfolioPosition> = {}): PortfolioPosition {
  return {
    id,
    ticker,
    shares: 100,
    avg_cost: 50,
    last_close: 55.25,
    value: 5525,
    unrealised_pl: 525,
    unrealised_pct: 0.105,
    stop: 46,
    r_multiple: 1.3125,
    open_risk: 925,
    alerts: [],
    ...overrides,
  };
}

export function portfolio(positions: PortfolioPosition[], overrides: Partial<Portfolio> = {}): Portfolio {
  const sum = (pick: (row: PortfolioPosition) => number | null) => positions.reduce((total, row) => total + (pick(row) ?? 0), 0);
  return {
    as_of: "2026-11-20",
    positions,
    totals: {
      value: sum((row) => row.value),
      cost: sum((row) => row.shares * row.avg_cost),
      unrealised_pl: sum((row) => row.unrealised_pl),
      realised_pl: 0,
      open_risk: sum((row) => row.open_risk),
    },
    ...overrides,
  };
}
