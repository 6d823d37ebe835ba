import { describe, expect, it } from "vitest";
import { oversold, replayFifo } from "./lots";
import type { Trade } from "./portfolio-types";

const t = (id: string, date: string, side: "buy" | "sell", shares: number, price: number, fees = 0): Trade => ({ id, date, side, shares, price, fees });

describe("replayFifo", () => {
  it("sells the oldest lot first and keeps the rest with their dates and prices", () => {
    const replay = replayFifo([t("b2", "2026-02-01", "buy", 10, 120), t("b1", "2026-01-02", "buy", 10, 100, 10), t("s1", "2026-03-01", "sell", 15, 130, 5)]);
    expect(replay.lots).toEqual([{ tradeId: "b2", date: "2026-02-01", shares: 5, price: 120, costPerShare: 120 }]);
    expect(replay.shares).toBe(5);
    expect(replay.costBasis).toBeCloseTo(600, 10);
    // Proceeds 15 × 130 − 5 = 1945; cost 10 × 101 + 5 × 120 = 1610.
    expect(replay.realisedPl).toBeCloseTo(335, 10);
    expect(replay.realisedCost).toBeCloseTo(1610, 10);
    expect(replay.closedOn).toBeNull();
  });

  it("adds fractional shares exactly and closes on the sell of the last share", () => {
    const replay = replayFifo([t("b1", "2026-01-02", "buy", 0.1, 10), t("b2", "2026-01-03", "buy", 0.2, 10), t("s1", "2026-01-05", "sell", 0.3, 11)]);
    expect(replay.shares).toBe(0);
    expect(replay.lots).toEqual([]);
    expect(replay.closedOn).toBe("2026-01-05");
  });

  it("keeps trades of one date in their given order", () => {
    const replay = replayFifo([t("b1", "2026-01-02", "buy", 5, 10), t("s1", "2026-01-02", "sell", 5, 12)]);
    expect(replay.closedOn).toBe("2026-01-02");
    expect(replay.realisedPl).toBe(10);
  });
});

describe("oversold", () => {
  it("names the first sell beyond the holding at its date", () => {
    const trades = [t("s1", "2026-03-01", "sell", 8, 10), t("b1", "2026-01-02", "buy", 5, 10), t("b2", "2026-04-01", "buy", 5, 10)];
    expect(oversold(trades)).toEqual({ index: 0, held: 5 });
    expect(oversold(trades.slice(1))).toBeNull();
  });
});
