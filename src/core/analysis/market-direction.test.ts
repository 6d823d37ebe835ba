import { describe, expect, it } from "vitest";
import { firstBars, type DailyBars } from "../market/market-data";
import { BarBuilder } from "../test-support/bar-builder";
import { DEFAULT_ANALYSIS_CONFIG as config } from "./analysis-config";
import { analyzeMarketDirection, marketDirectionAt, marketDirectionSeries } from "./market-direction";

/** 301 sessions rising 300 → 360 on even volume: no distribution day, a confirmed uptrend from session 220 on. */
function uptrend(): BarBuilder {
  return new BarBuilder(300, 1e8).to(360, 300);
}

/** Five distribution days (down 0.3% on higher volume), each followed by a 0.4% gain on lighter volume. */
function fiveDistributionDays(builder: BarBuilder): BarBuilder {
  for (let k = 0; k < 5; k++) builder.day(-0.003, 1.5 + k * 0.2).day(0.004, 0.8);
  return builder;
}

/** An uptrend, then 6% down in six distribution days: the sixth lands under the 50-day EMA and starts a correction. */
function correctionByDistribution(): BarBuilder {
  const builder = uptrend();
  for (let k = 0; k < 6; k++) {
    builder.day(-0.006, 1.5);
    if (k < 5) builder.day(0.002, 0.8);
  }
  return builder;
}

/** An uptrend, then 12% down in 12 sessions on even volume: a correction by drawdown, the low on the last bar. */
function correctionByDrawdown(): BarBuilder {
  return uptrend().move(-0.12, 12);
}

function run(builder: BarBuilder): { bars: DailyBars; series: ReturnType<typeof marketDirectionSeries>; last: number } {
  const bars = builder.build();
  return { bars, series: marketDirectionSeries(bars, config), last: bars.close.length - 1 };
}


function highestClose(bars: DailyBars, from: number, to: number): number {
  let high = -Infinity;
  for (let i = Math.max(0, from); i <= to; i++) high = Math.max(high, bars.close[i]!);
  return high;
}

describe("market direction at the last session", () => {
  it("confirmed uptrend: above the 50-day EMA with fewer than 5 distribution days", () => {
    const m = analyzeMarketDirection(new BarBuilder(300, 1e8).to(360, 400).build(), config)!;
    expect(m.trend).toBe("Confirmed uptrend");
    expect(m.sentiment).toBe("Bullish");
    expect(m.distributionDays).toBe(0);
    expect(m.followThroughDate).toBeNull();
    expect(m.correctionSince).toBeNull();
    expect(m.ema200Falling).toBe(false);
    expect(m.return3m).toBeCloseTo((360 / 300) ** (63 / 400) - 1, 10);
  });

  it("under pressure: 5 active distribution days (down ≥ 0.2% on higher volume)", () => {
    const m = analyzeMarketDirection(fiveDistributionDays(new BarBuilder(300, 1e8).to(360, 380)).build(), config)!;
    expect(m.distributionDays).toBe(5);
    expect(m.trend).toBe("Uptrend under pressure");
    expect(m.sentiment).toBe("Neutral");
  });

  it("4 distribution days, or drops on lower volume, keep the uptrend confirmed", () => {
    const builder = new BarBuilder(300, 1e8).to(360, 380);
    for (let k = 0; k < 4; k++) builder.day(-0.003, 1.5 + k * 0.2).day(0.004, 0.8);
    builder.day(-0.005, 0.5).day(0.006, 1);
    const m = analyzeMarketDirection(builder.build(), config)!;
    expect(m.distributionDays).toBe(4);
    expect(m.trend).toBe("Confirmed uptrend");
  });

  it("correction: bearish, with the date it began", () => {
    const { bars, series, last } = run(correctionByDrawdown());
    const m = analyzeMarketDirection(bars, config)!;
    expect(m.trend).toBe("Correction");
    expect(m.sentiment).toBe("Bearish");
    expect(m.correctionSince).toBe(bars.dates[series.correctionStart[last]!]);
    expect(m).toEqual(marketDirectionAt(bars, series, last, config));
  });

  it("a slow decline that never falls 8% in 63 sessions, without distribution, is not a correction", () => {
    // 400 → 300 over 400 sessions: under both EMAs with the 200-day falling, yet only ~4.4% down per quarter.
    const m = analyzeMarketDirection(new BarBuilder(400, 1e8).to(300, 400).build(), config)!;
    expect(m.close).toBeLessThan(m.ema50);
    expect(m.ema200Falling).toBe(true);
    expect(m.trend).toBe("Confirmed uptrend");
  });

  it("needs enough history for the 200-day EMA's direction", () => {
    expect(analyzeMarketDirection(new BarBuilder(300).to(310, 150).build(), config)).toBeNull();
    const { bars, series } = run(uptrend());
    const start = config.averagePeriods.slow - 1 + config.trendTemplate.ma200RisingSessions;
    expect(series.trend[start - 1]).toBeNull();
    expect(marketDirectionAt(bars, series, start - 1, config)).toBeNull();
    expect(series.trend[start]).toBe("Confirmed uptrend");
    expect(marketDirectionAt(bars, series, bars.close.length, config)).toBeNull();
  });
});

describe("distribution days expire", () => {
  it("after 25 sessions: counted on its day and the 24 after, not on the 25th after", () => {
    const builder = uptrend().day(-0.005, 2);
    const day = builder.length - 1;
    const { series } = run(builder.flat(30, 0.001));
    expect(series.distributionDays[day]).toBe(1);
    expect(series.distributionDays[day + 24]).toBe(1);
    expect(series.distributionDays[day + 25]).toBe(0);
  });

  it("once the index closes 5% above that day's close", () => {
    const builder = uptrend().day(-0.005, 2);
    const day = builder.length - 1;
    const { series } = run(builder.day(0.02).day(1.05 / 1.02 - 1));
    expect(series.distributionDays[day + 1]).toBe(1);
    expect(series.distributionDays[day + 2]).toBe(0);
  });

  it("not on a rally that stops short of 5%", () => {
    const builder = uptrend().day(-0.005, 2);
    const day = builder.length - 1;
    const { series, last } = run(builder.day(0.049).flat(10, 0.0005));
    expect(series.distributionDays[day + 1]).toBe(1);
    expect(series.distributionDays[last]).toBe(1);
  });
});

describe("uptrend under pressure", () => {
  it("at 5 active distribution days, back to confirmed when the first expires", () => {
    const builder = fiveDistributionDays(uptrend());
    const first = 301;
    const fifth = builder.length - 2;
    const { series } = run(builder.flat(30, 0.001));
    expect(series.distributionDays[fifth - 1]).toBe(4);
    expect(series.trend[fifth - 1]).toBe("Confirmed uptrend");
    expect(series.distributionDays[fifth]).toBe(5);
    expect(series.trend[fifth]).toBe("Uptrend under pressure");
    expect(series.trend[first + 24]).toBe("Uptrend under pressure");
    expect(series.distributionDays[first + 25]).toBe(4);
    expect(series.trend[first + 25]).toBe("Confirmed uptrend");
  });
});

describe("entering a correction", () => {
  it("by drawdown: the first close under the 50-day EMA and 8% under the highest close of 63 sessions", () => {
    const { bars, series, last } = run(correctionByDrawdown().flat(3, 0.001));
    const peak = 300;
    let first = peak + 1;
    while (bars.close[first]! > highestClose(bars, first - 62, first) * 0.92) first++;
    expect(series.distributionDays[last]).toBe(0);
    expect(series.ema50[first]).toBeGreaterThan(bars.close[first]!);
    expect(series.trend[first - 1]).toBe("Confirmed uptrend");
    expect(series.trend[first]).toBe("Correction");
    expect(series.correctionStart[first - 1]).toBe(-1);
    expect(series.correctionStart[last]).toBe(first);
    expect(series.trend[last]).toBe("Correction");
  });

  it("not on a 7% drawdown without distribution", () => {
    const { bars, series, last } = run(uptrend().move(-0.07, 10).flat(5, 0.001));
    expect(bars.close[last]).toBeLessThan(series.ema50[last]!);
    expect(series.trend.slice(221)).not.toContain("Correction");
  });

  it("not on an 8% drawdown that stays above the 50-day EMA", () => {
    const { bars, series, last } = run(uptrend().move(0.5, 30).move(-0.09, 5));
    expect(bars.close[last]).toBeLessThan(highestClose(bars, last - 62, last) * 0.92);
    expect(bars.close[last]).toBeGreaterThan(series.ema50[last]!);
    expect(series.trend[last]).toBe("Confirmed uptrend");
  });

  it("by 6 active distribution days with the close under the 50-day EMA", () => {
    const { bars, series, last } = run(correctionByDistribution());
    expect(bars.close[last]).toBeGreaterThan(highestClose(bars, last - 62, last) * 0.92);
    expect(bars.close[last]).toBeLessThan(series.ema50[last]!);
    expect(series.trend[last - 2]).toBe("Uptrend under pressure");
    expect(series.distributionDays[last]).toBe(6);
    expect(series.trend[last]).toBe("Correction");
    expect(series.correctionStart[last]).toBe(last);
  });

  it("not by 6 distribution days while the close holds above the 50-day EMA", () => {
    const builder = uptrend();
    for (let k = 0; k < 6; k++) builder.day(-0.003, 1.5).day(0.006, 0.8);
    const { bars, series, last } = run(builder.day(-0.003, 1.5));
    expect(series.distributionDays[last]).toBe(7);
    expect(bars.close[last]).toBeGreaterThan(series.ema50[last]!);
    expect(series.trend[last]).toBe("Uptrend under pressure");
  });
});

describe("leaving a correction", () => {
  it("not on a recovery short of the high before the correction, without a follow-through day", () => {
    const builder = correctionByDrawdown();
    const highBefore = highestClose(builder.build(), 0, builder.length - 1);
    const { bars, series, last } = run(builder.to(highBefore * 0.995, 40));
    expect(bars.close[last]).toBeLessThan(highBefore);
    expect(series.trend[last]).toBe("Correction");
    expect(series.followThroughIndex[last]).toBe(-1);
  });

  it("on a close above the high before the correction, even without a follow-through day", () => {
    const builder = correctionByDrawdown();
    const highBefore = highestClose(builder.build(), 0, builder.length - 1);
    const { bars, series, last } = run(builder.to(highBefore * 1.01, 40));
    expect(bars.close[last]).toBeGreaterThan(highBefore);
    expect(series.trend[last]).toBe("Confirmed uptrend");
    expect(series.followThroughIndex[last]).toBe(-1);
    expect(series.distributionDays[last]).toBe(0);
  });

  it("a follow-through day on day 4 (up ≥ 1.25% on higher volume) confirms a new uptrend and clears distribution", () => {
    const builder = correctionByDistribution();
    const start = builder.length - 1;
    // Day 1 is the first up close after the low (the correction's first session here).
    const { bars, series, last } = run(builder.day(0.004).day(0.004).day(0.004).day(0.0125, 1.5));
    expect(series.trend[last - 1]).toBe("Correction");
    expect(series.distributionDays[last - 1]).toBe(6);
    expect(marketDirectionAt(bars, series, last - 1, config)!.correctionSince).toBe(bars.dates[start]);
    expect(series.trend[last]).toBe("Confirmed uptrend");
    expect(series.distributionDays[last]).toBe(0);
    expect(series.followThroughIndex[last]).toBe(last);
    expect(series.correctionStart[last]).toBe(-1);
    const m = marketDirectionAt(bars, series, last, config)!;
    expect(m).toMatchObject({ trend: "Confirmed uptrend", sentiment: "Bullish", distributionDays: 0, followThroughDate: bars.dates[last], correctionSince: null });
  });

  it("not on day 3", () => {
    const { series, last } = run(correctionByDrawdown().day(0.004).day(0.004).day(0.015, 1.5).day(0.001, 1));
    expect(series.trend[last - 1]).toBe("Correction");
    expect(series.trend[last]).toBe("Correction");
    expect(series.followThroughIndex[last]).toBe(-1);
  });

  it("not on lower volume than the session before, nor on a gain under 1.25%", () => {
    const lighter = run(correctionByDrawdown().day(0.004).day(0.004).day(0.004, 1.2).day(0.015, 1.1));
    expect(lighter.series.trend[lighter.last]).toBe("Correction");
    const smaller = run(correctionByDrawdown().day(0.004).day(0.004).day(0.004).day(0.012, 1.5));
    expect(smaller.series.trend[smaller.last]).toBe("Correction");
  });

  it("an undercut of the attempt's low restarts the count at the next up close", () => {
    const builder = correctionByDrawdown().day(0.004).day(0.004).day(-0.02);
    const { series, last } = run(builder.day(0.004).day(0.004).day(0.015, 1.5).day(0.015, 2));
    // Day 6 of the first attempt but day 3 of the new one: no follow-through yet; day 4 is one.
    expect(series.trend[last - 1]).toBe("Correction");
    expect(series.trend[last]).toBe("Confirmed uptrend");
    expect(series.followThroughIndex[last]).toBe(last);
  });

  it("a dip that holds above the attempt's low keeps the count going", () => {
    const { series, last } = run(correctionByDrawdown().day(0.004).day(-0.002).day(0.004).day(0.015, 1.5));
    expect(series.trend[last]).toBe("Confirmed uptrend");
  });

  it("after a follow-through day, drawdown counts from the highs since it, so the next sessions stay confirmed", () => {
    const { bars, series, last } = run(correctionByDrawdown().day(0.004).day(0.004).day(0.004).day(0.015, 1.5).flat(5, 0.001));
    expect(bars.close[last]).toBeLessThan(series.ema50[last]!);
    expect(bars.close[last]).toBeLessThan(highestClose(bars, last - 62, last) * 0.92);
    expect(series.trend[last]).toBe("Confirmed uptrend");
    expect(series.followThroughIndex[last]).toBe(last - 5);
  });

  it("reports a follow-through day for 63 sessions", () => {
    const builder = correctionByDrawdown().day(0.004).day(0.004).day(0.004).day(0.015, 1.5);
    const day = builder.length - 1;
    const { bars, series } = run(builder.to(360, 70));
    expect(marketDirectionAt(bars, series, day + 62, config)!.followThroughDate).toBe(bars.dates[day]);
    expect(marketDirectionAt(bars, series, day + 63, config)!.followThroughDate).toBeNull();
    expect(series.followThroughIndex[day + 63]).toBe(day);
  });
});

describe("causality", () => {
  it("the series on bars cut after session i equals the full series at i", () => {
    const builder = correctionByDistribution().day(0.004).day(-0.03).day(0.004).day(0.004).day(0.004).day(0.02, 1.5);
    fiveDistributionDays(builder.move(0.03, 10)).day(-0.004, 3).move(-0.1, 8).flat(10, 0.004, 1.1);
    const { bars, series, last } = run(builder);
    expect(new Set(series.trend)).toEqual(new Set([null, "Confirmed uptrend", "Uptrend under pressure", "Correction"]));
    expect(Math.max(...series.followThroughIndex)).toBeGreaterThan(0);
    for (let i = 215; i <= last; i++) {
      const partial = marketDirectionSeries(firstBars(bars, i + 1), config);
      const at = (s: typeof series) => [s.trend[i], s.distributionDays[i], s.followThroughIndex[i], s.correctionStart[i], s.ema50[i], s.ema200[i]];
      expect(at(partial), `session ${i}`).toEqual(at(series));
    }
  });
});

describe("active distribution days at the end", () => {
  it("are the indexes of the days the last session still counts, oldest first", () => {
    const { series, last } = run(fiveDistributionDays(new BarBuilder(300, 1e8).to(360, 380)));
    expect(series.activeAtEnd).toEqual([last - 9, last - 7, last - 5, last - 3, last - 1]);
    expect(series.activeAtEnd).toHaveLength(series.distributionDays[last]!);
  });

  it("are empty when no session was a distribution day", () => {
    const { series } = run(uptrend());
    expect(series.activeAtEnd).toEqual([]);
  });
});
