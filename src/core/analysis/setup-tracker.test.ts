import { describe, expect, it } from "vitest";
import type { DailyBars } from "../market/market-data";
import type { BarBuilder } from "../test-support/bar-builder";
import { DEFAULT_ANALYSIS_CONFIG as config } from "./analysis-config";
import { computeFacts } from "./analyze-stock";
import { baseEndingAt } from "./bases";
import { prepareSeries, type SeriesContext } from "./series-context";
import { SetupTracker, type SellEvent, type TrackedBase } from "./setup-tracker";
import { input, leader, vcp } from "./test-fixtures";

/** The tracker's state after each session, copied (the tracked base is mutated while it forms). */
interface Day {
  tracked: TrackedBase | null;
  pivot: number | null;
  announcedIndex: number | null;
  breakoutIndex: number | null;
  confirmIndex: number | null;
  sell: SellEvent | null;
  sellIndex: number | null;
}

function walk(bars: DailyBars): { ctx: SeriesContext; days: Day[] } {
  const ctx = prepareSeries(bars, config);
  const tracker = new SetupTracker(ctx, config);
  const days: Day[] = [];
  for (let i = 0; i < ctx.n; i++) {
    tracker.advanceTo(i);
    const t = tracker.current;
    days.push({
      tracked: t,
      pivot: t ? t.base.pivot : null,
      announcedIndex: t ? t.announcedIndex : null,
      breakoutIndex: t && t.breakoutIndex >= 0 ? t.breakoutIndex : null,
      confirmIndex: t && t.confirmIndex >= 0 ? t.confirmIndex : null,
      sell: tracker.sell?.event ?? null,
      sellIndex: tracker.sell?.index ?? null,
    });
  }
  return { ctx, days };
}

/** The base the tracker follows after the builder's last session (it must follow one). */
function followedAtEnd(builder: BarBuilder): TrackedBase {
  const bars = builder.build();
  const tracker = new SetupTracker(prepareSeries(bars, config), config);
  tracker.advanceTo(bars.close.length - 1);
  expect(tracker.current).not.toBeNull();
  return tracker.current!;
}

const last = (bars: DailyBars) => bars.close.length - 1;

/**
 * The VCP fixture broken out on breakout volume (day 0 = its last session): pivot, stop and the
 * breakout index, read from the tracker, so the follow-ups can place closes relative to them.
 */
function brokenOut(): { builder: BarBuilder; pivot: number; stop: number; breakoutIndex: number } {
  const builder = vcp().day(0.035, config.breakoutVolumeRatio + 1);
  const tracked = followedAtEnd(builder);
  expect(tracked.breakoutIndex).toBe(builder.length - 1);
  expect(tracked.confirmIndex).toBe(tracked.breakoutIndex);
  return { builder, pivot: tracked.base.pivot, stop: tracked.stopLoss, breakoutIndex: tracked.breakoutIndex };
}

describe("announced pivots persist", () => {
  // A flat base (one 10% pullback, then a slow climb): announced with the left-side high as pivot.
  const flatThenTighter = () => leader().move(-0.1, 8).to(97, 20).move(-0.04, 4).to(96.5, 5, 0.7);

  it("keeps a flat base's pivot when a tighter contraction with a lower high forms inside it (the AAPL case)", () => {
    const beforeBreakout = flatThenTighter();
    const bars = beforeBreakout.build();
    const { ctx, days } = walk(bars);
    const end = last(bars);
    const announced = days[end]!;
    expect(announced.tracked?.base.type).toBe("Flat base");
    const announcedAt = announced.announcedIndex!;
    // Re-derived at the last session, the base would now be a VCP pivoting on the tighter contraction's lower high.
    const rederived = baseEndingAt(bars, end, ctx.averageVolume50, config);
    expect(rederived?.type).toBe("VCP");
    expect(rederived!.pivot).toBeLessThan(announced.pivot! - 2);
    // The tracker never re-derives: same base, same pivot, from its announcement to now.
    for (let i = announcedAt; i <= end; i++) {
      expect(days[i]!.tracked).toBe(announced.tracked);
      expect(days[i]!.pivot).toBe(announced.pivot);
    }
    expect(announced.pivot).toBeCloseTo(bars.high[announced.tracked!.base.startIndex]! + config.base.pivotOffset, 10);
  });

  it("judges the breakout against the announced pivot: a close above the lower re-derived pivot is no breakout, and the real one is 'Breakout', not 'Extended'", () => {
    const builder = flatThenTighter();
    const beforeBars = builder.build();
    const rederived = baseEndingAt(beforeBars, last(beforeBars), prepareSeries(beforeBars, config).averageVolume50, config)!;
    const announcedPivot = followedAtEnd(flatThenTighter()).base.pivot;
    // Day 1 closes between the two pivots; day 2 clears the announced pivot on volume, past the re-derived buy range.
    builder.to((rederived.pivot + announcedPivot) / 2, 1, 1.2).to(announcedPivot * (1 + config.base.buyRange / 2), 1, config.breakoutVolumeRatio + 1);
    const bars = builder.build();
    const { days } = walk(bars);
    const end = last(bars);
    expect(bars.close[end - 1]).toBeGreaterThan(rederived.pivot);
    expect(days[end - 1]!.breakoutIndex).toBeNull();
    expect(days[end]!.pivot).toBe(announcedPivot);
    expect(days[end]!.breakoutIndex).toBe(end);
    expect(bars.close[end]).toBeGreaterThan(rederived.buyRangeHigh);

    const facts = computeFacts(input(bars));
    expect(facts.setup).toBe("Breakout");
    expect(facts.baseState?.base.pivot).toBe(announcedPivot);
    expect(facts.baseState?.breakoutDate).toBe(bars.dates[end]);
    expect(facts.action).toBe("BUY");
  });

  it("keeps a VCP's pivot at the contraction it was announced on while later contractions tighten", () => {
    const bars = vcp().build();
    const { ctx, days } = walk(bars);
    const end = last(bars);
    const followed = days[end]!;
    expect(followed.tracked?.base.type).toBe("VCP");
    const announcedAt = followed.announcedIndex!;
    // Announced early (during the second pullback), before the third contraction existed.
    const atAnnouncement = baseEndingAt(bars, announcedAt, ctx.averageVolume50, config)!;
    expect(atAnnouncement.pivot).toBe(followed.pivot);
    const now = baseEndingAt(bars, end, ctx.averageVolume50, config)!;
    expect(now.contractions.length).toBeGreaterThan(atAnnouncement.contractions.length);
    expect(now.pivot).not.toBeCloseTo(followed.pivot!, 2);
    for (let i = announcedAt; i <= end; i++) expect(days[i]!.pivot).toBe(followed.pivot);
  });
});

describe("announcement and invalidation", () => {
  // Left-side high, a 10% pullback, a rally, a 4% pullback: a VCP once it is 3 weeks old.
  const twoPullbacks = () => leader().move(-0.1, 4).to(96, 3).move(-0.04, 3);
  const minSessions = Math.min(config.base.vcp.minWeeks, config.base.flatBase.minWeeks) * 5;

  it("announces a base on the first session it is found with the close at or under its pivot", () => {
    const bars = twoPullbacks().to(96.1, 4).flat(5, 0.002).build();
    const { ctx, days } = walk(bars);
    const firstFound = days.findIndex((_, i) => i > 200 && baseEndingAt(bars, i, ctx.averageVolume50, config) !== null);
    const found = baseEndingAt(bars, firstFound, ctx.averageVolume50, config)!;
    expect(firstFound - found.startIndex + 1).toBe(minSessions);
    expect(bars.close[firstFound]).toBeLessThanOrEqual(found.pivot);
    expect(days[firstFound - 1]!.tracked).toBeNull();
    expect(days[firstFound]!.announcedIndex).toBe(firstFound);
    expect(days[firstFound]!.pivot).toBe(found.pivot);
  });

  it("announces nothing on a session whose close is already above the pivot, nor while it stays there", () => {
    const bars = twoPullbacks().to(98.5, 4).flat(20, 0.003).build();
    const { ctx, days } = walk(bars);
    const firstFound = days.findIndex((_, i) => i > 200 && baseEndingAt(bars, i, ctx.averageVolume50, config) !== null);
    expect(firstFound).toBeGreaterThan(0);
    for (let i = firstFound; i <= last(bars); i++) {
      const found = baseEndingAt(bars, i, ctx.averageVolume50, config)!;
      expect(bars.close[i]).toBeGreaterThan(found.pivot);
      expect(days[i]!.tracked).toBeNull();
    }
  });

  // One 12% pullback and a climb back to 99: a flat base; then a slide.
  const flatBase12 = () => leader().move(-0.12, 8).to(99, 20);

  it("drops the base on a close under its lowest low", () => {
    const tracked = followedAtEnd(flatBase12());
    // Down to 2% over the low, then one session closing 5% under it (too deep for any new base).
    const builder = flatBase12().to(tracked.lowestLow * 1.02, 6).to(tracked.lowestLow * 0.95, 1);
    const bars = builder.build();
    const { ctx, days } = walk(bars);
    const end = last(bars);
    expect(days[end - 1]!.tracked).toBe(days[end - 7]!.tracked);
    expect(days[end - 1]!.announcedIndex).toBe(tracked.announcedIndex);
    expect(bars.close[end]).toBeLessThan(days[end - 1]!.tracked!.lowestLow);
    expect(baseEndingAt(bars, end, ctx.averageVolume50, config)).toBeNull();
    expect(days[end]!.tracked).toBeNull();
    expect(days[end]!.sell).toBeNull();
  });

  it("keeps the base when a session trades under the low but closes above it", () => {
    const tracked = followedAtEnd(flatBase12());
    const low = tracked.lowestLow;
    // Down to 1% over the low, then a session that opens there and closes just above the low
    // (its intraday low, 0.4% under the close, undercuts the base's low).
    const builder = flatBase12().to(low * 1.01, 6).to(low * 1.001, 1);
    const bars = builder.build();
    const { days } = walk(bars);
    const end = last(bars);
    expect(bars.low[end]).toBeLessThan(low);
    expect(days[end]!.tracked).toBe(days[end - 7]!.tracked);
    expect(days[end]!.tracked!.lowestLow).toBe(bars.low[end]);
    expect(days[end]!.pivot).toBe(tracked.base.pivot);
  });
});

describe("breakout and confirmation", () => {
  it("dates the breakout to the first close above the announced pivot, confirmed on volume the next session", () => {
    const builder = vcp();
    const pivot = followedAtEnd(vcp()).base.pivot;
    builder.to(pivot * 1.004, 1, 1).day(0.006, config.breakoutVolumeRatio + 1);
    const bars = builder.build();
    const { ctx, days } = walk(bars);
    const end = last(bars);
    expect(ctx.volumeRatio[end - 1]).toBeLessThan(config.breakoutVolumeRatio);
    expect(days[end - 1]).toMatchObject({ breakoutIndex: end - 1, confirmIndex: null });
    expect(days[end]).toMatchObject({ breakoutIndex: end - 1, confirmIndex: end, pivot });
    expect(ctx.volumeRatio[end]).toBeGreaterThanOrEqual(config.breakoutVolumeRatio);
  });

  it("confirms on the last session of the buy window, not on the session after it", () => {
    const window = config.breakout.buyWindowSessions;
    const pivot = followedAtEnd(vcp()).base.pivot;
    const run = (heavyOn: number) => {
      // Day 0 closes above the pivot on ordinary volume; heavy volume on day `heavyOn`.
      const builder = vcp().to(pivot * 1.004, 1, 1).flat(heavyOn - 1, 0.001, 1).day(0.004, config.breakoutVolumeRatio + 1);
      const bars = builder.build();
      return { bars, days: walk(bars).days };
    };
    const inside = run(window - 1);
    expect(inside.days[last(inside.bars)]).toMatchObject({ breakoutIndex: last(inside.bars) - (window - 1), confirmIndex: last(inside.bars) });
    const after = run(window);
    expect(after.days[last(after.bars)]).toMatchObject({ breakoutIndex: last(after.bars) - window, confirmIndex: null });
  });

  it("replaces a broken-out base with a new base built after the breakout", () => {
    const { builder, breakoutIndex } = brokenOut();
    builder.move(0.15, 15).move(-0.06, 8).flat(config.base.flatBase.minWeeks * 5 - 5, 0.003);
    const bars = builder.build();
    const { days } = walk(bars);
    const end = last(bars);
    const newer = days[end]!.tracked!;
    expect(newer.breakoutIndex).toBe(-1);
    expect(newer.base.startIndex).toBeGreaterThan(breakoutIndex);
    expect(days[newer.announcedIndex - 1]!.breakoutIndex).toBe(breakoutIndex);
  });
});

describe("sell rules", () => {
  it("stop-hit: a close under the stop after the breakout", () => {
    const { builder, pivot, stop, breakoutIndex } = brokenOut();
    builder.flat(config.breakout.failedBreakoutSessions + 1, 0.001).to(stop * 0.995, 1);
    const bars = builder.build();
    const { days } = walk(bars);
    const end = last(bars);
    expect(days[end - 1]).toMatchObject({ breakoutIndex, sell: null });
    expect(bars.close[end - 1]).toBeGreaterThan(pivot);
    expect(days[end]).toMatchObject({ sell: "stop-hit", sellIndex: end, tracked: null });
  });

  it("no SELL for a close just above the stop once the failed-breakout window is over", () => {
    const { builder, pivot, stop, breakoutIndex } = brokenOut();
    builder.flat(config.breakout.failedBreakoutSessions + 1, 0.001).to(stop * 1.005, 1);
    const bars = builder.build();
    const { days } = walk(bars);
    const end = last(bars);
    expect(bars.close[end]).toBeLessThan(pivot);
    expect(days[end]).toMatchObject({ breakoutIndex, sell: null });
  });

  it("stop-hit takes precedence over a failed breakout when one close breaks both", () => {
    const { builder, stop } = brokenOut();
    builder.to(stop * 0.99, 1);
    const bars = builder.build();
    expect(walk(bars).days[last(bars)]!.sell).toBe("stop-hit");
  });

  it("failed-breakout: a close under the pivot within failedBreakoutSessions of the breakout", () => {
    const { builder, pivot, stop } = brokenOut();
    const level = pivot * (1 - config.breakout.failedBreakoutUndercut) * 0.995;
    expect(level).toBeGreaterThan(stop);
    builder.flat(config.breakout.failedBreakoutSessions - 1, 0.001).to(level, 1);
    const bars = builder.build();
    const { days } = walk(bars);
    const end = last(bars);
    expect(days[end]).toMatchObject({ sell: "failed-breakout", sellIndex: end, tracked: null });
  });

  it("no SELL for the same dip under the pivot one session after failedBreakoutSessions", () => {
    const { builder, pivot, breakoutIndex } = brokenOut();
    const level = pivot * (1 - config.breakout.failedBreakoutUndercut) * 0.995;
    builder.flat(config.breakout.failedBreakoutSessions, 0.001).to(level, 1);
    const bars = builder.build();
    const { days } = walk(bars);
    const end = last(bars);
    expect(end - breakoutIndex).toBe(config.breakout.failedBreakoutSessions + 1);
    expect(bars.close[end]).toBeLessThan(pivot);
    expect(days[end]).toMatchObject({ breakoutIndex, sell: null });
  });

  /**
   * Broken out, then a steady climb over 50 sessions to `runTo` × pivot (each session a new high, so
   * no new base forms), then one session down to midway between the stop and the 50-day average.
   */
  function runThenBreak(runTo: number, volumeFactor: number) {
    const { builder, pivot, stop, breakoutIndex } = brokenOut();
    builder.to(pivot * runTo, 50);
    const before = builder.build();
    const ma50 = prepareSeries(before, config).ma50[last(before)]!;
    expect(ma50).toBeGreaterThan(stop);
    builder.to((stop + ma50) / 2, 1, volumeFactor);
    const bars = builder.build();
    const { ctx, days } = walk(bars);
    const end = last(bars);
    // Preconditions of the rule, checked so the fixture cannot drift silently.
    expect(bars.close[end]).toBeLessThan(ctx.ma50[end]!);
    expect(bars.close[end]).toBeGreaterThan(stop);
    return { bars, ctx, days, end, breakoutIndex };
  }

  const heavy = config.sell.fiftyDayVolumeRatio + 1;

  it("fifty-day-break: after a run, a close under the 50-day average on heavy volume", () => {
    const { ctx, days, end, breakoutIndex } = runThenBreak(1 + config.sell.fiftyDayRun + 0.05, heavy);
    expect(days[end - 1]).toMatchObject({ breakoutIndex, sell: null });
    expect(ctx.volumeRatio[end]).toBeGreaterThanOrEqual(config.sell.fiftyDayVolumeRatio);
    expect(days[end]).toMatchObject({ sell: "fifty-day-break", sellIndex: end });
  });

  it("a fifty-day-break SELL stays while the close is under the 50-day line, and ends once it closes above", () => {
    const { builder, pivot, stop } = brokenOut();
    builder.to(pivot * (1 + config.sell.fiftyDayRun + 0.05), 50);
    const before = builder.build();
    const ma50 = prepareSeries(before, config).ma50[last(before)]!;
    builder.to((stop + ma50) / 2, 1, heavy).flat(3, 0.001);
    const end = last(builder.build()) - 3;
    builder.to(ma50 * 1.08, 1);
    const bars = builder.build();
    const { ctx, days } = walk(bars);
    for (let k = end; k <= end + 3; k++) {
      expect(bars.close[k]).toBeLessThan(ctx.ma50[k]!);
      expect(days[k], `session ${k}`).toMatchObject({ sell: "fifty-day-break", sellIndex: end });
    }
    expect(bars.close[end + 4]).toBeGreaterThan(ctx.ma50[end + 4]!);
    expect(days[end + 4]!.sell).toBeNull();
  });

  it("no fifty-day-break without the run", () => {
    const { days, end, breakoutIndex } = runThenBreak(1 + config.sell.fiftyDayRun / 2, heavy);
    expect(days[end]).toMatchObject({ breakoutIndex, sell: null });
  });

  it("no fifty-day-break on light volume", () => {
    const { ctx, days, end, breakoutIndex } = runThenBreak(1 + config.sell.fiftyDayRun + 0.05, 1);
    expect(ctx.volumeRatio[end]).toBeLessThan(config.sell.fiftyDayVolumeRatio);
    expect(days[end]).toMatchObject({ breakoutIndex, sell: null });
  });

  it("a SELL lasts signalSessions sessions while price stays under the pivot", () => {
    const { builder, pivot, stop } = brokenOut();
    const dip = pivot * (1 - config.breakout.failedBreakoutUndercut) * 0.995;
    expect(dip).toBeGreaterThan(stop);
    builder.to(dip, 1).flat(config.sell.signalSessions + 2, 0.001);
    const bars = builder.build();
    const { days } = walk(bars);
    const firedAt = days.findIndex((d) => d.sell !== null);
    expect(days[firedAt]).toMatchObject({ sell: "failed-breakout", sellIndex: firedAt });
    for (let i = firedAt; i < firedAt + config.sell.signalSessions; i++) {
      expect(bars.close[i]).toBeLessThan(pivot);
      expect(days[i]).toMatchObject({ sell: "failed-breakout", sellIndex: firedAt });
    }
    expect(days[firedAt + config.sell.signalSessions]!.sell).toBeNull();
  });

  it("a SELL ends early on a close back above the pivot", () => {
    const { builder, pivot } = brokenOut();
    builder.to(pivot * (1 - config.breakout.failedBreakoutUndercut) * 0.995, 1).flat(1, 0.001).to(pivot * 1.003, 1).flat(2, 0.001);
    const bars = builder.build();
    const { days } = walk(bars);
    const firedAt = days.findIndex((d) => d.sell !== null);
    expect(days[firedAt + 1]!.sell).toBe("failed-breakout");
    expect(bars.close[firedAt + 2]).toBeGreaterThan(pivot);
    expect(days[firedAt + 2]!.sell).toBeNull();
    expect(firedAt + 2 - firedAt).toBeLessThan(config.sell.signalSessions);
  });
});

