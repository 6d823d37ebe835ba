/**
 * Moving averages over a column of values (oldest first). Outputs have the input's length and are
 * NaN where the average is not defined yet, so index i of the output lines up with bar i.
 */

function assertPeriod(period: number): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`period must be a positive integer, got ${period}`);
}

/**
 * Simple moving average: out[i] = mean of values[i-period+1 .. i]; NaN for i < period-1 and for any
 * window that contains a NaN. A running sum, re-summed from scratch every `period` bars so rounding
 * never drifts beyond one window's worth. O(n), one allocation (the output).
 */
export function sma(values: Float64Array, period: number): Float64Array {
  assertPeriod(period);
  const n = values.length;
  const out = new Float64Array(n);
  out.fill(NaN, 0, Math.min(n, period - 1));
  let sum = 0;
  let nans = 0;
  for (let i = period - 1; i < n; i++) {
    if ((i - period + 1) % period === 0) {
      sum = 0;
      nans = 0;
      for (let j = i - period + 1; j <= i; j++) {
        const v = values[j]!;
        if (v !== v) nans++;
        else sum += v;
      }
    } else {
      const added = values[i]!;
      const dropped = values[i - period]!;
      if (added !== added) nans++;
      else sum += added;
      if (dropped !== dropped) nans--;
      else sum -= dropped;
    }
    out[i] = nans === 0 ? sum / period : NaN;
  }
  return out;
}

/**
 * Exponential moving average (docs/method.md): seeded at index period-1 with the SMA of the
 * first `period` values, then `ema = v*k + ema*(1-k)` with `k = 2/(period+1)`; NaN before the seed
 * (all NaN when the series is shorter than `period`). After the seed this is pandas
 * `ewm(span=period, adjust=False)` and TA-Lib's EMA. One pass, no allocation beyond the output.
 * A NaN input makes every later value NaN (the recursion cannot skip a missing close): clean first.
 */
export function ema(values: Float64Array, period: number): Float64Array {
  assertPeriod(period);
  const n = values.length;
  const out = new Float64Array(n);
  if (n < period) {
    out.fill(NaN);
    return out;
  }
  out.fill(NaN, 0, period - 1);
  let seed = 0;
  for (let i = 0; i < period; i++) seed += values[i]!;
  let prev = seed / period;
  out[period - 1] = prev;
  const k = 2 / (period + 1);
  const keep = 1 - k;
  for (let i = period; i < n; i++) {
    prev = values[i]! * k + prev * keep;
    out[i] = prev;
  }
  return out;
}
