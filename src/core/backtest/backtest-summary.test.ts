import { describe, expect, it } from "vitest";
import type { MarketDirectionSeries } from "../analysis/market-direction";
import { barsFromRows } from "../market/market-data";
import { tradingDatesEndingAt } from "../test-support/bar-builder";
import { marketStateStats, pairedControlStats, splitGroups, summarizeGroup } from "./backtest-summary";
import type { Episode, StockResult, Trade } from "./walk-forward";

const NaN3: [number, number, number] = [Number.NaN, Number.NaN, Number.NaN];

function episode(action: Episode["action"], setup: string, excess: [number, number, number]): Episode {
  // Beta-adjusted as if beta were 0.5 and the benchmark flat: half the 63-session excess.
  return { action, date: "2025-01-02", index: 300, setup, excess, sessions: 5, betaExcessD63: excess[1] / 2 };
}

function trade(setup: string, r: number, exitReason: Trade["exitReason"]): Trade {
  // Entry 100, stop 90: a result of r R is an exit at 100 + 10r.
  return {
    ticker: "T",
    signalDate: "2025-01-02",
    fillDate: "2025-01-03",
    exitDate: "2025-02-03",
    setup,
    entryIndex: 301,
    entryPrice: 100,
    exitIndex: 320,
    exitPrice: 100 + 10 * r,
    exitReason,
    stop: 90,
    target: 120,
    r,
    return: (10 * r) / 100,
  };
}

/** Two stocks, one stock-year each. */
const results: StockResult[] = [
  {
    ticker: "AAA",
    sessions: 252,
    days: { BUY: 10, WATCH: 200, SELL: 42 },
    episodes: [
      episode("BUY", "Breakout", [0.05, 0.1, 0.2]),
      episode("WATCH", "VCP", [-0.01, -0.02, 0.01]),
      episode("WATCH", "Extended", [0.02, 0.03, Number.NaN]),
      episode("SELL", "Stop hit", [-0.05, -0.1, -0.2]),
    ],
    buySetups: 1,
    trades: [trade("VCP", 2, "target"), trade("VCP", -1, "stop")],
    controlTrades: [trade("Control", 0.5, "time")],
    allDates: [Float64Array.from([0.01, 0.02, -0.01]), Float64Array.from([0.04, -0.02, 0.06]), Float64Array.from(NaN3)],
  },
  {
    ticker: "BBB",
    sessions: 252,
    days: { BUY: 5, WATCH: 247, SELL: 0 },
    episodes: [episode("BUY", "Breakout", [0.01, -0.04, Number.NaN])],
    buySetups: 1,
    trades: [trade("Flat base", 1, "time")],
    controlTrades: [trade("Control", -1, "stop")],
    allDates: [Float64Array.from([0.03, 0]), Float64Array.from([-0.05, 0.01]), Float64Array.from([Number.NaN, Number.NaN])],
  },
];

describe("summarizeGroup", () => {
  const summary = summarizeGroup(results, 1);

  it("counts stocks, stock-years and sessions per call", () => {
    expect(summary.tickers).toBe(2);
    expect(summary.stock_years).toBe(2);
    expect(summary.actions.BUY).toMatchObject({ count: 15, setups: 2 });
    expect(summary.actions.WATCH).toMatchObject({ count: 447, setups: 2 });
    expect(summary.actions.SELL).toMatchObject({ count: 42, setups: 1 });
    expect(summary.buy_setups_per_50_stock_years).toBe(50);
  });

  it("hit rate on the 63-session excess (SELL right when below) and median excess per horizon", () => {
    expect(summary.actions.BUY.hit_rate).toBe(0.5);
    expect(summary.actions.BUY.median_excess.d21).toBeCloseTo(0.03, 12);
    expect(summary.actions.BUY.median_excess.d63).toBeCloseTo(0.03, 12);
    expect(summary.actions.BUY.median_excess.d126).toBeCloseTo(0.2, 12);
    expect(summary.actions.WATCH.hit_rate).toBe(0.5);
    expect(summary.actions.WATCH.median_excess.d21).toBeCloseTo(0.005, 12);
    expect(summary.actions.WATCH.median_excess.d126).toBeCloseTo(0.01, 12);
    expect(summary.actions.SELL.hit_rate).toBe(1);
    expect(summary.beta_adjusted_excess.d63).toBeCloseTo((0.1 / 2 - 0.04 / 2) / 2, 12);
    expect(summary.sell_reasons).toEqual({ "Stop hit": { setups: 1, median_excess_d126: -0.2 } });
  });

  it("trade statistics of the BUY trades and the control trades", () => {
    const buy = summary.actions.BUY;
    expect(buy.trades).toBe(3);
    expect(buy.win_rate).toBeCloseTo(2 / 3, 12);
    expect(buy.avg_r).toBeCloseTo(2 / 3, 12);
    expect(buy.median_r).toBe(1);
    expect(buy.avg_return).toBeCloseTo(2 / 30, 12);
    expect(buy.exits).toEqual({ stop: 1, target: 1, time: 1 });
    const [lo, hi] = buy.avg_r_ci95;
    expect(lo!).toBeLessThanOrEqual(buy.avg_r!);
    expect(hi!).toBeGreaterThanOrEqual(buy.avg_r!);
    expect(summary.actions.WATCH).toMatchObject({ trades: 0, win_rate: null, avg_r: null, median_r: null, avg_r_ci95: [null, null] });
    expect(summary.control).toMatchObject({ trades: 2, win_rate: 0.5, avg_r: -0.25, exits: { stop: 1, target: 0, time: 1 } });
    expect(summary.buy_minus_control_avg_r).toBeCloseTo(2 / 3 + 0.25, 12);
    expect(Object.keys(summary.buy_trades_by_setup)).toEqual(["Flat base", "VCP"]);
    expect(summary.buy_trades_by_setup.VCP).toMatchObject({ trades: 2, avg_r: 0.5, win_rate: 0.5 });
  });

  it("the paired same-session control and the block interval of the BUY trades' R", () => {
    // Without controls computed, no trade is paired.
    expect(summary.paired_control).toEqual({ trades: 0, diff_r: null, diff_r_ci95: [null, null], diff_return: null });
    const [lo, hi] = summary.avg_r_ci95_block;
    expect(lo!).toBeLessThanOrEqual(2 / 3);
    expect(hi!).toBeGreaterThanOrEqual(2 / 3);
    const paired = (r: number, month: string, control: number): Trade => ({
      ...trade("VCP", r, "time"),
      fillDate: `${month}-03`,
      pairedControl: { r: control, return: control / 10, stocks: 5 },
    });
    const trades = [paired(2, "2020-01", 1), paired(-1, "2020-06", -0.5), paired(1, "2021-03", 0), trade("VCP", 3, "target")];
    const stats = pairedControlStats(trades, 1);
    expect(stats.trades).toBe(3);
    expect(stats.diff_r).toBeCloseTo((1 - 0.5 + 1) / 3, 12);
    expect(stats.diff_return).toBeCloseTo((0.1 - 0.05 + 0.1) / 3, 12);
    expect(stats.diff_r_ci95[0]!).toBeLessThanOrEqual(stats.diff_r!);
    expect(stats.diff_r_ci95[1]!).toBeGreaterThanOrEqual(stats.diff_r!);
  });

  it("the all-dates baseline", () => {
    expect(summary.all_dates).toMatchObject({ count: 504, setups: 5, trades: 0 });
    expect(summary.all_dates.hit_rate).toBeCloseTo(3 / 5, 12);
    expect(summary.all_dates.median_excess.d21).toBeCloseTo(0.01, 12);
    expect(summary.all_dates.median_excess.d63).toBeCloseTo(0.01, 12);
    expect(summary.all_dates.median_excess.d126).toBeNull();
  });

  it("is null, not NaN, where a figure does not exist", () => {
    const empty = summarizeGroup([], 1);
    expect(empty.tickers).toBe(0);
    expect(empty.buy_setups_per_50_stock_years).toBeNull();
    expect(empty.actions.BUY).toMatchObject({ count: 0, setups: 0, hit_rate: null, median_excess: { d21: null, d63: null, d126: null } });
    expect(empty.buy_minus_control_avg_r).toBeNull();
    expect(JSON.stringify(empty)).not.toMatch(/NaN|Infinity/);
  });
});

describe("marketStateStats", () => {
  it("shares of the benchmark's sessions in [from, to] by state, and the median return 63 sessions later", () => {
    const n = 70;
    const dates = tradingDatesEndingAt("2026-11-20", n);
    const benchmark = barsFromRows(dates.map((date, k) => ({ date, open: 100 + k, high: 100 + k, low: 100 + k, close: 100 + k, volume: 1 })));
    const trend: MarketDirectionSeries["trend"] = dates.map((_, k) => (k < 3 ? null : k < 40 ? "Confirmed uptrend" : k < 50 ? "Correction" : "Uptrend under pressure"));
    const series: MarketDirectionSeries = {
      trend,
      distributionDays: new Int32Array(n),
      followThroughIndex: new Int32Array(n).fill(-1),
      correctionStart: new Int32Array(n).fill(-1),
      ema50: new Float64Array(n),
      ema200: new Float64Array(n),
      activeAtEnd: [],
    };
    // Sessions 5..60: 35 in an uptrend, 10 in a correction, 11 under pressure; only 5 and 6 have a close 63 sessions later.
    const stats = marketStateStats(benchmark, series, dates[5]!, dates[60]!);
    expect(stats["Confirmed uptrend"]!.share).toBeCloseTo(35 / 56, 12);
    expect(stats["Confirmed uptrend"]!.median_return_d63).toBeCloseTo((168 / 105 - 1 + 169 / 106 - 1) / 2, 12);
    expect(stats.Correction).toEqual({ share: 10 / 56, median_return_d63: null });
    expect(stats["Uptrend under pressure"]).toEqual({ share: 11 / 56, median_return_d63: null });
    expect(marketStateStats(benchmark, series, "2030-01-01", "2030-12-31").Correction).toEqual({ share: null, median_return_d63: null });
  });
});

describe("splitGroups", () => {
  it("puts tickers in the letter range in one group and the rest in the other", () => {
    expect(splitGroups("A-M", ["AAPL", "MSFT", "NVDA", "ZM", "M"])).toEqual({ "A-M": ["AAPL", "MSFT", "M"], rest: ["NVDA", "ZM"] });
    expect(splitGroups("n-z", ["AAPL", "NVDA"])).toEqual({ "N-Z": ["NVDA"], rest: ["AAPL"] });
  });

  it("rejects anything but a letter range", () => {
    expect(() => splitGroups("A..M", ["AAPL"])).toThrow(/--split takes a letter range such as A-M, got 'A\.\.M'/);
    expect(() => splitGroups("1-9", ["AAPL"])).toThrow(RangeError);
  });
});
