import { describe, expect, it } from "vitest";
import { ema } from "./ema";

describe("ema", () => {
  it("is seeded with the SMA of the first n values, then uses k = 2/(n+1)", () => {
    const out = ema([1, 2, 3, 4, 5, 6], 3);
    expect(out.slice(0, 2)).toEqual([null, null]);
    expect(out[2]).toBeCloseTo(2, 10); // (1+2+3)/3
    expect(out[3]).toBeCloseTo(4 * 0.5 + 2 * 0.5, 10); // k = 0.5
    expect(out[4]).toBeCloseTo(5 * 0.5 + 3 * 0.5, 10);
    expect(out[5]).toBeCloseTo(6 * 0.5 + 4 * 0.5, 10);
  });

  it("matches a hand-computed 50-period value", () => {
    const values = Array.from({ length: 60 }, (_, i) => 100 + i);
    const out = ema(values, 50);
    let expected = values.slice(0, 50).reduce((a, b) => a + b, 0) / 50;
    const k = 2 / 51;
    for (let i = 50; i < 60; i += 1) expected = values[i]! * k + expected * (1 - k);
    expect(out[59]).toBeCloseTo(expected, 10);
    expect(out.filter((v) => v === null)).toHaveLength(49);
  });

  it("answers all null when the series is shorter than the period", () => {
    expect(ema([1, 2], 3)).toEqual([null, null]);
    expect(() => ema([1], 0)).toThrow(RangeError);
  });
});
