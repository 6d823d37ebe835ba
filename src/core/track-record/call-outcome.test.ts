import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { barsFromRows, type DailyBars } from "../market/market-data";
import { tradingDatesEndingAt } from "../test-support/bar-builder";
import { simulateTrade, type TradeLevels } from "../backtest/trade-simulation";
import { advanceCall, callStatus, isSettled, startProgress, tradeResult, type CallProgress, type FollowedCall } from "./call-outcome";

/** Bars from closes: each session opens at the previous close and trades 2% around the wider of the two. */
function barsOf(closes: number[]): DailyBars {
  const dates = tradingDatesEndingAt("2026-11-20", closes.length);
  return barsFromRows(
    closes.map((close, k) => {
      const open = k === 0 ? close : closes[k - 1]!;
      return { date: dates[k]!, open, high: Math.max(open, close) * 1.02, low: Math.min(open, close) * 0.98, close, volume: 1_000 };
    }),
  );
}

/** The call on session `signal`, followed over every later session of `bars`. */
function follow(call: FollowedCall, bars: DailyBars, signal: number, benchmark: DailyBars | null = null): CallProgress {
  let progress = startProgress(call, bars.dates[signal]!);
  for (let i = signal + 1; i < bars.dates.length; i++) {
    progress = advanceCall(call, progress, { date: bars.dates[i]!, open: bars.open[i]!, high: bars.high[i]!, low: bars.low[i]!, close: bars.close[i]! }, benchmark ? benchmark.close[i]! : null);
  }
  return progress;
}

const levels = (overrides: Partial<TradeLevels> = {}): TradeLevels => ({ entrySessions: 3, entryCeiling: 105, entryFloor: 100, stop: 92, target: 120, maxSessions: 126, ...overrides });

describe("a call followed session by session", () => {
  it("plays a trade exactly as the back-test's simulateTrade does, on any path", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -0.09, max: 0.09, noNaN: true }), { minLength: 2, maxLength: 220 }),
        fc.integer({ min: 0, max: 6 }),
        fc.double({ min: 0.02, max: 0.15, noNaN: true }),
        fc.double({ min: 0.05, max: 0.4, noNaN: true }),
        fc.integer({ min: 0, max: 60 }),
        (moves, entrySessions, risk, reward, maxSessions) => {
          const closes = [100];
          for (const move of moves) closes.push(closes[closes.length - 1]! * (1 + move));
          const bars = barsOf(closes);
          const trade = levels({ entrySessions, entryCeiling: 103, stop: 100 * (1 - risk), target: 100 * (1 + reward), maxSessions });
          const progress = follow({ action: "BUY", price: 100, benchmarkPrice: null, trade }, bars, 0);
          const expected = simulateTrade(bars, { ...trade, signalIndex: 0, lastEntryIndex: entrySessions });
          if (expected === null) {
            expect(progress.trade!.state).not.toBe("closed");
          } else {
            expect(progress.trade).toMatchObject({ state: "closed", entryPrice: expected.entryPrice, exitPrice: expected.exitPrice, exitReason: expected.exitReason });
            expect(progress.entryDate).toBe(bars.dates[expected.entryIndex]);
            expect(progress.exitDate).toBe(bars.dates[expected.exitIndex]);
            expect(tradeResult(progress)!.r).toBeCloseTo(expected.r, 12);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives the same progress whether the sessions arrive one run at a time or all at once", () => {
    const closes = Array.from({ length: 160 }, (_, k) => 100 + 6 * Math.sin(k / 7) + k * 0.1);
    const bars = barsOf(closes);
    const call: FollowedCall = { action: "BUY", price: 100, benchmarkPrice: 50, trade: levels({ entryCeiling: 104, stop: 95, target: 130 }) };
    const once = follow(call, bars, 0, bars);
    let inSteps = startProgress(call, bars.dates[0]!);
    // Runs that saw 1 to 5 new sessions each, and sessions seen twice (a second run on the same day).
    for (let end = 1; end < bars.dates.length; end += 1 + (end % 5)) {
      for (let i = Math.max(1, end - 3); i <= end && i < bars.dates.length; i++) {
        inSteps = advanceCall(call, inSteps, { date: bars.dates[i]!, open: bars.open[i]!, high: bars.high[i]!, low: bars.low[i]!, close: bars.close[i]! }, bars.close[i]!);
      }
    }
    for (let i = 1; i < bars.dates.length; i++) inSteps = advanceCall(call, inSteps, { date: bars.dates[i]!, open: bars.open[i]!, high: bars.high[i]!, low: bars.low[i]!, close: bars.close[i]! }, bars.close[i]!);
    expect(inSteps).toEqual(once);
    expect(once.forward.every((f) => f !== null)).toBe(true);
    expect(inSteps.sessions).toBe(159);
  });

  it("measures the return and the excess over the benchmark at +21, +63 and +126 sessions", () => {
    const stock = barsOf(Array.from({ length: 130 }, (_, k) => 100 + k));
    const benchmark = barsOf(Array.from({ length: 130 }, (_, k) => 200 + k));
    const progress = follow({ action: "WATCH", price: 100, benchmarkPrice: 200, trade: null }, stock, 0, benchmark);
    expect(progress.forward[0]).toEqual({ stock: 121 / 100 - 1, benchmark: 221 / 200 - 1, excess: 121 / 100 - 221 / 200 });
    expect(progress.forward[1]!.stock).toBeCloseTo(0.63, 12);
    expect(progress.forward[2]!.excess).toBeCloseTo(1.26 - 0.63, 12);
    expect(callStatus(progress)).toBe("done");
    expect(isSettled(progress)).toBe(true);
  });

  it("has no excess without the benchmark's price, and is open before +126 sessions", () => {
    const stock = barsOf(Array.from({ length: 40 }, (_, k) => 100 + k));
    const progress = follow({ action: "SELL", price: 100, benchmarkPrice: null, trade: null }, stock, 0, stock);
    expect(progress.forward[0]).toMatchObject({ benchmark: null, excess: null });
    expect(progress.forward[0]!.stock).toBeCloseTo(0.21, 12);
    expect(progress.forward[1]).toBeNull();
    expect(callStatus(progress)).toBe("open");
    expect(isSettled(progress)).toBe(false);
  });

  it("says 'not filled' when price never came back into the buy range in time, and marks an open trade at the last close", () => {
    const dates = tradingDatesEndingAt("2026-11-20", 6);
    // Every session after the call opens and trades above the top of the buy range (105).
    const rising = barsFromRows([100, 110, 112, 114, 116, 118].map((close, k) => ({ date: dates[k]!, open: close, high: close + 1, low: close - 1, close, volume: 1_000 })));
    const unfilled = follow({ action: "BUY", price: 100, benchmarkPrice: null, trade: levels() }, rising, 0);
    expect(callStatus(unfilled)).toBe("not-filled");
    expect(tradeResult(unfilled)).toBeNull();

    const held = follow({ action: "BUY", price: 100, benchmarkPrice: null, trade: levels() }, barsOf([100, 101, 104, 103]), 0);
    expect(callStatus(held)).toBe("open");
    expect(tradeResult(held)!.r).toBeCloseTo((103 - 100) / (100 - 92), 12);
    expect(held.entryDate).not.toBeNull();
    expect(held.exitDate).toBeNull();
  });

  it("ignores a session it has already folded in", () => {
    const bars = barsOf([100, 101, 102]);
    const call: FollowedCall = { action: "WATCH", price: 100, benchmarkPrice: null, trade: null };
    const progress = follow(call, bars, 0);
    expect(advanceCall(call, progress, { date: bars.dates[2]!, open: 1, high: 1, low: 1, close: 1 }, null)).toBe(progress);
    expect(advanceCall(call, progress, { date: bars.dates[0]!, open: 1, high: 1, low: 1, close: 1 }, null)).toBe(progress);
  });
});
