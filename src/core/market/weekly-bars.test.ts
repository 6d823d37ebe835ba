import { describe, expect, it } from "vitest";
import type { BarRow } from "./market-data";
import { isoWeekKey, weeklyBars } from "./weekly-bars";

const bar = (date: string, open: number, high: number, low: number, close: number, volume: number): BarRow => ({ date, open, high, low, close, volume });

describe("isoWeekKey", () => {
  it("puts the days around a new year in the ISO week of their Thursday", () => {
    expect(isoWeekKey("2024-12-30")).toBe("2025-W01");
    expect(isoWeekKey("2025-01-03")).toBe("2025-W01");
    expect(isoWeekKey("2021-01-01")).toBe("2020-W53");
    expect(isoWeekKey("2025-06-15")).toBe("2025-W24"); // a Sunday ends its week
    expect(isoWeekKey("2025-06-16")).toBe("2025-W25");
  });
});

describe("weeklyBars", () => {
  it("takes the first open, the highest high, the lowest low, the last close and the summed volume, dated by the last session", () => {
    const weeks = weeklyBars([
      bar("2025-06-09", 10, 11, 9, 10.5, 100),
      bar("2025-06-10", 10.5, 13, 10, 12, 200),
      bar("2025-06-12", 12, 12.5, 8, 9, 300), // Thursday; Friday missing (holiday)
      bar("2025-06-16", 9, 10, 8.5, 9.5, 50),
      bar("2025-06-17", 9.5, 9.8, 9.1, 9.7, 70),
    ]);
    expect(weeks).toEqual([bar("2025-06-12", 10, 13, 8, 9, 600), bar("2025-06-17", 9, 10, 8.5, 9.7, 120)]);
  });

  it("splits a year-end week by ISO week, not by calendar year, and leaves the input alone", () => {
    const input = [bar("2024-12-30", 1, 2, 0.5, 1.5, 10), bar("2025-01-02", 1.5, 3, 1, 2.5, 20), bar("2025-01-06", 2.5, 2.6, 2, 2.2, 5)];
    const copy = structuredClone(input);
    expect(weeklyBars(input).map((w) => [w.date, w.volume])).toEqual([
      ["2025-01-02", 30],
      ["2025-01-06", 5],
    ]);
    expect(input).toEqual(copy);
    expect(weeklyBars([])).toEqual([]);
  });
});
