import { describe, expect, it } from "vitest";
import { barsFromRows, type DailyBars } from "../market/market-data";
import { tradingDatesEndingAt } from "../test-support/bar-builder";
import { simulateTrade, withCosts, type TradePlan } from "./trade-simulation";

/** Bars from [open, high, low, close] rows; session 0 is the signal session. */
function bars(rows: [number, number, number, number][]): DailyBars {
  const dates = tradingDatesEndingAt("2026-11-20", rows.length);
  return barsFromRows(rows.map(([open, high, low, close], k) => ({ date: dates[k]!, open, high, low, close, volume: 1_000_000 })));
}

const quiet = (price: number): [number, number, number, number] => [price, price + 0.5, price - 0.5, price];

/** Buy range 100–105, stop 92, target 120, fills allowed on sessions 1–3, a 5-session limit. */
const plan = (overrides: Partial<TradePlan> = {}): TradePlan => ({
  signalIndex: 0,
  lastEntryIndex: 3,
  entryCeiling: 105,
  entryFloor: 100,
  stop: 92,
  target: 120,
  maxSessions: 5,
  ...overrides,
});

describe("simulateTrade", () => {
  it("fills at the next session's open when it is within the ceiling", () => {
    const outcome = simulateTrade(bars([quiet(101), [102, 103, 101, 102], quiet(103), quiet(104), [104, 121, 103, 120], quiet(110)]), plan());
    expect(outcome).toMatchObject({ entryIndex: 1, entryPrice: 102, exitIndex: 4, exitPrice: 120, exitReason: "target" });
    expect(outcome!.r).toBeCloseTo((120 - 102) / (102 - 92), 12);
    expect(outcome!.return).toBeCloseTo(120 / 102 - 1, 12);
  });

  it("fills at the ceiling when the open gaps above it but the session trades down to it", () => {
    const outcome = simulateTrade(bars([quiet(101), [107, 108, 104, 106], quiet(106), quiet(106), quiet(106), quiet(106), quiet(106), quiet(106)]), plan());
    expect(outcome).toMatchObject({ entryIndex: 1, entryPrice: 105 });
  });

  it("after an open under the buy point, fills at the buy point when the session trades back up to it", () => {
    const outcome = simulateTrade(bars([quiet(101), [97, 101, 96, 100.5], quiet(101), quiet(101), quiet(101), quiet(101), quiet(101), quiet(101)]), plan());
    expect(outcome).toMatchObject({ entryIndex: 1, entryPrice: 100 });
    // The stop and target stay the plan's, so the risk is the plan's from the buy point.
    expect(outcome!.r).toBeCloseTo((101 - 100) / (100 - 92), 12);
  });

  it("never fills under the buy point: a gap under it that does not come back waits, then expires", () => {
    const under: [number, number, number, number] = [97, 99, 96, 98];
    // Sessions 1–3 (the window) stay under the buy point: no trade, even though the later bars rise.
    expect(simulateTrade(bars([quiet(101), under, under, under, quiet(103), quiet(104), quiet(105), quiet(106)]), plan())).toBeNull();
    // The same gap, then a session inside the window that trades up through the buy point: filled there.
    expect(simulateTrade(bars([quiet(101), under, [99, 102, 98.5, 101.5], quiet(102), quiet(102), quiet(102), quiet(102), quiet(102), quiet(102)]), plan())).toMatchObject({
      entryIndex: 2,
      entryPrice: 100,
    });
  });

  it("judges a fill on the way up against the whole session: a low under the stop that day stops it out", () => {
    const outcome = simulateTrade(bars([quiet(101), [93, 100.5, 91, 100], quiet(101)]), plan());
    expect(outcome).toMatchObject({ entryIndex: 1, entryPrice: 100, exitIndex: 1, exitPrice: 92, exitReason: "stop" });
  });

  it("does not fill when every allowed session stays above the ceiling, even if a later one would", () => {
    const rows: [number, number, number, number][] = [quiet(101), [107, 109, 106, 108], [108, 110, 107, 109], [109, 111, 108, 110], [104, 105, 103, 104], ...Array.from({ length: 6 }, () => quiet(104))];
    expect(simulateTrade(bars(rows), plan())).toBeNull();
    // The same bars with one more allowed session fill on it.
    expect(simulateTrade(bars(rows), plan({ lastEntryIndex: 4 }))).toMatchObject({ entryIndex: 4, entryPrice: 104 });
  });

  it("never fills on the signal session itself", () => {
    const outcome = simulateTrade(bars([[100, 101, 99, 100], [103, 104, 102, 103], quiet(103), quiet(103), quiet(103), quiet(103), quiet(103)]), plan());
    expect(outcome!.entryIndex).toBe(1);
  });

  it("takes the stop when one session touches both stop and target", () => {
    const outcome = simulateTrade(bars([quiet(101), quiet(102), [102, 125, 90, 110], quiet(110)]), plan());
    expect(outcome).toMatchObject({ exitIndex: 2, exitPrice: 92, exitReason: "stop" });
    expect(outcome!.r).toBeCloseTo(-1, 12);
  });

  it("exits at the open when a session gaps under the stop", () => {
    const outcome = simulateTrade(bars([quiet(101), quiet(102), [89, 90, 88, 89.5], quiet(90)]), plan());
    expect(outcome).toMatchObject({ exitIndex: 2, exitPrice: 89, exitReason: "stop" });
    expect(outcome!.r).toBeLessThan(-1);
  });

  it("exits at the target's price, or at the open when it gaps above the target", () => {
    const atTarget = simulateTrade(bars([quiet(101), quiet(102), [110, 121, 109, 119], quiet(119)]), plan());
    expect(atTarget).toMatchObject({ exitIndex: 2, exitPrice: 120, exitReason: "target" });
    const gapUp = simulateTrade(bars([quiet(101), quiet(102), [124, 126, 123, 125], quiet(125)]), plan());
    expect(gapUp).toMatchObject({ exitIndex: 2, exitPrice: 124, exitReason: "target" });
  });

  it("closes at the time limit, maxSessions after the fill, at that session's close", () => {
    const rows: [number, number, number, number][] = [quiet(101), quiet(102), quiet(103), quiet(104), quiet(105), quiet(106), [106, 108, 105, 107.5], quiet(99)];
    const outcome = simulateTrade(bars(rows), plan());
    expect(outcome).toMatchObject({ entryIndex: 1, entryPrice: 102, exitIndex: 6, exitPrice: 107.5, exitReason: "time" });
  });

  it("gives no result for a trade still open when the data ends", () => {
    expect(simulateTrade(bars([quiet(101), quiet(102), quiet(103), quiet(104)]), plan())).toBeNull();
  });

  it("gives no result when the fill would be at or under the stop", () => {
    expect(simulateTrade(bars([quiet(101), [91, 92, 90, 91], quiet(91), quiet(91), quiet(91), quiet(91), quiet(91)]), plan())).toBeNull();
  });

  it("sets relative stop and target from the fill price", () => {
    const outcome = simulateTrade(
      bars([quiet(50), [50, 51, 49.5, 50.5], quiet(51), [51, 60.5, 50.5, 60], quiet(60)]),
      plan({ entryCeiling: Number.POSITIVE_INFINITY, entryFloor: 0, stop: 0.08, target: 0.2, relative: true }),
    );
    expect(outcome).toMatchObject({ entryIndex: 1, entryPrice: 50, exitIndex: 3, exitReason: "target" });
    expect(outcome!.stop).toBeCloseTo(46, 12);
    expect(outcome!.target).toBeCloseTo(60, 12);
    expect(outcome!.exitPrice).toBeCloseTo(60, 12);
    expect(outcome!.r).toBeCloseTo(2.5, 12);
  });
});

describe("withCosts", () => {
  const outcome = { entryIndex: 1, entryPrice: 100, exitIndex: 5, exitPrice: 120, exitReason: "target" as const, stop: 90, target: 120, r: 2, return: 0.2 };

  it("takes the costs a side from the fill and the exit, in return and in R", () => {
    const net = withCosts(outcome, 10);
    // Paid 100.10, received 119.88.
    expect(net.return).toBeCloseTo(119.88 / 100.1 - 1, 12);
    expect(net.r).toBeCloseTo((119.88 - 100.1) / 10, 12);
    expect(net.entryPrice).toBe(100);
    expect(net.exitPrice).toBe(120);
  });

  it("changes nothing at zero cost, and makes a flat trade a loss otherwise", () => {
    expect(withCosts(outcome, 0)).toEqual(outcome);
    const flat = withCosts({ ...outcome, exitPrice: 100, r: 0, return: 0 }, 25);
    expect(flat.r).toBeCloseTo(-0.05, 12);
    expect(flat.return).toBeLessThan(0);
  });
});
