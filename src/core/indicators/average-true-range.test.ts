import { describe, it, expect } from "vitest";
import { atr, averageTrueRangePercent, dailyRangePercent } from "./average-true-range";

const f64 = (values: number[]) => Float64Array.from(values);

describe("atr", () => {
  // TRs: bar0 h-l = 2; bar1 max(1, |11-9|=2, |10-9|=1) = 2 (gap up); bar2 max(2, |9-11|=2, |7-11|=4) = 4 (gap down);
  // bar3 max(1, |8-8|=0, |7-8|=1) = 1.
  const high = f64([10, 11, 9, 8]);
  const low = f64([8, 10, 7, 7]);
  const close = f64([9, 11, 8, 7.5]);

  it("takes h-l for the first bar, the gap-aware true range after, then Wilder smoothing", () => {
    expect(Array.from(atr(high, low, close, 1))).toEqual([2, 2, 4, 1]);
    const out = atr(high, low, close, 2);
    expect(out[0]).toBeNaN();
    expect(out[1]).toBe(2); // mean(2, 2)
    expect(out[2]).toBe(3); // (2*1 + 4) / 2
    expect(out[3]).toBe(2); // (3*1 + 1) / 2
  });

  it("is all NaN when the period is longer than the series", () => {
    const out = atr(high, low, close, 14);
    expect(out).toHaveLength(4);
    expect(Array.from(out).every(Number.isNaN)).toBe(true);
  });

  it("is 0 on bars without any range", () => {
    const flat = new Float64Array(30).fill(50);
    const out = atr(flat, flat, flat);
    expect(out[12]).toBeNaN();
    for (let i = 13; i < 30; i++) expect(out[i]).toBe(0);
  });

  it("rejects columns of different lengths and bad periods", () => {
    expect(() => atr(high, low, f64([1]), 2)).toThrow(RangeError);
    expect(() => atr(high, low, close, 0)).toThrow(RangeError);
  });
});

describe("averageTrueRangePercent and dailyRangePercent", () => {
  it("expresses the ATR as a percentage of the close", () => {
    const out = averageTrueRangePercent(f64([10, 11, 9, 8]), f64([8, 10, 7, 7]), f64([9, 11, 8, 7.5]), 2);
    expect(out[0]).toBeNaN();
    expect(out[1]).toBeCloseTo((100 * 2) / 11, 12);
    expect(out[3]).toBeCloseTo((100 * 2) / 7.5, 12);
  });

  it("gives one session's high-low range as a percentage of its close", () => {
    const high = f64([10, 102]);
    const low = f64([9, 98]);
    const close = f64([9.5, 100]);
    expect(dailyRangePercent(high, low, close)).toBeCloseTo(4, 12);
    expect(dailyRangePercent(high, low, close, 0)).toBeCloseTo(100 / 9.5, 12);
    expect(dailyRangePercent(high, low, close, 2)).toBeNaN();
    expect(dailyRangePercent(high, low, f64([0, 100]), 0)).toBeNaN();
  });
});
