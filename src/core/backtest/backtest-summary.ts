import type { RecommendationAction } from "../analysis/analysis-report";
import type { MarketDirectionSeries } from "../analysis/market-direction";
import type { DailyBars } from "../market/market-data";
import type { DataCheck } from "../market/price-check";
import type { V3Acceptance } from "./v3-acceptance";
import { blockBootstrapMeanInterval, mean, median, shareWhere } from "./statistics";
import { ACTIONS, HORIZONS, MARKET_TRENDS, type Episode, type StockResult, type Trade } from "./walk-forward";

/**
 * The back-test's figures, computed from the per-stock results. Every figure a user may read about
 * the method comes from here (docs/track-record.md is rendered from it), so they belong to the code.
 *
 * Definitions:
 * - count: stock-sessions with the call; setups: distinct calls (for BUY, distinct bases; for WATCH
 *   and SELL, runs of the same call), each scored once, on its first session.
 * - hit_rate: share of setups whose 63-session excess return has the call's sign (BUY and WATCH
 *   above the benchmark, SELL below it).
 * - median_excess: median excess return over the benchmark after 21/63/126 sessions.
 * - trades: BUY setups played as trades (fill the session after the call inside the buy range,
 *   exit at stop, target or after the time limit); win_rate and R over completed trades.
 */

export interface TradeStats {
  trades: number;
  win_rate: number | null;
  avg_r: number | null;
  median_r: number | null;
  avg_r_ci95: [number | null, number | null];
  avg_return: number | null;
  exits: { stop: number; target: number; time: number };
}

export interface ActionStats extends TradeStats {
  count: number;
  setups: number;
  hit_rate: number | null;
  median_excess: { d21: number | null; d63: number | null; d126: number | null };
}

export interface GroupSummary {
  tickers: number;
  stock_years: number;
  actions: Record<RecommendationAction, ActionStats>;
  all_dates: ActionStats;
  control: TradeStats;
  buy_setups_per_50_stock_years: number | null;
  buy_minus_control_avg_r: number | null;
  sell_reasons: Record<string, { setups: number; median_excess_d126: number | null }>;
  buy_trades_by_setup: Record<string, TradeStats>;
  /**
   * The BUY trades' 95% interval of the average R (entry months in 12-month blocks): the same as
   * `actions.BUY.avg_r_ci95`, kept under this name for readers of back-tests written when the
   * other intervals were still trade by trade.
   */
  avg_r_ci95_block: [number | null, number | null];
  /** Median over BUY setups of the 63-session return minus trailing beta × the benchmark's. */
  beta_adjusted_excess: { d63: number | null };
  /** BUY trades minus their same-session controls (trades with at least one eligible control stock). */
  paired_control: { trades: number; diff_r: number | null; diff_r_ci95: [number | null, number | null]; diff_return: number | null };
  /** Method v3's pre-registered acceptance tests (v3 runs only). */
  v3_acceptance?: V3Acceptance;
}

export interface BacktestSummary extends GroupSummary {
  engine_version: string;
  /** 'v3' when the run replayed method v3; absent for v2. */
  method?: "v3";
  /** Trading costs in basis points a side, in every trade's return and R (controls included). */
  costs_bp: number;
  /** How the benchmark's market direction was spread over the sessions, and what the benchmark did next. */
  market_states: Record<string, { share: number | null; median_return_d63: number | null }>;
  parameters: { data: string[]; benchmark: string; from: string; to: string; step: number; control_draws: number; seed: number; split: string | null; entry: string };
  groups?: Record<string, GroupSummary>;
  /** Series the loader cut at a jump their file does not explain (the data check). */
  data_checks?: DataCheck[];
}

const finite = (value: number): number | null => (Number.isFinite(value) ? value : null);

/**
 * Trade figures of closed trades (win rate, R with its 95% interval, exits). The interval resamples
 * entry months in 12-month blocks: trades open at the same time rise and fall together, so
 * resampling them one by one would make it too narrow.
 */
export function tradeStats(trades: readonly Pick<Trade, "r" | "return" | "exitReason" | "fillDate">[], seed: number): TradeStats {
  const r = Float64Array.from(trades, (t) => t.r);
  const exits = { stop: 0, target: 0, time: 0 };
  for (const t of trades) exits[t.exitReason]++;
  return {
    trades: trades.length,
    win_rate: finite(shareWhere(r, (v) => v > 0)),
    avg_r: finite(mean(r)),
    median_r: finite(median(r)),
    avg_r_ci95: blockInterval(trades, (t) => t.r, seed),
    avg_return: finite(mean(Float64Array.from(trades, (t) => t.return))),
    exits,
  };
}

/** Block interval of the mean of `value` over trades, by the month of each trade's fill. */
function blockInterval<T extends Pick<Trade, "fillDate">>(trades: readonly T[], value: (trade: T) => number, seed: number): [number | null, number | null] {
  const [lo, hi] = blockBootstrapMeanInterval(
    trades.map((t) => ({ month: t.fillDate.slice(0, 7), value: value(t) })),
    { seed },
  );
  return [finite(lo), finite(hi)];
}

/** Mean paired difference of the BUY trades over their same-session controls, with its block interval. */
export function pairedControlStats(trades: readonly Trade[], seed: number): GroupSummary["paired_control"] {
  const paired = trades.filter((t) => t.pairedControl);
  return {
    trades: paired.length,
    diff_r: finite(mean(paired.map((t) => t.r - t.pairedControl!.r))),
    diff_r_ci95: blockInterval(paired, (t) => t.r - t.pairedControl!.r, seed),
    diff_return: finite(mean(paired.map((t) => t.return - t.pairedControl!.return))),
  };
}

function excessOf(episodes: readonly Episode[], horizon: number): Float64Array {
  return Float64Array.from(episodes, (e) => e.excess[horizon]!);
}

function actionStats(action: RecommendationAction, results: readonly StockResult[], seed: number): ActionStats {
  const episodes = results.flatMap((r) => r.episodes.filter((e) => e.action === action));
  const trades = action === "BUY" ? results.flatMap((r) => r.trades) : [];
  const d63 = excessOf(episodes, 1);
  return {
    count: results.reduce((sum, r) => sum + r.days[action], 0),
    setups: action === "BUY" ? results.reduce((sum, r) => sum + r.buySetups, 0) : episodes.length,
    hit_rate: finite(shareWhere(d63, action === "SELL" ? (v) => v < 0 : (v) => v > 0)),
    median_excess: { d21: finite(median(excessOf(episodes, 0))), d63: finite(median(d63)), d126: finite(median(excessOf(episodes, 2))) },
    ...tradeStats(trades, seed),
  };
}

function concat(arrays: readonly Float64Array[]): Float64Array {
  const out = new Float64Array(arrays.reduce((sum, a) => sum + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

function allDatesStats(results: readonly StockResult[], seed: number): ActionStats {
  const byHorizon = HORIZONS.map((_, h) => concat(results.map((r) => r.allDates[h]!)));
  const sessions = results.reduce((sum, r) => sum + r.sessions, 0);
  return {
    count: sessions,
    setups: byHorizon[1]!.length,
    hit_rate: finite(shareWhere(byHorizon[1]!, (v) => v > 0)),
    median_excess: { d21: finite(median(byHorizon[0]!)), d63: finite(median(byHorizon[1]!)), d126: finite(median(byHorizon[2]!)) },
    ...tradeStats([], seed),
  };
}

export function summarizeGroup(results: readonly StockResult[], seed: number): GroupSummary {
  const stockYears = results.reduce((sum, r) => sum + r.sessions, 0) / 252;
  const actions = Object.fromEntries(ACTIONS.map((a) => [a, actionStats(a, results, seed)])) as Record<RecommendationAction, ActionStats>;
  const control = tradeStats(results.flatMap((r) => r.controlTrades), seed);

  const sellEpisodes = results.flatMap((r) => r.episodes.filter((e) => e.action === "SELL"));
  const sellReasons: GroupSummary["sell_reasons"] = {};
  for (const setup of [...new Set(sellEpisodes.map((e) => e.setup))].sort()) {
    const of = sellEpisodes.filter((e) => e.setup === setup);
    sellReasons[setup] = { setups: of.length, median_excess_d126: finite(median(excessOf(of, 2))) };
  }

  const buyTrades = results.flatMap((r) => r.trades);
  const bySetup: GroupSummary["buy_trades_by_setup"] = {};
  for (const setup of [...new Set(buyTrades.map((t) => t.setup))].sort()) bySetup[setup] = tradeStats(buyTrades.filter((t) => t.setup === setup), seed);

  const buyAvg = actions.BUY.avg_r;
  return {
    tickers: results.length,
    stock_years: stockYears,
    actions,
    all_dates: allDatesStats(results, seed),
    control,
    buy_setups_per_50_stock_years: stockYears > 0 ? (actions.BUY.setups / stockYears) * 50 : null,
    buy_minus_control_avg_r: buyAvg !== null && control.avg_r !== null ? buyAvg - control.avg_r : null,
    sell_reasons: sellReasons,
    buy_trades_by_setup: bySetup,
    avg_r_ci95_block: actions.BUY.avg_r_ci95,
    beta_adjusted_excess: { d63: finite(median(results.flatMap((r) => r.episodes.filter((e) => e.action === "BUY").map((e) => e.betaExcessD63)))) },
    paired_control: pairedControlStats(buyTrades, seed),
  };
}

/** Share of the benchmark's sessions in [from, to] in each market state, and its median return 63 sessions later. */
export function marketStateStats(benchmark: DailyBars, series: MarketDirectionSeries, from: string, to: string): BacktestSummary["market_states"] {
  const states = new Map<string, number[]>(MARKET_TRENDS.map((t) => [t, []]));
  let known = 0;
  for (let i = 0; i < benchmark.close.length; i++) {
    const date = benchmark.dates[i]!;
    const trend = series.trend[i];
    if (date < from || date > to || !trend) continue;
    known++;
    states.get(trend)!.push(i + 63 < benchmark.close.length ? benchmark.close[i + 63]! / benchmark.close[i]! - 1 : Number.NaN);
  }
  return Object.fromEntries(
    [...states].map(([trend, returns]) => [trend, { share: known > 0 ? returns.length / known : null, median_return_d63: finite(median(returns)) }]),
  );
}

/**
 * Split of tickers for out-of-sample reporting: 'A-M' puts tickers starting A..M in one group and
 * the rest in the other.
 */
export function splitGroups(split: string, tickers: readonly string[]): Record<string, string[]> {
  const match = /^([A-Z])-([A-Z])$/.exec(split.toUpperCase());
  if (!match) throw new RangeError(`--split takes a letter range such as A-M, got '${split}'`);
  const [, from, to] = match as unknown as [string, string, string];
  const inside = tickers.filter((t) => t[0]! >= from && t[0]! <= to);
  const outside = tickers.filter((t) => !(t[0]! >= from && t[0]! <= to));
  return { [`${from}-${to}`]: inside, rest: outside };
}
