/**
 * Small statistics for the back-test: a seeded random generator (so every figure can be re-run to
 * the digit), medians, means and block-bootstrap confidence intervals.
 */

/** mulberry32: a fast 32-bit generator; the same seed gives the same sequence on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Finite values only, as a sorted copy. */
function sortedFinite(values: ArrayLike<number>): Float64Array {
  let count = 0;
  for (let k = 0; k < values.length; k++) if (Number.isFinite(values[k]!)) count++;
  const out = new Float64Array(count);
  let at = 0;
  for (let k = 0; k < values.length; k++) if (Number.isFinite(values[k]!)) out[at++] = values[k]!;
  return out.sort();
}

/** Median of the finite values; NaN when there are none. */
export function median(values: ArrayLike<number>): number {
  const sorted = sortedFinite(values);
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  return n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

/** Mean of the finite values; NaN when there are none. */
export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  let count = 0;
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    if (Number.isFinite(v)) {
      sum += v;
      count++;
    }
  }
  return count > 0 ? sum / count : Number.NaN;
}

/** Share of finite values for which `test` holds; NaN when there are none. */
export function shareWhere(values: ArrayLike<number>, test: (value: number) => boolean): number {
  let hits = 0;
  let count = 0;
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    if (!Number.isFinite(v)) continue;
    count++;
    if (test(v)) hits++;
  }
  return count > 0 ? hits / count : Number.NaN;
}

/** A value with the month ('YYYY-MM') its trade was entered in. */
export interface MonthlyValue {
  month: string;
  value: number;
}

function monthNumber(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

/**
 * Block bootstrap interval of the mean, resampling entry months in (circular) moving blocks of
 * consecutive months (12 by default). Trades that overlap in time are not independent: a good or bad year moves
 * many of them together, which an iid resample ignores and so narrows the interval. The months run
 * from the first trade's to the last's (months without trades included, so calendar time is kept);
 * each resample lays ⌈months ÷ block⌉ blocks starting at random months and takes the mean of the
 * values inside them. Seeded; [NaN, NaN] for fewer than 2 values.
 */
export function blockBootstrapMeanInterval(
  values: readonly MonthlyValue[],
  options: { blockMonths?: number; resamples?: number; level?: number; seed?: number } = {},
): [number, number] {
  const finiteValues = values.filter((v) => Number.isFinite(v.value));
  if (finiteValues.length < 2) return [Number.NaN, Number.NaN];
  const months = finiteValues.map((v) => monthNumber(v.month));
  const first = Math.min(...months);
  const span = Math.max(...months) - first + 1;
  // Prefix sums over the months: a block's sum and count in O(1).
  const sums = new Float64Array(span + 1);
  const counts = new Float64Array(span + 1);
  finiteValues.forEach((v, k) => {
    sums[months[k]! - first + 1]! += v.value;
    counts[months[k]! - first + 1]! += 1;
  });
  for (let m = 1; m <= span; m++) {
    sums[m]! += sums[m - 1]!;
    counts[m]! += counts[m - 1]!;
  }
  const block = Math.min(span, Math.max(1, options.blockMonths ?? 12));
  // Blocks wrap from the last month to the first (circular blocks), so the first and last months
  // are drawn as often as the middle ones and the resampled means centre on the sample's mean.
  const window = (from: number, prefix: Float64Array): number =>
    from + block <= span ? prefix[from + block]! - prefix[from]! : prefix[span]! - prefix[from]! + prefix[from + block - span]!;
  const blocks = Math.ceil(span / block);
  const resamples = options.resamples ?? 2000;
  const level = options.level ?? 0.95;
  const random = seededRandom(options.seed ?? 1);
  const means: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    let count = 0;
    for (let b = 0; b < blocks; b++) {
      const start = Math.floor(random() * span);
      sum += window(start, sums);
      count += window(start, counts);
    }
    // A resample of only empty months has no mean; it is left out rather than counted as zero.
    if (count > 0) means.push(sum / count);
  }
  if (means.length === 0) return [Number.NaN, Number.NaN];
  means.sort((a, b) => a - b);
  const at = (q: number) => means[Math.min(means.length - 1, Math.max(0, Math.round(q * (means.length - 1))))]!;
  return [at((1 - level) / 2), at((1 + level) / 2)];
}
