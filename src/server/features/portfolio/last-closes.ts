import type { DailyBars } from "../../../core/market/market-data";
import type { LastClose } from "./portfolio.service";

const LANES = 8;

/**
 * The last close of each ticker from the (cached) daily bars, eight tickers at a time so a cold
 * cache does not fire hundreds of upstream calls at once. A ticker whose bars fail maps to null:
 * the portfolio shows it without a value rather than failing.
 */
export async function lastCloses(bars: (ticker: string) => Promise<DailyBars | null>, tickers: readonly string[]): Promise<Map<string, LastClose>> {
  const closes = new Map<string, LastClose>();
  for (let i = 0; i < tickers.length; i += LANES) {
    await Promise.all(
      tickers.slice(i, i + LANES).map(async (ticker) => {
        const series = await bars(ticker).catch(() => null);
        const last = series ? series.dates.length - 1 : -1;
        const close = last >= 0 ? series!.close[last]! : Number.NaN;
        closes.set(ticker, Number.isFinite(close) && close > 0 ? { date: series!.dates[last]!, close } : null);
      }),
    );
  }
  return closes;
}
