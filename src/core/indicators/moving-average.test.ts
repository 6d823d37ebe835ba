import { describe, it, expect } from "vitest";
import { ema, sma } from "./moving-average";

const f64 = (values: number[]) => Float64Array.from(values);

describe("sma", () => {
  it("averages each window and is NaN before the first full window", () => {
    expect(Array.from(sma(f64([1, 2, 3, 4, 5]), 3))).toEqual([NaN, NaN, 2, 3, 4]);
  });

  it("is all NaN when the period is longer than the series", () => {
    const out = sma(f64([1, 2, 3]), 5);
    expect(out).toHaveLength(3);
    expect(Array.from(out).every(Number.isNaN)).toBe(true);
    expect(sma(new Float64Array(0), 3)).toHaveLength(0);
  });

  it("matches a naive window sum across its re-summing boundaries", () => {
    const values = f64(Array.from({ length: 40 }, (_, i) => 100 + Math.sin(i) * 10 + i * 0.37));
    for (const period of [1, 2, 3, 7, 40]) {
      const out = sma(values, period);
      for (let i = period - 1; i < values.length; i++) {
        let sum = 0;
        for (let j = i - period + 1; j <= i; j++) sum += values[j]!;
        expect(out[i]).toBeCloseTo(sum / period, 12);
      }
    }
  });

  it("is NaN for every window holding a NaN, and recovers after it", () => {
    const out = sma(f64([1, 2, NaN, 4, 5, 6, 7]), 2);
    expect(Array.from(out)).toEqual([NaN, 1.5, NaN, NaN, 4.5, 5.5, 6.5]);
  });

  it("rejects a period that is not a positive integer", () => {
    expect(() => sma(f64([1, 2]), 0)).toThrow(RangeError);
    expect(() => sma(f64([1, 2]), 1.5)).toThrow(RangeError);
  });
});

describe("ema", () => {
  it("seeds with the SMA of the first period values, then applies k = 2/(n+1)", () => {
    // period 3: seed = mean(1,2,3) = 2 at index 2; k = 0.5.
    expect(Array.from(ema(f64([1, 2, 3, 4, 5, 6]), 3))).toEqual([NaN, NaN, 2, 3, 4, 5]);
  });

  it("equals the price on constant prices (to the last bits of rounding)", () => {
    const out = ema(new Float64Array(300).fill(187.42), 50);
    for (let i = 0; i < 49; i++) expect(out[i]).toBeNaN();
    for (let i = 49; i < 300; i++) expect(Math.abs(out[i]! - 187.42)).toBeLessThanOrEqual(1e-12);
    expect(Array.from(ema(new Float64Array(20).fill(64), 5)).slice(4)).toEqual(new Array(16).fill(64));
  });

  it("is all NaN when the period is longer than the series; defined only at the end when equal", () => {
    const short = ema(f64([1, 2, 3]), 5);
    expect(short).toHaveLength(3);
    expect(Array.from(short).every(Number.isNaN)).toBe(true);
    expect(Array.from(ema(f64([1, 2, 3]), 3))).toEqual([NaN, NaN, 2]);
    expect(ema(new Float64Array(0), 50)).toHaveLength(0);
  });

  it("is the input itself for period 1 and leaves the input untouched", () => {
    const values = f64([5, 3, 8, 1]);
    expect(Array.from(ema(values, 1))).toEqual([5, 3, 8, 1]);
    ema(values, 2);
    expect(Array.from(values)).toEqual([5, 3, 8, 1]);
  });

  it("rejects a period that is not a positive integer", () => {
    expect(() => ema(f64([1, 2]), 0)).toThrow(RangeError);
    expect(() => ema(f64([1, 2]), Number.NaN)).toThrow(RangeError);
  });
});
