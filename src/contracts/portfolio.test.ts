import { describe, expect, it } from "vitest";
import {
  MAX_PRICE,
  MAX_SHARES,
  POSITION_SOURCES,
  portfolioHistorySchema,
  positionSourceSchema,
  tradeInputSchema,
  tradeSideSchema,
  type PortfolioHistory,
  type PortfolioPosition,
  type PositionPlan,
  type PositionSource,
  type PositionTrade,
  type PositionsImportResponse,
  type TradeInput,
  createPositionSchema,
  isTradeDate,
  portfolioSchema,
  positionsImportResponseSchema,
  updatePositionSchema,
  type Portfolio,
} from "./portfolio";

describe("portfolio contract", () => {
  it("admits a buy from a report's plan and upper-cases the ticker", () => {
    const parsed = createPositionSchema.parse({
      ticker: "msft",
      date: "2026-03-02",
      shares: 10,
      price: 410.5,
      stop: 380,
      source: "report",
      plan: { as_of: "2026-02-27", buy_point: 410, stop: 380, target: 490 },
    });
    expect(parsed.ticker).toBe("MSFT");
  });

  it("refuses numbers and dates the database could not hold", () => {
    const base = { ticker: "MSFT", date: "2026-03-02", shares: 1, price: 1, source: "manual" };
    expect(createPositionSchema.safeParse({ ...base, shares: MAX_SHARES * 10 }).success).toBe(false);
    expect(createPositionSchema.safeParse({ ...base, price: 1e300 }).success).toBe(false);
    expect(createPositionSchema.safeParse({ ...base, date: "2026-02-30" }).success).toBe(false);
    expect(createPositionSchema.safeParse({ ...base, date: "1969-12-31" }).success).toBe(false);
    expect(createPositionSchema.safeParse({ ...base, source: "import" }).success).toBe(false);
    expect(updatePositionSchema.safeParse({ extra: 1 }).success).toBe(false);
    // Below what numeric(20,6) and numeric(20,4) keep, a positive number would be stored as 0.
    expect(createPositionSchema.safeParse({ ...base, shares: 1e-7 }).success).toBe(false);
    expect(updatePositionSchema.safeParse({ stop: 2e-20 }).success).toBe(false);
    expect(updatePositionSchema.safeParse({ price_above: 0.0001 }).success).toBe(true);
  });

  it("reads a date up to tomorrow, not after", () => {
    const today = new Date("2026-03-02T12:00:00Z");
    expect(isTradeDate("2026-03-03", today)).toBe(true);
    expect(isTradeDate("2026-03-04", today)).toBe(false);
  });

  it("has exactly the portfolio fields of the API", () => {
    const portfolio: Portfolio = {
      as_of: "2026-03-02",
      positions: [
        {
          id: "p1",
          ticker: "MSFT",
          shares: 10,
          avg_cost: 400,
          last_close: 410.12,
          value: 4101.2,
          unrealised_pl: 101.2,
          unrealised_pct: 0.0253,
          stop: 380,
          r_multiple: 0.5,
          open_risk: 301.2,
          alerts: [],
        },
      ],
      totals: { value: 4101.2, cost: 4000, unrealised_pl: 101.2, realised_pl: 0, open_risk: 301.2 },
    };
    expect(portfolioSchema.parse(portfolio)).toEqual(portfolio);
    expect(Object.keys(portfolioSchema.shape.positions.element.shape).sort()).toEqual(
      ["id", "ticker", "shares", "avg_cost", "last_close", "value", "unrealised_pl", "unrealised_pct", "stop", "r_multiple", "open_risk", "alerts"].sort(),
    );
    expect(positionsImportResponseSchema.parse({ success: true, imported: 2, opened: 1 }).opened).toBe(1);
  });

  it("names the sources, sides and history a client reads", () => {
    const source: PositionSource = "import";
    expect(positionSourceSchema.options).toEqual([...POSITION_SOURCES]);
    expect(POSITION_SOURCES).toContain(source);
    expect(tradeSideSchema.options).toEqual(["buy", "sell"]);
    const trade: TradeInput = { side: "sell", date: "2026-01-05", shares: 1, price: MAX_PRICE };
    expect(tradeInputSchema.parse(trade)).toEqual(trade);
    const stored: PositionTrade = { id: "t", ...trade, fees: 0 };
    const plan: PositionPlan = { as_of: "2026-01-02", buy_point: 10, stop: 9, target: null };
    const row: PortfolioPosition = { id: "p", ticker: "A", shares: 1, avg_cost: 1, last_close: null, value: null, unrealised_pl: null, unrealised_pct: null, stop: plan.stop, r_multiple: null, open_risk: null, alerts: [] };
    const history: PortfolioHistory = { benchmark: "SPY", points: [{ date: stored.date, value: row.shares, benchmark: 1 }] };
    expect(portfolioHistorySchema.parse(history)).toEqual(history);
    const imported: PositionsImportResponse = { success: true, imported: 1, opened: 1 };
    expect(imported.success).toBe(true);
  });
});
