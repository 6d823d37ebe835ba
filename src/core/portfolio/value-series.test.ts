import { describe, expect, it } from "vitest";
import type { Trade } from "./portfolio-types";
import { valueSeries, type DailyClose } from "./value-series";

const closes = (rows: [string, number][]): DailyClose[] => rows.map(([date, close]) => ({ date, close }));
let ids = 0;
const trade = (date: string, side: Trade["side"], shares: number, price: number, fees = 0): Trade => ({ id: `t${++ids}`, date, side, shares, price, fees });

const MARKET = new Map<string, DailyClose[]>([
  ["SPY", closes([["2025-12-31", 99], ["2026-01-02", 100], ["2026-01-05", 102], ["2026-01-06", 101], ["2026-01-07", 105]])],
  // No close on 2026-01-06: the value carries 11 forward.
  ["AAA", closes([["2025-12-31", 9], ["2026-01-02", 10], ["2026-01-05", 11], ["2026-01-07", 12]])],
  ["BBB", closes([["2026-01-05", 50], ["2026-01-06", 52], ["2026-01-07", 49]])],
]);

describe("valueSeries", () => {
  it("values the holdings and the same dollars in the benchmark on each session, to the cent", () => {
    const points = valueSeries(
      [
        { ticker: "AAA", trades: [trade("2026-01-02", "buy", 100, 10, 1), trade("2026-01-06", "sell", 40, 11.5, 2)] },
        { ticker: "BBB", trades: [trade("2026-01-05", "buy", 10, 50.5)] },
      ],
      MARKET,
      "SPY",
    );
    // By hand: the buy of AAA costs 1,001 → 10.01 SPY at 100; BBB costs 505 → 505/102 SPY;
    // the AAA sell brings 40 × 11.5 − 2 = 458 → sells 458/101 SPY.
    expect(points).toEqual([
      { date: "2026-01-02", value: 1000, benchmark: 1001 }, // 100 × 10; 10.01 × 100
      { date: "2026-01-05", value: 1600, benchmark: 1526.02 }, // 100 × 11 + 10 × 50; 10.01 × 102 + 505
      { date: "2026-01-06", value: 1180, benchmark: 1053.06 }, // 60 × 11 (carried) + 10 × 52; 1011.01 + 500.049 − 458
      { date: "2026-01-07", value: 1210, benchmark: 1094.76 }, // 60 × 12 + 10 × 49; 1051.05 + 519.853 − 476.139
    ]);
  });

  it("applies a trade dated on a non-session to the next session, at the benchmark's last close before it", () => {
    const points = valueSeries([{ ticker: "AAA", trades: [trade("2026-01-03", "buy", 10, 10.5)] }], MARKET, "SPY");
    // 105 buys 1.05 SPY at the 2026-01-02 close of 100.
    expect(points).toEqual([
      { date: "2026-01-05", value: 110, benchmark: 107.1 },
      { date: "2026-01-06", value: 110, benchmark: 106.05 },
      { date: "2026-01-07", value: 120, benchmark: 110.25 },
    ]);
  });

  it("values a ticker at its trade price until its first close, and a fully sold position at nothing", () => {
    const points = valueSeries(
      [{ ticker: "BBB", trades: [trade("2026-01-02", "buy", 0.1, 40), trade("2026-01-02", "buy", 0.2, 40), trade("2026-01-06", "sell", 0.3, 60)] }],
      MARKET,
      "SPY",
    );
    expect(points.map((p) => p.value)).toEqual([12, 15, 0, 0]);
    // 12 buys 0.12 SPY; the sell's 18 would sell 0.1782 SPY but only 0.12 is held: the line stops at 0.
    expect(points.map((p) => p.benchmark)).toEqual([12, 12.24, 0, 0]);
  });

  it("has no points without trades, and a zero benchmark line without benchmark data", () => {
    expect(valueSeries([], MARKET, "SPY")).toEqual([]);
    const points = valueSeries([{ ticker: "AAA", trades: [trade("2026-01-07", "buy", 1, 12)] }], MARKET, "QQQ");
    expect(points).toEqual([{ date: "2026-01-07", value: 12, benchmark: 0 }]);
  });
});
