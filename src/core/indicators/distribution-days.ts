/**
 * Distribution days (docs/method.md, O'Neil): sessions where the index closed down
 * at least `minDrop` (0.002 = 0.2%) from the previous close on higher volume than the previous
 * session.
 */

/**
 * Tolerance on the drop, so a move of exactly minDrop on decimal prices (e.g. 250.00 -> 249.50)
 * counts despite binary rounding: 1e-9 of a price is far below a cent.
 */
const DROP_TOLERANCE = 1e-9;

/**
 * Distribution days among the `sessions` sessions ending at `index` (fewer near the start: the
 * first bar has no previous session and never counts). `lastIndex` is the bar index of the most
 * recent one, -1 when none. An `index` outside the series gives { count: 0, lastIndex: -1 }.
 */
export function distributionDays(
  close: Float64Array,
  volume: Float64Array,
  sessions = 25,
  minDrop = 0.002,
  index = close.length - 1,
): { count: number; lastIndex: number } {
  if (!Number.isInteger(sessions) || sessions < 1) throw new RangeError(`sessions must be a positive integer, got ${sessions}`);
  if (!Number.isInteger(index) || index < 0 || index >= close.length || index >= volume.length) return { count: 0, lastIndex: -1 };
  let count = 0;
  let lastIndex = -1;
  for (let i = Math.max(1, index - sessions + 1); i <= index; i++) {
    if (isDistributionDay(close, volume, i, minDrop)) {
      count++;
      lastIndex = i;
    }
  }
  return { count, lastIndex };
}

/**
 * Whether session `i` is a distribution day: a close at least `minDrop` under the previous close on
 * higher volume than the previous session. False for the first bar, an index outside the series and
 * a non-positive previous close (no drop can be measured).
 */
export function isDistributionDay(close: Float64Array, volume: Float64Array, i: number, minDrop = 0.002): boolean {
  if (!(i >= 1 && i < close.length && i < volume.length)) return false;
  const previous = close[i - 1]!;
  if (!(previous > 0)) return false;
  const drop = (previous - close[i]!) / previous;
  return drop >= minDrop - DROP_TOLERANCE && volume[i]! > volume[i - 1]!;
}
