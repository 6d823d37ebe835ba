import type { DailyBars } from "../market/market-data";

/** The benchmark's bars with each date's session index, as the walk-forward holds it. */
interface Benchmark {
  bars: DailyBars;
  indexByDate: ReadonlyMap<string, number>;
}

/** Fewest daily return pairs a beta is computed from (a stock new to the data has none yet). */
const MIN_PAIRS = 200;

/**
 * Beta of the stock to the benchmark over the `sessions` daily returns ending at session `i`
 * (causal: nothing after `i`), on the dates both have. NaN with too few pairs or a flat benchmark.
 */
export function trailingBeta(bars: DailyBars, benchmark: Benchmark, i: number, sessions = 252): number {
  let n = 0;
  let sumS = 0;
  let sumB = 0;
  let sumSB = 0;
  let sumBB = 0;
  for (let k = Math.max(1, i - sessions + 1); k <= i; k++) {
    const b = benchmark.indexByDate.get(bars.dates[k]!);
    const bPrevious = benchmark.indexByDate.get(bars.dates[k - 1]!);
    if (b === undefined || bPrevious === undefined) continue;
    const s = bars.close[k]! / bars.close[k - 1]! - 1;
    const m = benchmark.bars.close[b]! / benchmark.bars.close[bPrevious]! - 1;
    if (!Number.isFinite(s) || !Number.isFinite(m)) continue;
    n++;
    sumS += s;
    sumB += m;
    sumSB += s * m;
    sumBB += m * m;
  }
  if (n < MIN_PAIRS) return Number.NaN;
  const variance = sumBB - (sumB * sumB) / n;
  return variance > 0 ? (sumSB - (sumS * sumB) / n) / variance : Number.NaN;
}

/**
 * The stock's return over `horizon` sessions after `i` minus its trailing beta times the
 * benchmark's: the part of the excess that taking more market risk does not explain. NaN past the
 * data or without a beta.
 */
export function betaAdjustedExcess(bars: DailyBars, benchmark: Benchmark, i: number, horizon: number): number {
  const j = i + horizon;
  if (j >= bars.close.length) return Number.NaN;
  const from = benchmark.indexByDate.get(bars.dates[i]!);
  const to = benchmark.indexByDate.get(bars.dates[j]!);
  if (from === undefined || to === undefined) return Number.NaN;
  const beta = trailingBeta(bars, benchmark, i);
  const stock = bars.close[j]! / bars.close[i]! - 1;
  const index = benchmark.bars.close[to]! / benchmark.bars.close[from]! - 1;
  return stock - beta * index;
}
