import { describe, expect, it } from "vitest";
import { blockBootstrapMeanInterval, mean, median, seededRandom, shareWhere, type MonthlyValue } from "./statistics";

describe("median and mean", () => {
  it("median of odd and even counts, ignoring non-finite values", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median(Float64Array.from([4, 1, 3, 2]))).toBe(2.5);
    expect(median([5, Number.NaN, -1, Number.POSITIVE_INFINITY, 1])).toBe(1);
    expect(median([-0.2, 0.1])).toBeCloseTo(-0.05, 15);
    expect(median([])).toBeNaN();
    expect(median([Number.NaN])).toBeNaN();
  });

  it("mean ignoring non-finite values", () => {
    expect(mean([1, 2, 3, 10])).toBe(4);
    expect(mean([1, Number.NaN, 3, Number.NEGATIVE_INFINITY])).toBe(2);
    expect(mean([])).toBeNaN();
  });

  it("share of finite values passing a test", () => {
    expect(shareWhere([1, -1, 2, Number.NaN], (v) => v > 0)).toBeCloseTo(2 / 3, 15);
    expect(shareWhere([Number.NaN], (v) => v > 0)).toBeNaN();
  });
});

describe("seeded random", () => {
  it("the same seed gives the same sequence in [0, 1)", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const other = seededRandom(43);
    const first = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(first);
    expect(Array.from({ length: 100 }, () => other())).not.toEqual(first);
    expect(first.every((v) => v >= 0 && v < 1)).toBe(true);
  });
});

/** The trade-by-trade (iid) percentile bootstrap, only to show what the block resampling corrects. */
function iidMeanInterval(values: readonly number[], seed: number): [number, number] {
  const random = seededRandom(seed);
  const means = Array.from({ length: 2000 }, () => mean(values.map(() => values[Math.floor(random() * values.length)]!))).sort((a, b) => a - b);
  return [means[Math.round(0.025 * 1999)]!, means[Math.round(0.975 * 1999)]!];
}

describe("block bootstrap over entry months", () => {
  const monthOf = (k: number) => `${2005 + Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, "0")}`;
  // Ten years, three trades a month; the monthly level drifts slowly (good and bad years), so
  // trades of nearby months move together.
  const random = seededRandom(5);
  const autocorrelated: MonthlyValue[] = [];
  let level = 0;
  for (let k = 0; k < 120; k++) {
    level = 0.95 * level + 0.3 * (random() - 0.5);
    for (let t = 0; t < 3; t++) autocorrelated.push({ month: monthOf(k), value: level + 0.2 * (random() - 0.5) });
  }

  it("is deterministic for a seed", () => {
    const interval = blockBootstrapMeanInterval(autocorrelated, { seed: 9 });
    expect(blockBootstrapMeanInterval(autocorrelated, { seed: 9 })).toEqual(interval);
    expect(blockBootstrapMeanInterval(autocorrelated, { seed: 10 })).not.toEqual(interval);
    expect(interval[0]).toBeLessThan(mean(autocorrelated.map((v) => v.value)));
    expect(interval[1]).toBeGreaterThan(mean(autocorrelated.map((v) => v.value)));
  });

  it("is wider than the iid interval when nearby months move together", () => {
    const [blo, bhi] = blockBootstrapMeanInterval(autocorrelated, { seed: 9 });
    const [lo, hi] = iidMeanInterval(autocorrelated.map((v) => v.value), 9);
    expect(bhi - blo).toBeGreaterThan(1.5 * (hi - lo));
  });

  it("equals the mean for constant data, and is [NaN, NaN] for fewer than two values", () => {
    const constant = Array.from({ length: 40 }, (_, k) => ({ month: monthOf(k * 2), value: 0.25 }));
    expect(blockBootstrapMeanInterval(constant, { seed: 1 })).toEqual([0.25, 0.25]);
    expect(blockBootstrapMeanInterval([{ month: "2010-01", value: 1 }])).toEqual([Number.NaN, Number.NaN]);
  });
});
