import type { Trade } from "./portfolio-types";
import { cents } from "./valuation";

/**
 * The portfolio's value on each session against "the same dollars in the benchmark" (decision 064):
 * each buy also buys benchmark units at that date's benchmark close (shares × price + fees), each sell
 * sells the proceeds' worth (shares × price − fees). Both lines are in $ on one axis and count only
 * what is invested: cash from sells leaves both lines alike, so they stay comparable.
 */

export interface DailyClose {
  date: string;
  close: number;
}

export interface HeldTrades {
  ticker: string;
  trades: Trade[];
}

export interface ValuePoint {
  date: string;
  /** Σ shares held × the session's close (the last earlier close when the session has none), to the cent. */
  value: number;
  /** Benchmark units bought and sold with the same dollars × the benchmark's close, to the cent. */
  benchmark: number;
}

interface Dated extends Trade {
  ticker: string;
}

/** Share counts kept to the stored six places, so 0.1 + 0.2 − 0.3 sells out to exactly nothing. */
const toShares = (value: number): number => Math.max(0, Math.round(value * 1e6) / 1e6);

/** The close on `date`, else the last one before it, else the first one after it (a buy before the data starts); null without data. */
function closeAt(closes: DailyClose[], date: string): number | null {
  let found: number | null = null;
  for (const bar of closes) {
    if (bar.date > date) return found ?? bar.close;
    found = bar.close;
  }
  return found;
}

/** The sessions to show: every date any series has, from the first trade on. */
function sessionsFrom(first: string, closesByTicker: Map<string, DailyClose[]>): string[] {
  const dates = new Set<string>();
  for (const closes of closesByTicker.values()) for (const bar of closes) if (bar.date >= first) dates.add(bar.date);
  return [...dates].sort();
}

/** Walks one ticker's closes forward with the sessions: the last close on or before each session. */
class CloseCursor {
  private index = 0;
  private last: number | null = null;
  constructor(private readonly closes: DailyClose[]) {}
  at(session: string): number | null {
    while (this.index < this.closes.length && this.closes[this.index]!.date <= session) this.last = this.closes[this.index++]!.close;
    return this.last;
  }
}

/**
 * One point per session from the first trade on; O(sessions × tickers). `closesByTicker` holds each
 * ticker's daily closes in date order, the benchmark's under `benchmark`. A held ticker with no close
 * yet is valued at its last trade's price; benchmark units never go below zero (a sell worth more than
 * the benchmark holding empties it).
 */
export function valueSeries(positions: HeldTrades[], closesByTicker: Map<string, DailyClose[]>, benchmark: string): ValuePoint[] {
  const trades: Dated[] = positions
    .flatMap((position) => position.trades.map((trade) => ({ ...trade, ticker: position.ticker })))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  if (trades.length === 0) return [];
  const benchmarkCloses = closesByTicker.get(benchmark) ?? [];
  const benchmarkCursor = new CloseCursor(benchmarkCloses);
  const cursors = new Map<string, CloseCursor>();
  const held = new Map<string, number>();
  const tradePrice = new Map<string, number>();
  let units = 0;
  let next = 0;
  const points: ValuePoint[] = [];
  for (const session of sessionsFrom(trades[0]!.date, closesByTicker)) {
    for (; next < trades.length && trades[next]!.date <= session; next++) {
      const trade = trades[next]!;
      const sign = trade.side === "buy" ? 1 : -1;
      held.set(trade.ticker, toShares((held.get(trade.ticker) ?? 0) + sign * trade.shares));
      tradePrice.set(trade.ticker, trade.price);
      const dollars = trade.shares * trade.price + sign * trade.fees;
      const price = closeAt(benchmarkCloses, trade.date);
      if (price !== null && price > 0) units = Math.max(0, units + (sign * dollars) / price);
    }
    let value = 0;
    for (const [ticker, shares] of held) {
      if (shares === 0) continue;
      let cursor = cursors.get(ticker);
      if (!cursor) cursors.set(ticker, (cursor = new CloseCursor(closesByTicker.get(ticker) ?? [])));
      value += shares * (cursor.at(session) ?? tradePrice.get(ticker)!);
    }
    points.push({ date: session, value: cents(value), benchmark: cents(units * (benchmarkCursor.at(session) ?? 0)) });
  }
  return points;
}
