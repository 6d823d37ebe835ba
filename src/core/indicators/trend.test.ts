import { describe, it, expect } from "vitest";
import { isRising } from "./trend";

describe("isRising", () => {
  const series = Float64Array.from([NaN, 1, 2, 1.5, 3]);

  it("compares the value with the one `sessions` ago", () => {
    expect(isRising(series, 1)).toBe(true);
    expect(isRising(series, 1, 3)).toBe(false);
    expect(isRising(series, 2, 3)).toBe(true);
    expect(isRising(series, 3)).toBe(true);
    expect(isRising(Float64Array.from([2, 2]), 1)).toBe(false);
  });

  it("is false without enough history or across a NaN", () => {
    expect(isRising(series, 4)).toBe(false); // series[0] is NaN
    expect(isRising(series, 5)).toBe(false);
    expect(isRising(series, 1, 5)).toBe(false);
    expect(isRising(new Float64Array(0), 1)).toBe(false);
  });
});
