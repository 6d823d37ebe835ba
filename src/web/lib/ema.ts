/**
 * Exponential moving average of `values` (oldest first), as the engine computes it: seeded at index
 * period-1 with the simple average of the first `period` values, then ema = v·k + ema·(1-k) with
 * k = 2/(period+1). The output lines up with the input; null before the seed (all null when there are
 * fewer than `period` values).
 */
export function ema(values: readonly number[], period: number): (number | null)[] {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`period must be a positive integer, got ${String(period)}`);
  const out: (number | null)[] = values.map(() => null);
  if (values.length < period) return out;
  let sum = 0;
  for (let i = 0; i < period; i += 1) sum += values[i] ?? 0;
  let previous = sum / period;
  out[period - 1] = previous;
  const k = 2 / (period + 1);
  for (let i = period; i < values.length; i += 1) {
    previous = (values[i] ?? previous) * k + previous * (1 - k);
    out[i] = previous;
  }
  return out;
}
