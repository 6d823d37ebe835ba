import { describe, expect, it } from "vitest";
import { averageVolume } from "../indicators/volume";
import { BarBuilder } from "../test-support/bar-builder";
import { DEFAULT_ANALYSIS_CONFIG as config } from "./analysis-config";
import { baseEndingAt } from "./bases";
import { prepareSeries } from "./series-context";
import { SetupTracker } from "./setup-tracker";
import { cupWithHandle, flatBase, leader, vcp } from "./test-fixtures";

/** The base the tracker follows at the last session, read as the report reads it. */
function currentBase(builder: BarBuilder) {
  const bars = builder.build();
  const tracker = new SetupTracker(prepareSeries(bars, config), config);
  tracker.advanceTo(bars.close.length - 1);
  const tracked = tracker.current;
  if (!tracked) return { bars, state: null };
  return {
    bars,
    state: {
      base: tracked.base,
      breakoutIndex: tracked.breakoutIndex >= 0 ? tracked.breakoutIndex : null,
      breakoutVolumeRatio: tracked.breakoutVolumeRatio,
      announcedIndex: tracked.announcedIndex,
    },
  };
}

describe("bases", () => {
  it("finds a VCP: three successively shallower contractions, pivot at the last contraction's high + $0.10", () => {
    // The shape rule, on the bars up to the last session.
    const bars = vcp().build();
    const end = bars.close.length - 1;
    const found = baseEndingAt(bars, end, averageVolume(bars.volume, config.averageVolumeSessions), config);
    expect(found?.type).toBe("VCP");
    const depths = found!.contractions.map((c) => c.depth);
    expect(depths).toHaveLength(3);
    expect(depths[0]).toBeGreaterThan(depths[1]!);
    expect(depths[1]).toBeGreaterThan(depths[2]!);
    expect(depths[0]).toBeCloseTo(0.2, 1);
    const last = found!.contractions[2]!;
    expect(found!.pivot).toBeCloseTo(last.high + config.base.pivotOffset, 10);
    expect(found!.buyRangeHigh).toBeCloseTo(found!.pivot * (1 + config.base.buyRange), 10);
    expect(found!.dryUpRatio).toBeLessThan(1);
    expect(bars.close[end]).toBeLessThan(found!.pivot);
  });

  it("follows the VCP's pivot as announced: the second contraction's high, not the third's (pivots persist)", () => {
    const { bars, state } = currentBase(vcp());
    const end = bars.close.length - 1;
    const shape = baseEndingAt(bars, end, averageVolume(bars.volume, config.averageVolumeSessions), config)!;
    expect(state?.base.type).toBe("VCP");
    expect(state!.base.startIndex).toBe(shape.startIndex);
    // Announced during the second pullback: its pivot is that contraction's high, kept since.
    expect(state!.announcedIndex).toBeLessThan(shape.contractions[2]!.highIndex);
    expect(state!.base.pivot).toBeCloseTo(shape.contractions[1]!.high + config.base.pivotOffset, 10);
    expect(state!.base.pivot).toBeGreaterThan(shape.pivot + 0.4);
    expect(state!.breakoutIndex).toBeNull();
    expect(bars.close[end]).toBeLessThan(state!.base.pivot);
    // While forming, the base's extent and depth grow with it.
    expect(state!.base.endIndex).toBe(end);
    expect(state!.base.depth).toBeCloseTo(shape.depth, 10);
  });

  it("does not call expanding contractions a VCP", () => {
    const { state } = currentBase(leader().move(-0.06, 5).to(99, 6).move(-0.12, 8).to(98, 9).move(-0.18, 8).to(95, 8));
    expect(state?.base.type).not.toBe("VCP");
  });

  it("finds a flat base: ≥ 5 weeks, ≤ 15% deep, pivot at the left-side high + $0.10", () => {
    const { bars, state } = currentBase(flatBase());
    expect(state?.base.type).toBe("Flat base");
    expect(state!.base.weeks).toBeGreaterThanOrEqual(5);
    expect(state!.base.depth).toBeLessThanOrEqual(0.15);
    expect(state!.base.pivot).toBeCloseTo(bars.high[state!.base.startIndex]! + 0.1, 10);
  });

  it("does not call a 3-week consolidation a flat base", () => {
    const { state } = currentBase(leader().move(-0.05, 4).to(99.5, 4).move(-0.05, 4).to(99.4, 3));
    expect(state?.base.type).not.toBe("Flat base");
  });

  it("finds a cup with handle, pivot at the handle's high + $0.10", () => {
    const bars = cupWithHandle().build();
    const end = bars.close.length - 1;
    const found = baseEndingAt(bars, end, averageVolume(bars.volume, config.averageVolumeSessions), config);
    expect(found?.type).toBe("Cup with handle");
    expect(found!.depth).toBeGreaterThanOrEqual(config.base.cupWithHandle.minDepth);
    expect(found!.depth).toBeLessThanOrEqual(config.base.cupWithHandle.maxDepth);
    const handle = found!.contractions[1]!;
    expect(found!.handleStartIndex).toBe(handle.highIndex);
    expect(found!.pivot).toBeCloseTo(handle.high + config.base.pivotOffset, 10);
  });

  it("follows the cup's pivot as announced early in the handle, before the handle was long enough to call the base a cup", () => {
    const { bars, state } = currentBase(cupWithHandle());
    const end = bars.close.length - 1;
    const shape = baseEndingAt(bars, end, averageVolume(bars.volume, config.averageVolumeSessions), config)!;
    expect(state!.base.startIndex).toBe(shape.startIndex);
    expect(state!.announcedIndex).toBeGreaterThan(shape.handleStartIndex!);
    expect(state!.announcedIndex - shape.handleStartIndex!).toBeLessThan(config.base.cupWithHandle.minHandleSessions);
    expect(state!.base.pivot).toBeCloseTo(shape.pivot, 10);
    expect(state!.breakoutIndex).toBeNull();
  });

  it("names the followed base by what it has become when the pivot is the same: the cup announced as a VCP is a cup with handle", () => {
    const { bars, state } = currentBase(cupWithHandle());
    const end = bars.close.length - 1;
    const shape = baseEndingAt(bars, end, averageVolume(bars.volume, config.averageVolumeSessions), config)!;
    expect(shape.type).toBe("Cup with handle");
    expect(state!.base.type).toBe("Cup with handle");
    expect(state!.base.contractions.map((c) => c.depth)).toEqual(shape.contractions.map((c) => c.depth));
  });

  it("describes the pullbacks of a followed VCP as they are now, while its announced pivot stays", () => {
    const { bars, state } = currentBase(vcp());
    const end = bars.close.length - 1;
    const shape = baseEndingAt(bars, end, averageVolume(bars.volume, config.averageVolumeSessions), config)!;
    expect(shape.contractions).toHaveLength(3);
    expect(state!.base.pivot).toBeGreaterThan(shape.pivot);
    expect(state!.base.contractions.map((c) => c.depth)).toEqual(shape.contractions.map((c) => c.depth));
    expect(state!.base.dryUpRatio).toBeCloseTo(shape.dryUpRatio, 10);
  });

  it("does not find a cup whose handle sits in the lower half", () => {
    const { state } = currentBase(leader().move(-0.3, 15).flat(10).to(99, 15).move(-0.16, 6, 0.6).flat(2, 0.002, 0.6));
    expect(state?.base.type).not.toBe("Cup with handle");
  });

  it("finds no base without a prior advance of 30%", () => {
    const { state } = currentBase(new BarBuilder(100).flat(260, 0.002).to(110, 20).move(-0.08, 6).to(109, 6).move(-0.09, 6).to(109.5, 6));
    expect(state).toBeNull();
  });

  it("finds no base deeper than 33%", () => {
    const { state } = currentBase(leader().move(-0.4, 20).to(98, 20));
    expect(state).toBeNull();
  });

  it("dates a breakout to the first close above the pivot and measures its volume", () => {
    const builder = vcp().day(0.035, 2.5);
    const { bars, state } = currentBase(builder);
    expect(state?.base.type).toBe("VCP");
    expect(state!.breakoutIndex).toBe(bars.close.length - 1);
    expect(state!.breakoutVolumeRatio).toBeGreaterThanOrEqual(1.5);
  });
});

describe("breakout dating", () => {
  it("keeps the first close above a VCP pivot as the breakout when a later, quieter day closes higher", () => {
    const builder = vcp().day(0.035, config.breakoutVolumeRatio + 1).day(-0.002, 1).day(0.012, 1.1);
    const { bars, state } = currentBase(builder);
    const end = bars.close.length - 1;
    expect(state?.base.type).toBe("VCP");
    expect(bars.close[end]).toBeGreaterThan(bars.close[end - 2]!);
    expect(state!.breakoutIndex).toBe(end - 2);
    expect(state!.breakoutVolumeRatio).toBeGreaterThanOrEqual(config.breakoutVolumeRatio);
  });

  it("is not fooled by a close above the third contraction's high when the announced pivot is higher", () => {
    // 97.5 → 99.25 clears the re-derived (third-contraction) pivot but not the announced one.
    const builder = vcp().day(0.018, config.breakoutVolumeRatio + 1).day(-0.002, 1).day(0.012, 1.1);
    const { bars, state } = currentBase(builder);
    const end = bars.close.length - 1;
    const rederived = baseEndingAt(bars, end - 3, averageVolume(bars.volume, config.averageVolumeSessions), config)!;
    expect(bars.close[end - 2]).toBeGreaterThan(rederived.pivot);
    expect(bars.close[end - 2]).toBeLessThan(state!.base.pivot);
    expect(state!.breakoutIndex).toBe(end);
    expect(state!.breakoutVolumeRatio).toBeLessThan(config.breakoutVolumeRatio);
  });
});
