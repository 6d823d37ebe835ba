/** A point of a line over dates (YYYY-MM-DD). */
export interface DatedValue {
  date: string;
  value: number;
}

/**
 * The relative-strength line: the stock's close divided by the benchmark's close on the same date,
 * for the dates both have (oldest first). Its level means nothing; its direction is the stock's
 * performance against the market. Non-positive or missing benchmark closes give no point.
 */
export function rsLine(stock: readonly { date: string; close: number }[], benchmark: readonly { date: string; close: number }[]): DatedValue[] {
  const closes = new Map(benchmark.map((bar) => [bar.date, bar.close]));
  const line: DatedValue[] = [];
  for (const bar of stock) {
    const base = closes.get(bar.date);
    if (base === undefined || !(base > 0) || !Number.isFinite(bar.close)) continue;
    line.push({ date: bar.date, value: bar.close / base });
  }
  return line;
}

/**
 * Indexes where the line closes above every one of its previous `lookback` points (a new high over a
 * year of daily points with 252, of weekly ones with 52). The first `lookback` points have too little
 * history to say, so they are never new highs.
 */
export function rsNewHighs(line: readonly DatedValue[], lookback = 252): number[] {
  const highs: number[] = [];
  for (let i = lookback; i < line.length; i++) {
    let prior = -Infinity;
    for (let k = i - lookback; k < i; k++) prior = Math.max(prior, line[k]!.value);
    if (line[i]!.value > prior) highs.push(i);
  }
  return highs;
}
