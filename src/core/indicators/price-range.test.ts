import { describe, it, expect } from "vitest";
import { fiftyTwoWeekRange, highestHigh, lowestLow } from "./price-range";

describe("highestHigh and lowestLow", () => {
  const high = Float64Array.from([5, 9, 7, 6, 8]);
  const low = Float64Array.from([3, 1, 4, 2, 5]);

  it("include today in the window", () => {
    expect(highestHigh(high, 2)).toBe(8);
    expect(highestHigh(high, 4)).toBe(9);
    expect(lowestLow(low, 1)).toBe(5);
    expect(lowestLow(low, 2)).toBe(2);
    expect(highestHigh(high, 2, 2)).toBe(9);
    expect(lowestLow(low, 2, 2)).toBe(1);
  });

  it("use the bars that exist when the window reaches before the series", () => {
    expect(highestHigh(high, 100)).toBe(9);
    expect(lowestLow(low, 100, 0)).toBe(3);
  });

  it("skip NaN entries and are NaN for an empty window or an index outside the series", () => {
    expect(highestHigh(Float64Array.from([5, NaN, 4]), 3)).toBe(5);
    expect(lowestLow(Float64Array.from([NaN, NaN]), 2)).toBeNaN();
    expect(highestHigh(high, 2, 5)).toBeNaN();
    expect(lowestLow(new Float64Array(0), 10)).toBeNaN();
    expect(() => highestHigh(high, 0)).toThrow(RangeError);
  });
});

describe("fiftyTwoWeekRange", () => {
  it("covers the last 252 sessions by default", () => {
    const high = new Float64Array(300).fill(10);
    const low = new Float64Array(300).fill(9);
    high[40] = 50; // 260 sessions ago: outside the window
    low[40] = 1;
    high[100] = 20; // inside
    low[299] = 5; // today, inside
    expect(fiftyTwoWeekRange(high, low)).toEqual({ high: 20, low: 5 });
    expect(fiftyTwoWeekRange(high, low, 299, 260)).toEqual({ high: 50, low: 1 });
    expect(fiftyTwoWeekRange(high, low, 100)).toEqual({ high: 50, low: 1 });
  });
});
