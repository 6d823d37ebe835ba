/**
 * Volume measures (docs/method.md: 50-day average volume and volume ratio).
 */
import { sma } from "./moving-average";

/** Average volume over `period` sessions, today included: the SMA of the volume column. */
export function averageVolume(volume: Float64Array, period = 50): Float64Array {
  return sma(volume, period);
}

/**
 * Today's volume relative to normal: volume[index] divided by the average of the `period` sessions
 * BEFORE `index` (today excluded, so a breakout day's own volume does not inflate the average it is
 * judged against; this is why it is not volume / averageVolume on the same bar). 1.5 means 50% above
 * average. Returns NaN (never throws) when there are fewer than `period` earlier sessions, `index` is
 * outside the series, the window has a NaN, or the average is 0 (no trading: a ratio is undefined).
 * A zero-volume day on a normal average gives 0.
 */
export function volumeRatio(volume: Float64Array, period = 50, index = volume.length - 1): number {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`period must be a positive integer, got ${period}`);
  if (!Number.isInteger(index) || index < period || index >= volume.length) return NaN;
  let sum = 0;
  for (let j = index - period; j < index; j++) sum += volume[j]!;
  const average = sum / period;
  if (!(average > 0)) return NaN;
  return volume[index]! / average;
}
