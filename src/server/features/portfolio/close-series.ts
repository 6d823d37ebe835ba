import type { DailyBars } from "../../../core/market/market-data";
import type { DailyClose } from "../../../core/portfolio/value-series";

const LANES = 8;

/**
 * Each ticker's daily closes from `since` on, from the (cached) daily bars, eight tickers at a time
 * like the last closes. A ticker whose bars fail maps to no closes: the value series then carries its
 * trade price, so the chart still draws rather than failing.
 */
export async function closeSeries(bars: (ticker: string) => Promise<DailyBars | null>, tickers: readonly string[], since: string): Promise<Map<string, DailyClose[]>> {
  const series = new Map<string, DailyClose[]>();
  for (let i = 0; i < tickers.length; i += LANES) {
    await Promise.all(
      tickers.slice(i, i + LANES).map(async (ticker) => {
        const read = await bars(ticker).catch(() => null);
        const closes: DailyClose[] = [];
        if (read) {
          // The last close before `since` too, so a trade on a non-session has a price to carry.
          let start = read.dates.findIndex((date) => date >= since);
          start = start === -1 ? read.dates.length : Math.max(0, start - 1);
          for (let j = start; j < read.dates.length; j++) {
            const close = read.close[j]!;
            if (Number.isFinite(close) && close > 0) closes.push({ date: read.dates[j]!, close });
          }
        }
        series.set(ticker, closes);
      }),
    );
  }
  return series;
}
