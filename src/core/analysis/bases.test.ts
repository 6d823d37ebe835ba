import { describe, expect, it } from "vitest";
import { BarBuilder } from "../test-support/bar-builder";
import { DEFAULT_ANALYSIS_CONFIG as config } from "./analysis-config";
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
    },
  };
}

describe("bases", () => {
  it("finds a VCP: three successively shallower contractions, pivot at the last contraction's high + $0.10", () => {
    const { bars, state } = currentBase(vcp());
    expect(state?.base.type).toBe("VCP");
    const depths = state!.base.contractions.map((c) => c.depth);
    expect(depths).toHaveLength(3);
    expect(depths[0]).toBeGreaterThan(depths[1]!);
    expect(depths[1]).toBeGreaterThan(depths[2]!);
    expect(depths[0]).toBeCloseTo(0.2, 1);
    const last = state!.base.contractions[2]!;
    expect(state!.base.pivot).toBeCloseTo(last.high + 0.1, 10);
    expect(state!.base.buyRangeHigh).toBeCloseTo(state!.base.pivot * 1.05, 10);
    expect(state!.base.dryUpRatio).toBeLessThan(1);
    expect(state!.breakoutIndex).toBeNull();
    expect(bars.close[bars.close.length - 1]).toBeLessThan(state!.base.pivot);
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
    const { state } = currentBase(cupWithHandle());
    expect(state?.base.type).toBe("Cup with handle");
    expect(state!.base.depth).toBeGreaterThanOrEqual(0.12);
    expect(state!.base.depth).toBeLessThanOrEqual(0.33);
    const handle = state!.base.contractions[1]!;
    expect(state!.base.pivot).toBeCloseTo(handle.high + 0.1, 10);
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
    const builder = vcp().day(0.018, 2.5).day(-0.002, 1).day(0.012, 1.1);
    const { bars, state } = currentBase(builder);
    expect(state?.base.type).toBe("VCP");
    expect(state!.breakoutIndex).toBe(bars.close.length - 3);
    expect(state!.breakoutVolumeRatio).toBeGreaterThanOrEqual(2);
  });
});
