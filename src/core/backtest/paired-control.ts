import type { DailyBars } from "../market/market-data";
import { lowerBound } from "./sorted-search";
import { simulateCloseStopTrade } from "./method-v3";
import { simulateTrade, withCosts } from "./trade-simulation";
import type { Trade } from "./walk-forward";

/**
 * The paired same-session control of a BUY trade. BUY calls cluster in time (strong markets give
 * many at once), so a control on random dates mixes the method's skill with its timing. Here each
 * trade is compared with every other stock of the universe bought at the same open, with the same
 * stop and target (as fractions of its own fill) and the same time limit: what remains is what
 * choosing this stock added over the rest of the universe that session.
 */

export interface UniverseStock {
  ticker: string;
  bars: DailyBars;
}

export interface PairedControlOptions {
  /** Time limit of a trade, in sessions after the fill. */
  tradeSessions: number;
  costsBp: number;
  /**
   * Method v3's exits: the stop is on closes (out at the next open) and there is no target; the
   * stop keeps the trade's own distance as a fraction of each control's fill.
   */
  closeStop?: boolean;
}

const validBar = (bars: DailyBars, j: number): boolean =>
  [bars.open[j]!, bars.high[j]!, bars.low[j]!, bars.close[j]!].every((v) => Number.isFinite(v) && v > 0);

/**
 * Mean R and return of the controls of `trade`; null when no other stock was eligible (a bar the
 * session before the fill and on the fill's session, valid prices on both, a closed result).
 * `sessionBefore` is the date of the session before the trade's fill.
 */
export function pairedControlOf(
  trade: Pick<Trade, "ticker" | "fillDate" | "entryPrice" | "stop" | "target">,
  sessionBefore: string,
  universe: readonly UniverseStock[],
  options: PairedControlOptions,
): { r: number; return: number; stocks: number } | null {
  const stop = (trade.entryPrice - trade.stop) / trade.entryPrice;
  const target = (trade.target - trade.entryPrice) / trade.entryPrice;
  let sumR = 0;
  let sumReturn = 0;
  let stocks = 0;
  for (const stock of universe) {
    if (stock.ticker === trade.ticker) continue;
    const { bars } = stock;
    const j = lowerBound(bars.dates, trade.fillDate);
    if (j < 1 || bars.dates[j] !== trade.fillDate || bars.dates[j - 1] !== sessionBefore) continue;
    if (!validBar(bars, j - 1) || !validBar(bars, j)) continue;
    const outcome = options.closeStop
      ? simulateCloseStopTrade(bars, j - 1, (entry) => entry * (1 - stop), options.tradeSessions)
      : simulateTrade(bars, {
          signalIndex: j - 1,
          lastEntryIndex: j,
          entryCeiling: Number.POSITIVE_INFINITY,
          entryFloor: 0,
          stop,
          target,
          relative: true,
          maxSessions: options.tradeSessions,
        });
    if (!outcome) continue;
    const net = withCosts(outcome, options.costsBp);
    sumR += net.r;
    sumReturn += net.return;
    stocks++;
  }
  return stocks > 0 ? { r: sumR / stocks, return: sumReturn / stocks, stocks } : null;
}

/** Every BUY trade of the universe with its paired control attached (in place: the trades are the run's own). */
export function attachPairedControls(trades: readonly Trade[], universe: readonly UniverseStock[], options: PairedControlOptions): void {
  const byTicker = new Map(universe.map((s) => [s.ticker, s.bars] as const));
  for (const trade of trades) {
    const own = byTicker.get(trade.ticker);
    const before = own?.dates[trade.entryIndex - 1];
    trade.pairedControl = before === undefined ? null : pairedControlOf(trade, before, universe, options);
  }
}
