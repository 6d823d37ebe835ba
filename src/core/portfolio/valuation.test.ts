import { describe, expect, it } from "vitest";
import type { PositionInput, Trade } from "./portfolio-types";
import { cents, portfolioTotals, valuePosition } from "./valuation";

const t = (id: string, date: string, side: "buy" | "sell", shares: number, price: number, fees = 0): Trade => ({ id, date, side, shares, price, fees });
const position = (trades: Trade[], stop: number | null = null, initialStop: number | null = stop): PositionInput => ({ id: "p", ticker: "MSFT", stop, initialStop, timeExit: null, trades });

describe("cents", () => {
  it("rounds halves away from zero as they are written", () => {
    expect(cents(1.005)).toBe(1.01);
    expect(cents(-1.005)).toBe(-1.01);
    expect(cents(0.1 + 0.2)).toBe(0.3);
    expect(cents(-0.001)).toBe(0);
  });
});

describe("valuePosition", () => {
  it("values the shares at the last close to the cent, exactly", () => {
    // A grid of awkward quantities and closes: the value is always cents(shares × close), nothing else.
    for (const shares of [1, 3, 7.5, 0.333333, 12.123456, 999_999.999999]) {
      for (const close of [0.0001, 0.1, 1.005, 33.3333, 410.1234, 9_999_999.9999]) {
        const valued = valuePosition(position([t("b", "2026-01-02", "buy", shares, 10)]), close);
        expect(valued.value).toBe(cents(shares * close));
      }
    }
  });

  it("gives cost, P/L, R against the initial stop and open risk against the current stop", () => {
    const valued = valuePosition(position([t("b1", "2026-01-02", "buy", 10, 100, 10), t("b2", "2026-01-10", "buy", 10, 110), t("s", "2026-02-01", "sell", 10, 120, 5)], 108, 91), 125);
    // Left: the 2nd lot, 10 × 110. Entry 101, initial stop 91 → 1R = 10.
    expect(valued).toEqual({
      shares: 10,
      avg_cost: 110,
      cost: 1100,
      value: 1250,
      unrealised_pl: 150,
      unrealised_pct: 0.136364,
      r_multiple: 1.5,
      open_risk: 170,
      realised_pl: 185,
    });
  });

  it("has no R without a usable initial stop, no open risk without a stop, no value without a close", () => {
    const noStop = valuePosition(position([t("b", "2026-01-02", "buy", 10, 100)]), 90);
    expect(noStop.r_multiple).toBeNull();
    expect(noStop.open_risk).toBeNull();
    expect(valuePosition(position([t("b", "2026-01-02", "buy", 10, 100)], 120), 130).r_multiple).toBeNull();
    expect(valuePosition(position([t("b", "2026-01-02", "buy", 10, 100)], 95), 90).open_risk).toBe(0);
    const noClose = valuePosition(position([t("b", "2026-01-02", "buy", 10, 100)], 95), null);
    expect([noClose.value, noClose.unrealised_pl, noClose.open_risk, noClose.avg_cost]).toEqual([null, null, null, 100]);
  });

  it("totals what is there", () => {
    const a = valuePosition(position([t("b", "2026-01-02", "buy", 3, 10)], 9), 11);
    const b = valuePosition(position([t("b", "2026-01-02", "buy", 1, 20)]), null);
    const closed = valuePosition(position([t("b", "2026-01-02", "buy", 1, 20), t("s", "2026-01-03", "sell", 1, 25)]), 30);
    expect(portfolioTotals([a, b, closed])).toEqual({ value: 33, cost: 50, unrealised_pl: 3, realised_pl: 5, open_risk: 6 });
  });
});
