import type { DailyBars } from "../market/market-data";
import { V3_RULE } from "./method-v3";
import { lowerBound } from "./sorted-search";
import { mean } from "./statistics";

/**
 * The pre-registered acceptance of method v3, computed on the run's own period:
 * (a) the top decile's mean 63-session excess over the benchmark, sampled on the first session of
 *     each month and averaged over months: at least +1.0% with a Newey-West t (3 lags, for the
 *     overlap of 63-session returns sampled monthly) of at least 2;
 * (b) the paired same-session difference in R has a block interval entirely above 0;
 * (c) the beta-adjusted 63-session excess of the BUY setups is above 0.
 */

const ACCEPTANCE = { minTopDecileD63: 0.01, minNeweyWestT: 2, neweyWestLags: 3, horizon: 63 } as const;

export interface V3Acceptance {
  top_decile_d63: number | null;
  newey_west_t: number | null;
  months: number;
  paired_diff_r_ci95: [number | null, number | null];
  beta_adjusted_d63: number | null;
  passed: { a: boolean; b: boolean; c: boolean };
}

/**
 * t of the mean of `values` with a Newey-West (Bartlett-weighted) variance: autocovariances up to
 * `lags` (divided by n), weighted 1 − k ÷ (lags + 1). NaN for fewer than 2 values or no variance.
 */
export function neweyWestT(values: readonly number[], lags: number): number {
  const n = values.length;
  if (n < 2) return Number.NaN;
  const m = values.reduce((sum, v) => sum + v, 0) / n;
  const autocovariance = (k: number): number => {
    let sum = 0;
    for (let t = k; t < n; t++) sum += (values[t]! - m) * (values[t - k]! - m);
    return sum / n;
  };
  let variance = autocovariance(0);
  for (let k = 1; k <= Math.min(lags, n - 1); k++) variance += 2 * (1 - k / (lags + 1)) * autocovariance(k);
  return variance > 0 ? m / Math.sqrt(variance / n) : Number.NaN;
}

export interface RatedSeries {
  bars: DailyBars;
  /** RS ratings aligned with the bars. */
  ratings: Float64Array;
}

/**
 * For each month of [from, to] (its first benchmark session), the mean over the stocks rated in the
 * top 10% that day of their 63-session return minus the benchmark's. Months without such a stock or
 * without 63 sessions of data after them are left out.
 */
export function topDecileMonthlyExcess(universe: readonly RatedSeries[], benchmark: DailyBars, from: string, to: string): { month: string; value: number }[] {
  const out: { month: string; value: number }[] = [];
  const { dates, close } = benchmark;
  for (let b = lowerBound(dates, from); b < dates.length && dates[b]! <= to; b++) {
    if (b > 0 && dates[b - 1]!.slice(0, 7) === dates[b]!.slice(0, 7)) continue;
    const later = b + ACCEPTANCE.horizon;
    if (later >= dates.length) continue;
    const index = close[later]! / close[b]! - 1;
    const excess: number[] = [];
    for (const { bars, ratings } of universe) {
      const i = lowerBound(bars.dates, dates[b]!);
      if (bars.dates[i] !== dates[b] || !(ratings[i]! >= V3_RULE.minRsRating)) continue;
      const j = lowerBound(bars.dates, dates[later]!);
      if (bars.dates[j] !== dates[later]) continue;
      excess.push(bars.close[j]! / bars.close[i]! - 1 - index);
    }
    const value = mean(excess);
    if (Number.isFinite(value)) out.push({ month: dates[b]!.slice(0, 7), value });
  }
  return out;
}

const finite = (value: number): number | null => (Number.isFinite(value) ? value : null);

/** The three tests of the acceptance from their inputs. */
export function v3Acceptance(
  monthly: readonly { value: number }[],
  pairedDiffRCi95: [number | null, number | null],
  betaAdjustedD63: number | null,
): V3Acceptance {
  const values = monthly.map((m) => m.value);
  const top = finite(mean(values));
  const t = finite(neweyWestT(values, ACCEPTANCE.neweyWestLags));
  return {
    top_decile_d63: top,
    newey_west_t: t,
    months: values.length,
    paired_diff_r_ci95: pairedDiffRCi95,
    beta_adjusted_d63: betaAdjustedD63,
    passed: {
      a: top !== null && t !== null && top >= ACCEPTANCE.minTopDecileD63 && t >= ACCEPTANCE.minNeweyWestT,
      b: pairedDiffRCi95[0] !== null && pairedDiffRCi95[0] > 0,
      c: betaAdjustedD63 !== null && betaAdjustedD63 > 0,
    },
  };
}
