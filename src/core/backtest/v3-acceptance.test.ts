import { describe, expect, it } from "vitest";
import { barsFromRows, type DailyBars } from "../market/market-data";
import { tradingDatesEndingAt } from "../test-support/bar-builder";
import { neweyWestT, topDecileMonthlyExcess, v3Acceptance } from "./v3-acceptance";

describe("the Newey-West t", () => {
  it("matches a hand computation", () => {
    // 1..5: mean 3, autocovariances (÷ n) 2, 0.8, −0.2, −0.8; Bartlett weights 3/4, 1/2, 1/4:
    // variance 2 + 2 × (0.6 − 0.1 − 0.2) = 2.6, t = 3 ÷ √(2.6 ÷ 5).
    expect(neweyWestT([1, 2, 3, 4, 5], 3)).toBeCloseTo(3 / Math.sqrt(2.6 / 5), 12);
    // No lags: the ordinary t with the variance divided by n.
    expect(neweyWestT([1, 2, 3, 4, 5], 0)).toBeCloseTo(3 / Math.sqrt(2 / 5), 12);
    // An alternating series is negatively autocorrelated: the lags shrink its variance, so t grows.
    const alternating = [0.03, -0.01, 0.03, -0.01, 0.03, -0.01, 0.03, -0.01];
    expect(neweyWestT(alternating, 1)).toBeGreaterThan(neweyWestT(alternating, 0));
    expect(neweyWestT([1], 3)).toBeNaN();
    expect(neweyWestT([2, 2, 2], 3)).toBeNaN();
  });
});

/** Daily closes on weekdays (open = high = low = close). */
function series(dates: readonly string[], close: (k: number) => number): DailyBars {
  return barsFromRows(dates.map((date, k) => ({ date, open: close(k), high: close(k), low: close(k), close: close(k), volume: 1 })));
}

describe("the top decile's monthly 63-session excess", () => {
  const dates = tradingDatesEndingAt("2026-11-20", 300);
  const benchmark = series(dates, (k) => 100 * 1.001 ** k);
  const top = series(dates, (k) => 100 * 1.002 ** k);
  const rest = series(dates, () => 50);

  it("averages the excess of the stocks rated 90+ on each month's first session", () => {
    const ratings = (value: number) => new Float64Array(dates.length).fill(value);
    const monthly = topDecileMonthlyExcess(
      [
        { bars: top, ratings: ratings(95) },
        { bars: rest, ratings: ratings(50) },
      ],
      benchmark,
      dates[0]!,
      dates[dates.length - 1]!,
    );
    const firsts = dates.filter((d, k) => k === 0 || dates[k - 1]!.slice(0, 7) !== d.slice(0, 7));
    const withFuture = firsts.filter((d) => dates.indexOf(d) + 63 < dates.length);
    expect(monthly.map((m) => m.month)).toEqual(withFuture.map((d) => d.slice(0, 7)));
    for (const m of monthly) expect(m.value).toBeCloseTo(1.002 ** 63 - 1.001 ** 63, 12);
    // No stock rated 90+: no month.
    expect(topDecileMonthlyExcess([{ bars: rest, ratings: ratings(89) }], benchmark, dates[0]!, dates[dates.length - 1]!)).toEqual([]);
  });

  it("passes (a) at +1.0% with t ≥ 2, (b) with the interval above 0, (c) above 0", () => {
    const monthly = [0.02, 0.01, 0.015, 0.012, 0.018, 0.011].map((value) => ({ value }));
    const pass = v3Acceptance(monthly, [0.01, 0.2], 0.003);
    expect(pass.top_decile_d63).toBeCloseTo(0.086 / 6, 12);
    expect(pass.newey_west_t).toBeCloseTo(neweyWestT([0.02, 0.01, 0.015, 0.012, 0.018, 0.011], 3), 12);
    expect(pass.months).toBe(6);
    expect(pass.passed).toEqual({ a: true, b: true, c: true });
    const fail = v3Acceptance([0.05, -0.04, 0.03].map((value) => ({ value })), [-0.01, 0.2], -0.001);
    expect(fail.passed).toEqual({ a: false, b: false, c: false });
    expect(v3Acceptance([], [null, null], null).passed).toEqual({ a: false, b: false, c: false });
  });
});
