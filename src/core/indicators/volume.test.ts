import { describe, it, expect } from "vitest";
import { averageVolume, volumeRatio } from "./volume";
import { sma } from "./moving-average";

describe("averageVolume", () => {
  it("is the SMA of volume, 50 sessions by default, today included", () => {
    const volume = Float64Array.from({ length: 120 }, (_, i) => 1_000_000 + i * 1000);
    expect(Array.from(averageVolume(volume))).toEqual(Array.from(sma(volume, 50)));
    expect(averageVolume(volume, 10)[9]).toBe(1_004_500);
  });
});

describe("volumeRatio", () => {
  it("divides today's volume by the average of the sessions before today", () => {
    const volume = new Float64Array(51).fill(100);
    volume[50] = 300;
    // Today excluded from the average: 300 / 100. (Including it would give 300 / 104.)
    expect(volumeRatio(volume)).toBe(3);
    expect(volumeRatio(volume, 50, 50)).toBe(3);
    expect(volumeRatio(Float64Array.from([10, 20, 30, 60]), 3)).toBe(3);
    expect(volumeRatio(Float64Array.from([10, 20, 30, 60]), 2, 2)).toBe(2);
  });

  it("is NaN without `period` earlier sessions or outside the series", () => {
    const volume = new Float64Array(50).fill(100);
    expect(volumeRatio(volume)).toBeNaN();
    expect(volumeRatio(volume, 10, 9)).toBeNaN();
    expect(volumeRatio(volume, 10, 10)).toBe(1);
    expect(volumeRatio(volume, 10, 50)).toBeNaN();
    expect(volumeRatio(new Float64Array(0))).toBeNaN();
  });

  it("handles zero volume without throwing: NaN on a zero average, 0 on a zero-volume day", () => {
    expect(volumeRatio(new Float64Array(60))).toBeNaN();
    const volume = new Float64Array(60).fill(100);
    volume[59] = 0;
    expect(volumeRatio(volume)).toBe(0);
    const zeroAverage = new Float64Array(60);
    zeroAverage[59] = 500;
    expect(volumeRatio(zeroAverage)).toBeNaN();
  });

  it("is NaN when the average window holds a NaN", () => {
    const volume = new Float64Array(60).fill(100);
    volume[30] = NaN;
    expect(volumeRatio(volume)).toBeNaN();
  });
});
