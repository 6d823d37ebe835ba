import { describe, expect, it } from "vitest";
import { DEFAULT_ANALYSIS_CONFIG as config } from "../analysis/analysis-config";
import { relativeStrengthScore, rsRating } from "../indicators/relative-strength";
import type { DailyBars } from "../market/market-data";
import { BarBuilder } from "../test-support/bar-builder";
import { universeRsRatings } from "./universe-rs";

/** First session with an RS score: the longest return period. */
const firstScored = Math.max(...config.relativeStrength.periods);

describe("universeRsRatings", () => {
  // Same end date; 'late' listed 20 sessions after the others, so it has no score on their first scored dates.
  const strong = new BarBuilder(50).to(150, firstScored + 39).build("2026-11-20");
  const weak = new BarBuilder(50).to(60, firstScored + 39).build("2026-11-20");
  const late = new BarBuilder(50).to(100, firstScored + 19).build("2026-11-20");
  const [rStrong, rWeak, rLate] = universeRsRatings([strong, weak, late], config);

  it("is NaN until a stock has a score, aligned with its own bars", () => {
    expect(rStrong).toHaveLength(strong.close.length);
    expect(rLate).toHaveLength(late.close.length);
    expect(rStrong![firstScored - 1]).toBeNaN();
    expect(rStrong![firstScored]).not.toBeNaN();
    expect(rLate![firstScored - 1]).toBeNaN();
  });

  it("ranks on each date only among the stocks that have a score that day", () => {
    // Before 'late' has a score: two stocks, the strong one above the weak one.
    expect(rStrong![firstScored]).toBe(50);
    expect(rWeak![firstScored]).toBe(1);
    // 'late' gets its first score on the strong stock's session firstScored + 20 (same date).
    const date = late.dates[firstScored]!;
    const k = strong.dates.indexOf(date);
    expect(k).toBe(firstScored + 20);
    expect(rStrong![k]).toBe(66);
    expect(rLate![firstScored]).toBe(34);
    expect(rWeak![k]).toBe(1);
  });

  it("agrees with the live rsRating rule on every date", () => {
    const all: DailyBars[] = [strong, weak, late];
    const ratings = [rStrong!, rWeak!, rLate!];
    all.forEach((bars, s) => {
      for (let i = firstScored; i < bars.close.length; i++) {
        const date = bars.dates[i]!;
        const sameDay = all.flatMap((other) => {
          const j = other.dates.indexOf(date);
          return j >= 0 ? [relativeStrengthScore(other.close, j, config.relativeStrength)] : [];
        });
        expect(ratings[s]![i]).toBe(rsRating(relativeStrengthScore(bars.close, i, config.relativeStrength), sameDay));
      }
    });
  });

  it("matches stocks by date, not by position, when their calendars differ", () => {
    // The same strong series ending a week earlier: on its last date only the original is also scored.
    const early = new BarBuilder(50).to(150, firstScored + 39).build("2026-11-13");
    const [rEarly, rSame] = universeRsRatings([early, strong], config);
    const lastEarly = early.close.length - 1;
    const k = strong.dates.indexOf(early.dates[lastEarly]!);
    expect(k).toBe(strong.close.length - 6);
    const expected = rsRating(relativeStrengthScore(early.close, lastEarly, config.relativeStrength), [
      relativeStrengthScore(early.close, lastEarly, config.relativeStrength),
      relativeStrengthScore(strong.close, k, config.relativeStrength),
    ]);
    expect(rEarly![lastEarly]).toBe(expected);
    // The last five dates of 'strong' have no 'early' bar: it is ranked alone there.
    expect(rSame![strong.close.length - 1]).toBe(1);
  });
});
