import type { ActionStatsView, TradeStatsView } from "../track-record";

/** Empty trade and action figures of the track record's contract, for the server's and the web's test fixtures. */

export function tradeStats(overrides: Partial<TradeStatsView> = {}): TradeStatsView {
  return { trades: 0, win_rate: null, avg_r: null, median_r: null, avg_r_ci95: [null, null], avg_return: null, exits: { stop: 0, target: 0, time: 0 }, ...overrides };
}

export function actionStats(overrides: Partial<ActionStatsView> = {}): ActionStatsView {
  return { ...tradeStats(), count: 0, setups: 0, hit_rate: null, median_excess: { d21: null, d63: null, d126: null }, ...overrides };
}
