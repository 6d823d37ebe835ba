import type { DailyBars } from "../market/market-data";

/**
 * An equal-weighted index of a universe, as the market yardstick of a back-test when no index
 * series covers its years. The calendar is the union of every series' dates. A session's return is
 * the mean close-to-close return (adjusted closes) of the stocks that trade both that session and the
 * union's previous one; a stock whose own series skips a day has no return across the gap, so the
 * index neither invents nor double-counts it. A session where no stock has a return keeps the level.
 * The level starts at 100.
 *
 * Open, high and low are the level times the mean of each contributing stock's open/close,
 * high/close and low/close of that day, so high >= close >= low holds whenever it holds for the
 * stocks. On a session without returns (the first) the stocks that trade that day are used instead.
 * Volume is the dollar volume, the sum of close x volume of every stock trading that day.
 *
 * Work is linear in the number of bars: one date->index map of the union calendar, typed-array sums.
 */
export function equalWeightIndex(series: readonly DailyBars[]): DailyBars {
  const calendar = unionCalendar(series);
  const sessions = calendar.length;
  const indexOf = new Map<string, number>();
  for (let u = 0; u < sessions; u++) indexOf.set(calendar[u]!, u);

  const returnSum = new Float64Array(sessions);
  const returnCount = new Int32Array(sessions);
  // Intraday ratios of the stocks with a return, and of every stock trading (the fallback).
  const openWithReturn = new Float64Array(sessions);
  const highWithReturn = new Float64Array(sessions);
  const lowWithReturn = new Float64Array(sessions);
  const openAll = new Float64Array(sessions);
  const highAll = new Float64Array(sessions);
  const lowAll = new Float64Array(sessions);
  const tradingCount = new Int32Array(sessions);
  const dollarVolume = new Float64Array(sessions);

  for (const bars of series) {
    const { dates, open, high, low, close, volume } = bars;
    let previous = -1;
    for (let i = 0; i < dates.length; i++) {
      // Most stocks trade the next session of the calendar: check it before hashing the date.
      const date = dates[i]!;
      const u = calendar[previous + 1] === date ? previous + 1 : indexOf.get(date)!;
      if (u <= previous) throw new Error(`equalWeightIndex: dates must be increasing within a series (${dates[i]} follows ${calendar[previous]}).`);
      const c = close[i]!;
      const o = open[i]! / c;
      const h = high[i]! / c;
      const l = low[i]! / c;
      openAll[u]! += o;
      highAll[u]! += h;
      lowAll[u]! += l;
      tradingCount[u]!++;
      dollarVolume[u]! += c * volume[i]!;
      if (i > 0 && previous === u - 1) {
        returnSum[u]! += c / close[i - 1]! - 1;
        returnCount[u]!++;
        openWithReturn[u]! += o;
        highWithReturn[u]! += h;
        lowWithReturn[u]! += l;
      }
      previous = u;
    }
  }

  const index: DailyBars = {
    dates: calendar,
    open: new Float64Array(sessions),
    high: new Float64Array(sessions),
    low: new Float64Array(sessions),
    close: new Float64Array(sessions),
    volume: dollarVolume,
  };
  let level = 100;
  for (let u = 0; u < sessions; u++) {
    const contributors = returnCount[u]!;
    if (contributors > 0) level *= 1 + returnSum[u]! / contributors;
    index.close[u] = level;
    if (contributors > 0) {
      index.open[u] = (level * openWithReturn[u]!) / contributors;
      index.high[u] = (level * highWithReturn[u]!) / contributors;
      index.low[u] = (level * lowWithReturn[u]!) / contributors;
    } else {
      const trading = tradingCount[u]!;
      index.open[u] = (level * openAll[u]!) / trading;
      index.high[u] = (level * highAll[u]!) / trading;
      index.low[u] = (level * lowAll[u]!) / trading;
    }
  }
  return index;
}

/** Every date of any series, once, ascending (ISO dates sort as strings). */
function unionCalendar(series: readonly DailyBars[]): string[] {
  const seen = new Set<string>();
  for (const bars of series) for (const date of bars.dates) seen.add(date);
  return [...seen].sort();
}
