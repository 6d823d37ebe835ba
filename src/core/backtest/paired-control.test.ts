import { describe, expect, it } from "vitest";
import { barsFromRows, type DailyBars } from "../market/market-data";
import { tradingDatesEndingAt } from "../test-support/bar-builder";
import { attachPairedControls, pairedControlOf, type UniverseStock } from "./paired-control";
import { withCosts } from "./trade-simulation";
import type { Trade } from "./walk-forward";

const dates = tradingDatesEndingAt("2026-11-20", 7);
const quiet = (price: number): [number, number, number, number] => [price, price + 0.5, price - 0.5, price];

/** Bars from [open, high, low, close] rows starting at session `from` of `dates`. */
function bars(rows: [number, number, number, number][], from = 0, skip: number | null = null): DailyBars {
  const kept = rows.map((row, k) => ({ row, date: dates[from + k]! })).filter((_, k) => from + k !== skip);
  return barsFromRows(kept.map(({ row: [open, high, low, close], date }) => ({ date, open, high, low, close, volume: 1_000_000 })));
}

// The BUY trade: signal on session 0, filled at 100 on session 1, stop 90 (10%), target 120 (20%).
const trade = { ticker: "BUY", fillDate: dates[1]!, entryPrice: 100, stop: 90, target: 120 };
const options = { tradeSessions: 3, costsBp: 0 };

const universe: UniverseStock[] = [
  { ticker: "BUY", bars: bars([quiet(99), quiet(100), quiet(130), quiet(130), quiet(130), quiet(130), quiet(130)]) },
  // Filled at 50: the target (+20% = 60) is touched the next session: +2 R, +20%.
  { ticker: "UP", bars: bars([quiet(49), quiet(50), [55, 61, 54, 60], quiet(60), quiet(60), quiet(60), quiet(60)]) },
  // Filled at 200: the stop (−10% = 180) is hit the next session: −1 R, −10%.
  { ticker: "DOWN", bars: bars([quiet(201), quiet(200), [190, 191, 170, 175], quiet(175), quiet(175), quiet(175), quiet(175)]) },
  // Not eligible: no bar on the signal session; no bar on the fill session; no valid price.
  { ticker: "LATE", bars: bars([quiet(10), [10, 20, 10, 20], quiet(20), quiet(20), quiet(20), quiet(20)], 1) },
  { ticker: "GAP", bars: bars([quiet(10), quiet(10), [10, 20, 10, 20], quiet(20), quiet(20), quiet(20), quiet(20)], 0, 1) },
  { ticker: "BAD", bars: bars([quiet(10), [0, 20, 10, 20], quiet(20), quiet(20), quiet(20), quiet(20), quiet(20)]) },
];

describe("paired same-session control", () => {
  it("buys every other eligible stock at the trade's open with the trade's stop and target, and averages them", () => {
    const control = pairedControlOf(trade, dates[0]!, universe, options)!;
    expect(control.stocks).toBe(2);
    expect(control.r).toBeCloseTo((2 + -1) / 2, 12);
    expect(control.return).toBeCloseTo((0.2 - 0.1) / 2, 12);
  });

  it("with v3's exits, stops on a close (out at the next open) and holds to the time limit without a target", () => {
    const control = pairedControlOf(trade, dates[0]!, universe, { ...options, closeStop: true })!;
    // UP: no target, out at the close 3 sessions after the fill, 60: +2 R. DOWN: closes at 175,
    // under its 180 stop, out at the next open, 175: −1.25 R, −12.5%.
    expect(control.stocks).toBe(2);
    expect(control.r).toBeCloseTo((2 + -1.25) / 2, 12);
    expect(control.return).toBeCloseTo((0.2 - 0.125) / 2, 12);
  });

  it("applies the same costs as the trade's", () => {
    const control = pairedControlOf(trade, dates[0]!, universe, { ...options, costsBp: 10 })!;
    const up = withCosts({ entryPrice: 50, exitPrice: 60, stop: 45, r: 2, return: 0.2 }, 10);
    const down = withCosts({ entryPrice: 200, exitPrice: 180, stop: 180, r: -1, return: -0.1 }, 10);
    expect(control.r).toBeCloseTo((up.r + down.r) / 2, 12);
    expect(control.return).toBeCloseTo((up.return + down.return) / 2, 12);
  });

  it("is null when no other stock is eligible, and is attached to each trade", () => {
    expect(pairedControlOf(trade, dates[0]!, universe.slice(0, 1).concat(universe.slice(3)), options)).toBeNull();
    const full: Trade = { ...trade, signalDate: dates[0]!, exitDate: dates[2]!, setup: "VCP", entryIndex: 1, exitIndex: 2, exitPrice: 130, exitReason: "target", r: 2, return: 0.3 };
    attachPairedControls([full], universe, options);
    expect(full.pairedControl).toEqual(pairedControlOf(trade, dates[0]!, universe, options));
  });
});
