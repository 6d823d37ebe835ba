import { describe, it, expect } from "vitest";
import { distributionDays, isDistributionDay } from "./distribution-days";

/** Builds closes from daily percentage changes, starting at 100. */
function closesFrom(changes: number[]): Float64Array {
  const close = new Float64Array(changes.length + 1);
  close[0] = 100;
  for (let i = 0; i < changes.length; i++) close[i + 1] = close[i]! * (1 + changes[i]! / 100);
  return close;
}

describe("distributionDays", () => {
  it("counts a -0.3% day on higher volume", () => {
    expect(distributionDays(closesFrom([-0.3]), Float64Array.from([1000, 1200]))).toEqual({ count: 1, lastIndex: 1 });
  });

  it("ignores a -0.1% day on higher volume", () => {
    expect(distributionDays(closesFrom([-0.1]), Float64Array.from([1000, 1200]))).toEqual({ count: 0, lastIndex: -1 });
  });

  it("ignores a -0.3% day on lower or equal volume", () => {
    expect(distributionDays(closesFrom([-0.3]), Float64Array.from([1000, 800]))).toEqual({ count: 0, lastIndex: -1 });
    expect(distributionDays(closesFrom([-0.3]), Float64Array.from([1000, 1000]))).toEqual({ count: 0, lastIndex: -1 });
  });

  it("counts a drop of exactly 0.2% on decimal prices", () => {
    expect(distributionDays(Float64Array.from([250, 249.5]), Float64Array.from([1, 2]))).toEqual({ count: 1, lastIndex: 1 });
    expect(distributionDays(Float64Array.from([100, 99.8]), Float64Array.from([1, 2]))).toEqual({ count: 1, lastIndex: 1 });
    expect(distributionDays(Float64Array.from([100, 99.81]), Float64Array.from([1, 2]))).toEqual({ count: 0, lastIndex: -1 });
  });

  it("looks only at the last `sessions` sessions and reports the latest one", () => {
    // Distribution days at bars 1, 3 and 5; gains elsewhere; volume rising every day.
    const close = closesFrom([-0.5, 0.4, -0.5, 0.4, -0.5, 0.4, 0.4]);
    const volume = Float64Array.from({ length: close.length }, (_, i) => 1000 + i * 10);
    expect(distributionDays(close, volume)).toEqual({ count: 3, lastIndex: 5 });
    expect(distributionDays(close, volume, 2)).toEqual({ count: 0, lastIndex: -1 }); // bars 6-7
    expect(distributionDays(close, volume, 3)).toEqual({ count: 1, lastIndex: 5 }); // bars 5-7
    expect(distributionDays(close, volume, 5)).toEqual({ count: 2, lastIndex: 5 }); // bars 3-7
    expect(distributionDays(close, volume, 25, 0.002, 4)).toEqual({ count: 2, lastIndex: 3 });
    expect(distributionDays(close, volume, 25, 0.006)).toEqual({ count: 0, lastIndex: -1 });
  });

  it("returns no distribution day for an empty series or an index outside it", () => {
    expect(distributionDays(new Float64Array(0), new Float64Array(0))).toEqual({ count: 0, lastIndex: -1 });
    expect(distributionDays(closesFrom([-1]), Float64Array.from([1, 2]), 25, 0.002, 5)).toEqual({ count: 0, lastIndex: -1 });
  });

  it("isDistributionDay judges one session by the same rule", () => {
    const close = Float64Array.from([250, 249.5, 249.4, 248, 250]);
    const volume = Float64Array.from([1, 2, 3, 2, 3]);
    expect([0, 1, 2, 3, 4].map((i) => isDistributionDay(close, volume, i))).toEqual([false, true, false, false, false]);
    expect(isDistributionDay(close, Float64Array.from([1, 2, 3, 4, 5]), 3)).toBe(true);
    expect(isDistributionDay(close, volume, 5)).toBe(false);
    expect(isDistributionDay(close, volume, -1)).toBe(false);
  });
});
