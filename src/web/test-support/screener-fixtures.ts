import type { ScreenerResponse, ScreenerRow } from "../../contracts/screener";

/** A screener row for tests: a BUY in a cup with handle, 1.5% above its buy point. */
export function screenerRow(ticker: string, overrides: Partial<ScreenerRow> = {}): ScreenerRow {
  return {
    ticker,
    company: `${ticker} Corporation`,
    sector: "Technology",
    industry: "Semiconductors",
    price: 1234.5,
    change_pct: 0.021,
    volume_ratio: 1.8,
    dollar_volume: 25_000_000,
    action: "BUY",
    setup: "Cup with handle",
    buy_point_distance: 0.015,
    stop_risk: 0.069,
    rs_rating: 95,
    tt_score: 8,
    below_high_pct: 0.032,
    eps_growth: 0.45,
    demo: false,
    as_of: "2026-11-20",
    ...overrides,
  };
}

/** A screener answer holding `rows` (total: their count unless given). */
export function screenerResponse(rows: ScreenerRow[], total = rows.length): ScreenerResponse {
  return { as_of: rows[0]?.as_of ?? null, total, rows };
}
