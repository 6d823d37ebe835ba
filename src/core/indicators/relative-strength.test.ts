import { describe, it, expect } from "vitest";
import { periodReturn, relativeStrengthScore, rsRating, rsRatingVsBenchmark } from "./relative-strength";
import { DEFAULT_ANALYSIS_CONFIG } from "../analysis/analysis-config";

const growth = (length: number, rate: number) => Float64Array.from({ length }, (_, i) => 100 * (1 + rate) ** i);

describe("periodReturn", () => {
  const close = Float64Array.from([100, 110, 121, 90]);

  it("is close[index] / close[index - sessions] - 1", () => {
    expect(periodReturn(close, 1, 1)).toBeCloseTo(0.1, 15);
    expect(periodReturn(close, 3)).toBeCloseTo(-0.1, 15);
    expect(periodReturn(close, 2, 2)).toBeCloseTo(0.21, 15);
  });

  it("is NaN without enough history, outside the series, or on a non-positive base", () => {
    expect(periodReturn(close, 4)).toBeNaN();
    expect(periodReturn(close, 1, 0)).toBeNaN();
    expect(periodReturn(close, 1, 4)).toBeNaN();
    expect(periodReturn(Float64Array.from([0, 5]), 1)).toBeNaN();
    expect(() => periodReturn(close, 0)).toThrow(RangeError);
  });
});

describe("relativeStrengthScore", () => {
  it("weights the 63/126/189/252-session returns 0.4/0.2/0.2/0.2", () => {
    const close = growth(300, 0.001);
    const r = (n: number) => 1.001 ** n - 1;
    const expected = 0.4 * r(63) + 0.2 * r(126) + 0.2 * r(189) + 0.2 * r(252);
    expect(relativeStrengthScore(close)).toBeCloseTo(expected, 12);
    expect(relativeStrengthScore(close, 252)).toBeCloseTo(expected, 12);
  });

  it("needs 253 closes", () => {
    expect(relativeStrengthScore(growth(252, 0.001))).toBeNaN();
    expect(relativeStrengthScore(growth(253, 0.001))).not.toBeNaN();
    expect(relativeStrengthScore(growth(300, 0.001), 251)).toBeNaN();
  });

  it("accepts the config's weighting", () => {
    const close = growth(300, 0.002);
    expect(relativeStrengthScore(close, 299, DEFAULT_ANALYSIS_CONFIG.relativeStrength)).toBe(relativeStrengthScore(close));
    expect(relativeStrengthScore(close, 299, { weights: [1], periods: [10] })).toBeCloseTo(1.002 ** 10 - 1, 12);
  });
});

describe("rsRating", () => {
  const universe = Array.from({ length: 100 }, (_, i) => i / 100);

  it("is the percentile of the score among the universe, 1 to 99", () => {
    expect(rsRating(0.495, universe)).toBe(50); // 50 of 100 strictly below: 0.5 * 98 + 1
    expect(rsRating(5, universe)).toBe(99);
    expect(rsRating(-5, universe)).toBe(1);
    expect(rsRating(0, universe)).toBe(1);
    expect(rsRating(0.99, universe)).toBe(98); // the strongest member itself: 99 of 100 below
  });

  it("ignores NaN entries and is NaN without a valid score", () => {
    expect(rsRating(0.5, [NaN, 0.1, NaN, 0.9])).toBe(50);
    expect(rsRating(0.5, Float64Array.from([NaN, NaN]))).toBeNaN();
    expect(rsRating(0.5, [])).toBeNaN();
    expect(rsRating(NaN, universe)).toBeNaN();
  });
});

describe("rsRatingVsBenchmark", () => {
  it("maps the score difference to 50 + 100 * difference, clamped to 1..99", () => {
    expect(rsRatingVsBenchmark(0.1, 0.1)).toBe(50);
    expect(rsRatingVsBenchmark(0.3, 0.1)).toBe(70);
    expect(rsRatingVsBenchmark(0, 0.1)).toBe(40);
    expect(rsRatingVsBenchmark(3, 0)).toBe(99);
    expect(rsRatingVsBenchmark(-3, 0)).toBe(1);
    expect(rsRatingVsBenchmark(NaN, 0)).toBeNaN();
    expect(rsRatingVsBenchmark(0, NaN)).toBeNaN();
  });

  it("is monotone in the score", () => {
    let previous = 0;
    for (let score = -1; score <= 1; score += 0.001) {
      const rating = rsRatingVsBenchmark(score, 0.05);
      expect(rating).toBeGreaterThanOrEqual(previous);
      previous = rating;
    }
  });
});
