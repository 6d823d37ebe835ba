import type { HistoricalSimulation, TrackRecordSummary } from "../../contracts/track-record";
import { actionStats, tradeStats } from "../../contracts/test-support/track-record-stats";
import { trackRecordSummarySchema } from "../../contracts/track-record";

/** Track-record summaries typed (and checked) by contracts/track-record.ts, for the CLI's and the chat's tests. */

/** The 2009–2017 simulation of docs/track-record.md (its published figures, rounded). */
export function historicalSimulation(overrides: Partial<HistoricalSimulation> = {}): HistoricalSimulation {
  return {
    title: "S&P 500 stocks, 2009–2017, against SPY",
    from: "2009-01-01",
    to: "2017-12-31",
    benchmark: "SPY",
    tickers: 396,
    stock_years: 3317,
    engine_version: "2.0.0",
    costs_bp: 10,
    actions: {
      BUY: actionStats({
        count: 1487,
        setups: 494,
        hit_rate: 0.5455,
        median_excess: { d21: 0, d63: 0.0061, d126: 0.0124 },
        trades: 488,
        win_rate: 0.5,
        avg_r: 0.4137,
        median_r: -0.0075,
        avg_r_ci95: [0.2602, 0.5756],
        avg_return: 0.0333,
        exits: { stop: 232, target: 128, time: 128 },
      }),
      WATCH: actionStats({ count: 748_588, setups: 4513 }),
      SELL: actionStats({ count: 20_000, setups: 900 }),
    },
    all_dates: actionStats(),
    control: tradeStats({ trades: 3000, win_rate: 0.5107, avg_r: 0.5094, avg_r_ci95: [0.4522, 0.5672], exits: { stop: 1382, target: 896, time: 722 } }),
    buy_trades_by_setup: { "Flat base": tradeStats({ trades: 200, avg_r: 0.3 }), VCP: tradeStats({ trades: 288, avg_r: 0.49 }) },
    out_of_sample: null,
    ...overrides,
  };
}

/** A live record on the demo market: 41 closed BUY trades (enough), 12 flat-base ones (too few). */
export function trackRecordSummary(overrides: Partial<TrackRecordSummary> = {}): TrackRecordSummary {
  return trackRecordSummarySchema.parse({
    simulated: true,
    engine_versions: ["2.0.0", "2.1.0"],
    first_call: "2025-09-02",
    last_session: "2026-11-20",
    computed_at: "2026-11-20T21:40:12.000Z",
    calls: 12_345,
    setups: 1_234,
    actions: {
      BUY: {
        ...actionStats({
          count: 1_200,
          setups: 140,
          hit_rate: 0.5412,
          median_excess: { d21: 0.0061, d63: 0.0123, d126: -0.0289 },
          trades: 41,
          win_rate: 0.5366,
          avg_r: 0.4012,
          median_r: 0.1,
          avg_r_ci95: [0.0521, 0.7488],
          avg_return: 0.031,
          exits: { stop: 17, target: 13, time: 11 },
        }),
        open: 30,
      },
      WATCH: { ...actionStats({ count: 9_000, setups: 800, hit_rate: 0.51, median_excess: { d21: 0.002, d63: 0.004, d126: null } }), open: 300 },
      SELL: { ...actionStats({ count: 2_145, setups: 294, hit_rate: 0.58, median_excess: { d21: -0.01, d63: -0.02, d126: -0.03 } }), open: 50 },
    },
    buy_trades_by_setup: {
      "Flat base": tradeStats({ trades: 12, win_rate: 0.5, avg_r: 0.2, avg_r_ci95: [-0.4, 0.8], exits: { stop: 6, target: 3, time: 3 } }),
      VCP: tradeStats({ trades: 29, win_rate: 0.55, avg_r: 0.48, avg_r_ci95: [0.01, 0.9], exits: { stop: 11, target: 10, time: 8 } }),
    },
    equity: [{ date: "2025-10-01", r: 1.5, trades: 1 }],
    benchmark: [{ date: "2025-09-02", change: 0 }],
    benchmark_name: "SPY",
    by_engine_version: [
      { engine_version: "2.0.0", since: "2025-09-02", trades: 1, open: 2, win_rate: 1, avg_r: 1.5, avg_return: 0.12 },
      { engine_version: "2.1.0", since: "2025-10-01", trades: 0, open: 1, win_rate: null, avg_r: null, avg_return: null },
    ],
    min_meaningful_trades: 30,
    historical: [historicalSimulation()],
    ...overrides,
  });
}

/** A record with no call yet (a fresh install before its first refresh). */
export function emptyTrackRecordSummary(overrides: Partial<TrackRecordSummary> = {}): TrackRecordSummary {
  return trackRecordSummary({
    engine_versions: [],
    first_call: null,
    last_session: null,
    computed_at: null,
    calls: 0,
    setups: 0,
    actions: { BUY: { ...actionStats(), open: 0 }, WATCH: { ...actionStats(), open: 0 }, SELL: { ...actionStats(), open: 0 } },
    buy_trades_by_setup: {},
    equity: [],
    benchmark: [],
    by_engine_version: [],
    ...overrides,
  });
}
