/**
 * Direction of a series (e.g. 'the 200-day average rising for at least 21 sessions', Trend Template criterion 3).
 */

/**
 * True when series[index] > series[index - sessions], both being numbers. False when there is not
 * enough history, `index` is outside the series, or either value is NaN (the seed period of an EMA).
 */
export function isRising(series: Float64Array, sessions: number, index = series.length - 1): boolean {
  if (!Number.isInteger(sessions) || sessions < 1) throw new RangeError(`sessions must be a positive integer, got ${sessions}`);
  if (!Number.isInteger(index) || index >= series.length || index - sessions < 0) return false;
  return series[index]! > series[index - sessions]!;
}
