import { actionStats, tradeStats } from "../../contracts/test-support/track-record-stats";
import type {
  HistoricalSimulation,
  TrackRecordCall,
  TrackRecordCallsPage,
  TrackRecordSummary,
} from "../../contracts/track-record";

/** Track-record answers typed by contracts/track-record.ts, for the web's component tests. */

/** The 2009–2017 simulation of docs/track-record.md (its published figures). */
function historicalSimulation(overrides: Partial<HistoricalSimulation> = {}): HistoricalSimulation {
  return {
    title: "S&P 500 stocks 2009–2017 against SPY",
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
        hit_rate: 0.545,
        median_excess: { d21: 0, d63: 0.006, d126: 0.012 },
        trades: 488,
        win_rate: 0.5,
        avg_r: 0.41,
        median_r: -0.01,
        avg_r_ci95: [0.26, 0.58],
        avg_return: 0.033,
        exits: { stop: 232, target: 128, time: 128 },
      }),
      WATCH: actionStats({ count: 748588, setups: 4513, hit_rate: 0.541, median_excess: { d21: 0.005, d63: 0.01, d126: 0.016 } }),
      SELL: actionStats({ count: 85751, setups: 4084, hit_rate: 0.44, median_excess: { d21: 0.006, d63: 0.016, d126: 0.025 } }),
    },
    all_dates: actionStats({ count: 835826, setups: 835826, hit_rate: 0.537, median_excess: { d21: 0.003, d63: 0.009, d126: 0.017 } }),
    control: tradeStats({
      trades: 3000,
      win_rate: 0.511,
      avg_r: 0.51,
      median_r: 0.14,
      avg_r_ci95: [0.45, 0.57],
      avg_return: 0.041,
      exits: { stop: 1382, target: 896, time: 722 },
    }),
    buy_trades_by_setup: {
      "Flat base": tradeStats({ trades: 342, win_rate: 0.538, avg_r: 0.38, avg_r_ci95: [0.24, 0.53], median_r: 0.26, avg_return: 0.036 }),
      VCP: tradeStats({ trades: 146, win_rate: 0.411, avg_r: 0.48, avg_r_ci95: [0.12, 0.89], median_r: -1, avg_return: 0.028 }),
    },
    out_of_sample: {
      tickers: 148,
      buy: tradeStats({ trades: 185, win_rate: 0.52, avg_r: 0.49, avg_r_ci95: [0.23, 0.79] }),
      control: tradeStats({ trades: 1120, win_rate: 0.5, avg_r: 0.48, avg_r_ci95: [0.38, 0.58] }),
    },
    ...overrides,
  };
}

/** A record with closed trades: 41 flat-base BUY trades (enough to judge), 12 VCP ones (too few). */
export function richSummary(overrides: Partial<TrackRecordSummary> = {}): TrackRecordSummary {
  return {
    simulated: true,
    engine_versions: ["2.0.0", "2.1.0"],
    first_call: "2026-01-05",
    last_session: "2026-11-20",
    computed_at: "2026-11-20T22:05:00.000Z",
    calls: 2140,
    setups: 312,
    actions: {
      BUY: {
        ...actionStats({
          count: 180,
          setups: 64,
          hit_rate: 0.56,
          median_excess: { d21: 0.004, d63: 0.012, d126: null },
          trades: 53,
          win_rate: 0.54,
          avg_r: 0.4,
          median_r: 0.1,
          avg_r_ci95: [0.05, 0.77],
          avg_return: 0.031,
          exits: { stop: 24, target: 15, time: 14 },
        }),
        open: 11,
      },
      WATCH: { ...actionStats({ count: 1700, setups: 190, hit_rate: 0.51, median_excess: { d21: 0.002, d63: -0.003, d126: 0.011 } }), open: 40 },
      SELL: { ...actionStats({ count: 260, setups: 58, hit_rate: null, median_excess: { d21: -0.012, d63: null, d126: null } }), open: 58 },
    },
    buy_trades_by_setup: {
      "Flat base": tradeStats({ trades: 41, win_rate: 0.54, avg_r: 0.4, avg_r_ci95: [0.02, 0.8], exits: { stop: 19, target: 12, time: 10 } }),
      VCP: tradeStats({ trades: 12, win_rate: 0.5, avg_r: 0.41, avg_r_ci95: [-0.3, 1.1], exits: { stop: 5, target: 3, time: 4 } }),
    },
    equity: [
      { date: "2026-03-02", r: -1, trades: 1 },
      { date: "2026-03-20", r: 1.5, trades: 2 },
      { date: "2026-05-11", r: 0.5, trades: 3 },
      { date: "2026-08-14", r: 21.2, trades: 53 },
    ],
    benchmark: [
      { date: "2026-01-05", change: 0 },
      { date: "2026-03-02", change: 0.021 },
      { date: "2026-05-11", change: -0.034 },
      { date: "2026-11-20", change: 0.062 },
    ],
    benchmark_name: "DEMO-INDEX",
    by_engine_version: [
      { engine_version: "2.0.0", since: "2026-01-05", trades: 41, open: 3, win_rate: 0.561, avg_r: 0.46, avg_return: 0.034 },
      { engine_version: "2.1.0", since: "2026-06-15", trades: 12, open: 8, win_rate: 0.5, avg_r: 0.25, avg_return: 0.021 },
    ],
    min_meaningful_trades: 30,
    historical: [historicalSimulation()],
    ...overrides,
  };
}

/** A fresh record: the day's calls are stored and all open, nothing has closed. */
export function freshSummary(overrides: Partial<TrackRecordSummary> = {}): TrackRecordSummary {
  return richSummary({
    first_call: "2026-11-20",
    last_session: "2026-11-20",
    calls: 45,
    setups: 45,
    actions: {
      BUY: { ...actionStats({ count: 4, setups: 4 }), open: 4 },
      WATCH: { ...actionStats({ count: 30, setups: 30 }), open: 30 },
      SELL: { ...actionStats({ count: 11, setups: 11 }), open: 11 },
    },
    buy_trades_by_setup: {},
    equity: [],
    benchmark: [{ date: "2026-11-20", change: 0 }],
    engine_versions: ["2.0.0"],
    by_engine_version: [{ engine_version: "2.0.0", since: "2026-11-20", trades: 0, open: 4, win_rate: null, avg_r: null, avg_return: null }],
    ...overrides,
  });
}

function trackRecordCall(overrides: Partial<TrackRecordCall> = {}): TrackRecordCall {
  return {
    id: "c1",
    date: "2026-03-02",
    ticker: "NVDA",
    action: "BUY",
    setup: "Breakout",
    base_type: "Flat base",
    price: 100.91,
    buy_point: 99.5,
    buy_range_high: 104.47,
    stop: 95.08,
    target: 124.37,
    rs_rating: 92,
    market_state: "Confirmed uptrend",
    engine_version: "2.0.0",
    simulated: true,
    days: 3,
    trade: true,
    status: "target",
    sessions: 40,
    entry: { date: "2026-03-03", price: 100.2 },
    exit: { date: "2026-04-28", price: 124.37, reason: "target" },
    r: 4.74,
    trade_return: 0.241,
    excess: { d21: 0.05, d63: 0.12, d126: null },
    ...overrides,
  };
}

export function callsPage(calls: TrackRecordCall[], overrides: Partial<TrackRecordCallsPage> = {}): TrackRecordCallsPage {
  return { calls, page: 1, page_size: 25, total: calls.length, ...overrides };
}

/** A page of calls of every outcome. */
export const SAMPLE_CALLS: TrackRecordCall[] = [
  trackRecordCall(),
  trackRecordCall({
    id: "c2",
    ticker: "ACME",
    status: "stop",
    r: -1,
    trade_return: -0.051,
    exit: { date: "2026-03-10", price: 95.08, reason: "stop" },
    excess: { d21: -0.04, d63: -0.08, d126: null },
  }),
  trackRecordCall({ id: "c3", ticker: "BOLT", status: "open", days: 1, sessions: 5, exit: null, r: 0.3, trade_return: 0.014, excess: { d21: null, d63: null, d126: null } }),
  trackRecordCall({ id: "c4", ticker: "CRUX", status: "not-filled", trade: true, entry: null, exit: null, r: null, trade_return: null, excess: { d21: 0.01, d63: null, d126: null } }),
  trackRecordCall({
    id: "c5",
    ticker: "DYNA",
    action: "WATCH",
    setup: "Base forming",
    base_type: null,
    trade: false,
    status: "done",
    buy_point: null,
    buy_range_high: null,
    stop: null,
    target: null,
    entry: null,
    exit: null,
    r: null,
    trade_return: null,
    excess: { d21: 0.01, d63: 0.022, d126: 0.03 },
  }),
  trackRecordCall({
    id: "c6",
    ticker: "ECHO",
    action: "SELL",
    setup: "Stage 4 decline",
    base_type: null,
    trade: false,
    status: "timed-out",
    buy_point: null,
    buy_range_high: null,
    stop: null,
    target: null,
    entry: null,
    exit: null,
    r: null,
    trade_return: null,
    excess: { d21: -0.02, d63: -0.05, d126: -0.07 },
  }),
];
