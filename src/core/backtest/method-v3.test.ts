import { describe, expect, it } from "vitest";
import { DEFAULT_ANALYSIS_CONFIG as config } from "../analysis/analysis-config";
import { marketDirectionSeries } from "../analysis/market-direction";
import { barsFromRows, type DailyBars } from "../market/market-data";
import { tradingDatesEndingAt } from "../test-support/bar-builder";
import { isV3Buy, regimeOn, simulateCloseStopTrade, v3StopLevel, walkForwardStockV3 } from "./method-v3";

/** Bars from [open, high, low, close] rows on consecutive sessions. */
function bars(rows: [number, number, number, number][]): DailyBars {
  const dates = tradingDatesEndingAt("2026-11-20", rows.length);
  return barsFromRows(rows.map(([open, high, low, close], k) => ({ date: dates[k]!, open, high, low, close, volume: 1_000_000 })));
}
const flat = (price: number, n: number): [number, number, number, number][] => Array.from({ length: n }, () => [price, price + 0.5, price - 0.5, price]);

describe("method v3's rule", () => {
  it("buys the top 10% by RS rating (90+) only while the benchmark closes above its 200-day average", () => {
    expect(isV3Buy(90, true)).toBe(true);
    expect(isV3Buy(99, true)).toBe(true);
    expect(isV3Buy(89, true)).toBe(false);
    expect(isV3Buy(95, false)).toBe(false);
    expect(isV3Buy(Number.NaN, true)).toBe(false);
    // 199 flat sessions then a rise: no average before session 199; above it once the close rises.
    const rising = regimeOn(bars([...flat(100, 200), ...flat(101, 1)]));
    expect(rising.slice(0, 200).every((on) => !on)).toBe(true);
    expect(rising[200]).toBe(true);
  });

  it("puts the stop at the wider of 15% and 3 × ATR(20) below the entry", () => {
    expect(v3StopLevel(100, 2)).toBeCloseTo(85, 12);
    expect(v3StopLevel(100, 6)).toBeCloseTo(82, 12);
    expect(v3StopLevel(100, Number.NaN)).toBeCloseTo(85, 12);
  });

  it("exits at the next open after a close under the stop, not on an intraday touch", () => {
    // Fill at 100 (session 1); session 2 trades down to 80 but closes at 90; session 3 closes at 84; out at session 4's open.
    const b = bars([[100, 100, 100, 100], [100, 101, 99, 100], [95, 96, 80, 90], [88, 89, 83, 84], [83, 84, 82, 83], ...flat(83, 5)]);
    const outcome = simulateCloseStopTrade(b, 0, (entry) => entry * 0.85, 126)!;
    expect(outcome).toMatchObject({ entryIndex: 1, entryPrice: 100, exitIndex: 4, exitPrice: 83, exitReason: "stop", stop: 85, target: Number.POSITIVE_INFINITY });
    expect(outcome.r).toBeCloseTo(-17 / 15, 12);
    // The close under the stop is the data's last: no next open, so no result yet.
    expect(simulateCloseStopTrade(bars([[100, 100, 100, 100], [100, 101, 99, 100], [88, 89, 83, 84]]), 0, (entry) => entry * 0.85, 126)).toBeNull();
  });

  it("holds with no target and exits at the close of the session maxSessions after the fill", () => {
    const b = bars([[100, 100, 100, 100], [100, 101, 99, 100], [150, 200, 150, 190], [190, 191, 189, 190], [190, 191, 189, 195], ...flat(195, 3)]);
    expect(simulateCloseStopTrade(b, 0, (entry) => entry * 0.85, 3)).toMatchObject({ entryIndex: 1, exitIndex: 4, exitPrice: 195, exitReason: "time" });
    // Not enough sessions left: an open trade has no result.
    expect(simulateCloseStopTrade(b, 0, (entry) => entry * 0.85, 50)).toBeNull();
  });
});

describe("the v3 walk-forward of one stock", () => {
  it("trades one BUY at a time: a BUY while holding is not a new trade", () => {
    const b = bars([...flat(100, 240), ...Array.from({ length: 60 }, (_, k): [number, number, number, number] => [100 + k, 101 + k, 99 + k, 100 + k])]);
    const benchmark = { bars: b, market: marketDirectionSeries(b, config), indexByDate: new Map(b.dates.map((d, i) => [d, i])) };
    const ratings = new Float64Array(b.close.length).fill(95);
    const options = { from: b.dates[0]!, to: b.dates[b.dates.length - 1]!, step: 1, config: { ...config, minBars: 1 }, tradeSessions: 10, entry: "buy-range" as const, costsBp: 0 };
    const result = walkForwardStockV3("X", b, ratings, benchmark, regimeOn(b), [], options);
    // The regime turns on at the first close above the average (session 241); trades run 10
    // sessions after their fill, and the next starts on the BUY after the exit.
    expect(result.trades[0]).toMatchObject({ signalDate: b.dates[241], fillDate: b.dates[242], exitDate: b.dates[252], exitReason: "time" });
    expect(result.trades[1]!.signalDate).toBe(b.dates[253]);
    for (let k = 1; k < result.trades.length; k++) expect(result.trades[k]!.signalDate > result.trades[k - 1]!.exitDate).toBe(true);
    expect(result.buySetups).toBe(result.trades.length + 1);
    expect(result.days.BUY).toBe(59);
    expect(result.days.WATCH).toBe(241);
    expect(result.episodes.map((e) => e.action)).toEqual(["WATCH", "BUY"]);
  });
});
