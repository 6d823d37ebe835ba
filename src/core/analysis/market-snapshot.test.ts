import { describe, expect, it } from "vitest";
import { BarBuilder } from "../test-support/bar-builder";
import { DEFAULT_ANALYSIS_CONFIG as config } from "./analysis-config";
import { marketDirectionSeries } from "./market-direction";
import { breadthOf, distributionDayList, marketStateHistory, rankChange, rankGroups, stateSince } from "./market-snapshot";

/** An uptrend of 380 sessions, then five distribution days (down 0.3% on higher volume), each followed by a light up day. */
function underPressure(): BarBuilder {
  const builder = new BarBuilder(300, 1e8).to(360, 380);
  for (let k = 0; k < 5; k++) builder.day(-0.003, 1.5 + k * 0.2).day(0.004, 0.8);
  return builder;
}

describe("market state history", () => {
  it("has the state on each of the last 120 sessions, oldest first, with the active distribution-day count", () => {
    const bars = underPressure().build();
    const series = marketDirectionSeries(bars, config);
    const history = marketStateHistory(bars, series);
    expect(history).toHaveLength(120);
    expect(history[0]!.date).toBe(bars.dates[bars.dates.length - 120]);
    expect(history.at(-1)).toEqual({ date: bars.dates.at(-1), state: "Uptrend under pressure", distribution_days: 5 });
    expect(history[0]!.state).toBe("Confirmed uptrend");
  });

  it("leaves out the sessions before the state machine starts", () => {
    const bars = new BarBuilder(300, 1e8).to(360, 230).build();
    const history = marketStateHistory(bars, marketDirectionSeries(bars, config));
    expect(history.length).toBeLessThan(120);
    expect(history.length).toBeGreaterThan(0);
  });
});

describe("distribution day list", () => {
  it("dates each active distribution day and the session 25 later when it expires, from the calendar past the last bar", () => {
    const bars = underPressure().build("2026-11-20");
    const series = marketDirectionSeries(bars, config);
    expect(series.activeAtEnd).toHaveLength(5);
    const days = distributionDayList(bars, series, config);
    const n = bars.dates.length;
    // The distribution days are sessions n-10, n-8, …, n-2.
    expect(days.map((d) => d.date)).toEqual([10, 8, 6, 4, 2].map((k) => bars.dates[n - k]));
    // The first expires 25 sessions after 2026-11-09 (n-10): past the last bar, on the NYSE calendar (Thanksgiving 26 Nov and Christmas skipped).
    expect(days[0]).toEqual({ date: "2026-11-09", expires: "2026-12-15" });
    expect(days.at(-1)!.expires > days[0]!.expires).toBe(true);
  });

  it("reads the expiry from the bars when the 25th session is among them", () => {
    const bars = underPressure().build();
    const series = marketDirectionSeries(bars, config);
    const shifted = { ...series, activeAtEnd: [bars.dates.length - 30] };
    expect(distributionDayList(bars, shifted, config)).toEqual([{ date: bars.dates.at(-30), expires: bars.dates.at(-5) }]);
  });
});

describe("state since", () => {
  it("is the first session of the current run of the state", () => {
    const bars = underPressure().build();
    const series = marketDirectionSeries(bars, config);
    const since = stateSince(bars, series)!;
    const first = series.trend.findIndex((s) => s === "Uptrend under pressure");
    expect(since).toBe(bars.dates[first]);
  });

  it("is the correction's start in a correction", () => {
    const bars = new BarBuilder(300, 1e8).to(360, 300).move(-0.12, 12).build();
    const series = marketDirectionSeries(bars, config);
    expect(series.trend.at(-1)).toBe("Correction");
    expect(stateSince(bars, series)).toBe(bars.dates[series.correctionStart.at(-1)!]);
  });

  it("is null without a state", () => {
    const bars = new BarBuilder(300, 1e8).to(360, 100).build();
    expect(stateSince(bars, marketDirectionSeries(bars, config))).toBeNull();
  });
});

describe("group ranks", () => {
  const rows = [
    { name: "Energy", kind: "sector" as const, rs: 60, stocks: 4 },
    { name: "Technology", kind: "sector" as const, rs: 80, stocks: 9 },
    { name: "Banks", kind: "industry" as const, rs: 70, stocks: 3 },
    { name: "Apparel", kind: "industry" as const, rs: 70, stocks: 2 },
    { name: "Health Care", kind: "sector" as const, rs: 60, stocks: 5 },
  ];

  it("ranks each kind on its own by average RS, highest first, ties by name", () => {
    const ranked = rankGroups(rows);
    expect(ranked.map((r) => `${r.kind}:${r.name}:${r.rank}`)).toEqual([
      "sector:Technology:1",
      "sector:Energy:2",
      "sector:Health Care:3",
      "industry:Apparel:1",
      "industry:Banks:2",
    ]);
  });

  it("counts the places climbed since an earlier ranking, null for a group not ranked then", () => {
    const before = rankGroups(rows);
    const now = rankGroups([...rows.filter((r) => r.name !== "Technology"), { name: "Technology", kind: "sector", rs: 50, stocks: 9 }, { name: "Mining", kind: "industry", rs: 1, stocks: 1 }]);
    const tech = now.find((r) => r.name === "Technology")!;
    const energy = now.find((r) => r.name === "Energy")!;
    expect(rankChange(before, tech)).toBe(-2);
    expect(rankChange(before, energy)).toBe(1);
    expect(rankChange(before, now.find((r) => r.name === "Mining")!)).toBeNull();
    expect(rankChange(null, energy)).toBeNull();
  });
});

describe("breadth", () => {
  it("turns counts into shares of the screened stocks", () => {
    expect(breadthOf({ total: 40, above_50: 10, above_200: 30, new_highs: 2, new_lows: 1, advancers: 25, decliners: 12 })).toEqual({
      total: 40,
      pct_above_50: 0.25,
      pct_above_200: 0.75,
      new_highs: 2,
      new_lows: 1,
      advancers: 25,
      decliners: 12,
    });
    expect(breadthOf({ total: 0, above_50: 0, above_200: 0, new_highs: 0, new_lows: 0, advancers: 0, decliners: 0 }).pct_above_50).toBeNull();
  });
});
