/**
 * Volatility measures from high/low/close columns (oldest first, equal lengths).
 */

function assertPeriod(period: number): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`period must be a positive integer, got ${period}`);
}

/**
 * Wilder's Average True Range. True range TR = max(h-l, |h-prevClose|, |l-prevClose|), and h-l for
 * the first bar (no previous close). The first ATR, at index period-1, is the mean of the first
 * `period` TRs; then `atr = (prev*(period-1) + tr) / period`. NaN before index period-1 (all NaN
 * when the series is shorter). This is StockCharts' convention (cs-atr.csv); TA-Lib's ATR starts
 * one bar later because its TR needs a previous close. `period = 1` gives the TR series itself.
 */
export function atr(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  assertPeriod(period);
  const n = close.length;
  if (high.length !== n || low.length !== n) throw new RangeError("high, low and close must have the same length");
  const out = new Float64Array(n);
  if (n < period) {
    out.fill(NaN);
    return out;
  }
  out.fill(NaN, 0, period - 1);
  let sum = high[0]! - low[0]!;
  for (let i = 1; i < period; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const pc = close[i - 1]!;
    sum += Math.max(h - l, Math.abs(h - pc), Math.abs(l - pc));
  }
  let prev = sum / period;
  out[period - 1] = prev;
  const carry = period - 1;
  for (let i = period; i < n; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const pc = close[i - 1]!;
    prev = (prev * carry + Math.max(h - l, Math.abs(h - pc), Math.abs(l - pc))) / period;
    out[i] = prev;
  }
  return out;
}

/**
 * ATR as a percentage of the same bar's close (2.5 means 2.5%): 100 * atr[i] / close[i]. NaN where
 * the ATR is NaN. One allocation (the ATR array, scaled in place).
 */
export function averageTrueRangePercent(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const out = atr(high, low, close, period);
  for (let i = 0; i < out.length; i++) out[i] = (100 * out[i]!) / close[i]!;
  return out;
}

/**
 * One session's range as a percentage of its close (2.5 means 2.5%): 100 * (high - low) / close.
 * NaN when `index` is outside the series or the close is not positive.
 */
export function dailyRangePercent(high: Float64Array, low: Float64Array, close: Float64Array, index = close.length - 1): number {
  if (!Number.isInteger(index) || index < 0 || index >= close.length) return NaN;
  const c = close[index]!;
  if (!(c > 0)) return NaN;
  return (100 * (high[index]! - low[index]!)) / c;
}
