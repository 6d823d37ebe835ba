/**
 * Highs and lows over a trailing window (docs/method.md: 52-week high/low over 252 sessions).
 * Windows include `index` itself; near the start of the series they use the bars that exist.
 * NaN entries are skipped; a window with no number, or an `index` outside the series, gives NaN.
 */

function assertWindow(window: number): void {
  if (!Number.isInteger(window) || window < 1) throw new RangeError(`window must be a positive integer, got ${window}`);
}

/** Highest value of high[index-window+1 .. index]. */
export function highestHigh(high: Float64Array, window: number, index = high.length - 1): number {
  assertWindow(window);
  if (!Number.isInteger(index) || index < 0 || index >= high.length) return NaN;
  let best = -Infinity;
  for (let j = Math.max(0, index - window + 1); j <= index; j++) {
    const v = high[j]!;
    if (v > best) best = v;
  }
  return best === -Infinity ? NaN : best;
}

/** Lowest value of low[index-window+1 .. index]. */
export function lowestLow(low: Float64Array, window: number, index = low.length - 1): number {
  assertWindow(window);
  if (!Number.isInteger(index) || index < 0 || index >= low.length) return NaN;
  let best = Infinity;
  for (let j = Math.max(0, index - window + 1); j <= index; j++) {
    const v = low[j]!;
    if (v < best) best = v;
  }
  return best === Infinity ? NaN : best;
}

/** 52-week high and low at `index`: highest high and lowest low of the last `window` sessions. */
export function fiftyTwoWeekRange(high: Float64Array, low: Float64Array, index = high.length - 1, window = 252): { high: number; low: number } {
  return { high: highestHigh(high, window, index), low: lowestLow(low, window, index) };
}
