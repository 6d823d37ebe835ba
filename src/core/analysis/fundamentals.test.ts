import { describe, expect, it } from "vitest";
import { DEFAULT_ANALYSIS_CONFIG as config } from "./analysis-config";
import { analyzeFundamentals } from "./fundamentals";

const quarters = (eps: number[]) => ({
  quarterlyEps: eps.map((value, k) => ({ periodEnd: `q${String(k).padStart(2, "0")}`, eps: value })),
  annualEps: [],
  ownership: null,
});

describe("fundamentals", () => {
  it("computes year-over-year growth of the last 3 quarters as fractions, newest first", () => {
    const f = analyzeFundamentals(quarters([1, 1, 1, 1, 1.1, 1.2, 1.4]), config);
    expect(f.growth.map((g) => Number(g.toFixed(6)))).toEqual([0.4, 0.2, 0.1]);
    expect(f.quarterTrend).toBe("Accelerating");
    expect(f.passesCurrentQuarterRule).toBe(true);
  });

  it("decelerating growth and a current quarter under 20%", () => {
    const f = analyzeFundamentals(quarters([1, 1, 1, 1, 1.5, 1.3, 1.1]), config);
    expect(f.quarterTrend).toBe("Decelerating");
    expect(f.passesCurrentQuarterRule).toBe(false);
  });

  it("a year-ago loss gives no growth figure rather than a meaningless one", () => {
    const f = analyzeFundamentals(quarters([-0.2, 1, 1, 1, 0.5, 1.3, 1.4, 1.5]), config);
    expect(f.quarters.map((q) => q.growth === null)).toEqual([false, false, false]);
    const g = analyzeFundamentals(quarters([1, 1, 1, -0.2, 1.2, 1.3, 1.4, 0.5]), config);
    expect(g.quarters[0]!.growth).toBeNull();
    expect(g.growth).toHaveLength(2);
  });

  it("annual growth is the compound rate over the annual figures", () => {
    const f = analyzeFundamentals(
      { quarterlyEps: [], annualEps: [{ fiscalYear: 2025, eps: 4 }, { fiscalYear: 2023, eps: 1 }, { fiscalYear: 2024, eps: 2 }], ownership: null },
      config,
    );
    expect(f.annualGrowth).toBeCloseTo(1, 10);
  });

  it("institutional trend from holders, else shares: increasing, decreasing, stable (±2%)", () => {
    const own = (holders: number, before: number) =>
      analyzeFundamentals({ quarterlyEps: [], annualEps: [], ownership: { percentHeld: 0.5, holders, holdersPreviousQuarter: before, shares: null, sharesPreviousQuarter: null } }, config).ownershipTrend;
    expect(own(1050, 1000)).toBe("Increasing");
    expect(own(950, 1000)).toBe("Decreasing");
    expect(own(1010, 1000)).toBe("Stable");
  });

  it("no data: everything null, nothing invented", () => {
    const f = analyzeFundamentals(null, config);
    expect(f).toMatchObject({ growth: [], currentQuarterGrowth: null, annualGrowth: null, ownershipPercent: null, ownershipTrend: null });
  });
});
