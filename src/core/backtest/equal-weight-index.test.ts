import { describe, it, expect } from "vitest";
import { equalWeightIndex } from "./equal-weight-index";
import { barsFromRows } from "../market/market-data";
import type { DailyBars } from "../market/market-data";

/** A series from (date, close) pairs, with open/high/low fixed ratios of each close. */
function series(points: [string, number][], ratios: { open: number; high: number; low: number }, volume: number): DailyBars {
  return barsFromRows(points.map(([date, close]) => ({ date, close, open: close * ratios.open, high: close * ratios.high, low: close * ratios.low, volume })));
}

const D1 = "2020-01-02";
const D2 = "2020-01-03";
const D3 = "2020-01-06";
const D4 = "2020-01-07";
const D5 = "2020-01-08";

// A trades every day; B starts on D2; C skips D3 (so it has no return on D3 nor on D4).
const A = series([[D1, 10], [D2, 11], [D3, 11], [D4, 12.1], [D5, 12.1]], { open: 0.99, high: 1.02, low: 0.97 }, 1000);
const B = series([[D2, 20], [D3, 25], [D4, 20], [D5, 22]], { open: 1, high: 1.04, low: 0.98 }, 100);
const C = series([[D1, 50], [D2, 40], [D4, 44], [D5, 55]], { open: 0.96, high: 1.01, low: 0.95 }, 10);

describe("equalWeightIndex", () => {
  const index = equalWeightIndex([A, B, C]);

  it("runs on the union calendar with the mean return of the stocks that have one", () => {
    expect(index.dates).toEqual([D1, D2, D3, D4, D5]);
    const levels = [
      100, // D1: no stock has a previous session
      100 * (1 + (0.1 - 0.2) / 2), // D2: A +10%, C -20% (B only starts)
      95 * (1 + (0 + 0.25) / 2), // D3: A 0, B +25% (C does not trade)
      106.875 * (1 + (0.1 - 0.2) / 2), // D4: A +10%, B -20% (C's last session was D2: no return across the gap)
      101.53125 * (1 + (0 + 0.1 + 0.25) / 3), // D5: A 0, B +10%, C +25%
    ];
    levels.forEach((level, u) => expect(index.close[u], index.dates[u]).toBeCloseTo(level, 10));
  });

  it("takes open/high/low from the mean intraday ratios of the contributing stocks", () => {
    const check = (u: number, open: number, high: number, low: number) => {
      const level = index.close[u]!;
      expect(index.open[u], `open ${index.dates[u]}`).toBeCloseTo(level * open, 10);
      expect(index.high[u], `high ${index.dates[u]}`).toBeCloseTo(level * high, 10);
      expect(index.low[u], `low ${index.dates[u]}`).toBeCloseTo(level * low, 10);
    };
    check(0, (0.99 + 0.96) / 2, (1.02 + 1.01) / 2, (0.97 + 0.95) / 2); // no returns: A and C, which trade
    check(1, (0.99 + 0.96) / 2, (1.02 + 1.01) / 2, (0.97 + 0.95) / 2); // A and C; B trades but has no return
    check(2, (0.99 + 1) / 2, (1.02 + 1.04) / 2, (0.97 + 0.98) / 2); // A and B
    check(3, (0.99 + 1) / 2, (1.02 + 1.04) / 2, (0.97 + 0.98) / 2); // A and B; C trades but has no return
    check(4, (0.99 + 1 + 0.96) / 3, (1.02 + 1.04 + 1.01) / 3, (0.97 + 0.98 + 0.95) / 3);
    for (let u = 0; u < index.close.length; u++) {
      expect(index.high[u]).toBeGreaterThanOrEqual(index.close[u]!);
      expect(index.low[u]).toBeLessThanOrEqual(index.close[u]!);
    }
  });

  it("sums the dollar volume of every stock trading that day", () => {
    expect(Array.from(index.volume)).toEqual([
      10 * 1000 + 50 * 10,
      11 * 1000 + 20 * 100 + 40 * 10,
      11 * 1000 + 25 * 100,
      12.1 * 1000 + 20 * 100 + 44 * 10,
      12.1 * 1000 + 22 * 100 + 55 * 10,
    ]);
  });

  it("does not depend on the order of the series", () => {
    const reordered = equalWeightIndex([C, A, B]);
    for (let u = 0; u < index.close.length; u++) expect(reordered.close[u]).toBeCloseTo(index.close[u]!, 12);
  });

  it("keeps the level on a session where no stock has a return", () => {
    const X = series([[D1, 10], [D3, 20]], { open: 1, high: 1.1, low: 0.9 }, 1); // skips D2
    const Y = series([[D2, 5]], { open: 1, high: 1.2, low: 0.8 }, 1); // only D2
    const quiet = equalWeightIndex([X, Y]);
    expect(quiet.dates).toEqual([D1, D2, D3]);
    expect(Array.from(quiet.close)).toEqual([100, 100, 100]);
    expect(quiet.high[1]).toBeCloseTo(120, 10); // Y alone trades on D2
    expect(quiet.high[2]).toBeCloseTo(110, 10);
  });

  it("gives an empty index for no series and rejects dates that go backwards", () => {
    expect(equalWeightIndex([]).dates).toEqual([]);
    const backwards = series([[D2, 10], [D1, 11]], { open: 1, high: 1, low: 1 }, 1);
    expect(() => equalWeightIndex([backwards])).toThrow(/dates must be increasing/);
  });
});
