import { describe, expect, it } from "vitest";
import { formatWait, limitResetSentence, limitUsedSentence, nextUtcMidnight } from "./limit-reset";

describe("the daily limit's reset", () => {
  it("is the next 00:00 UTC, also across a month and a year", () => {
    expect(nextUtcMidnight(new Date("2026-11-25T20:48:00Z")).toISOString()).toBe("2026-11-26T00:00:00.000Z");
    expect(nextUtcMidnight(new Date("2026-11-30T23:59:59Z")).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(nextUtcMidnight(new Date("2026-12-31T00:00:00Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("says when, in hours and minutes from now", () => {
    expect(limitResetSentence(new Date("2026-11-25T20:48:00Z"))).toBe("The limit resets at 00:00 UTC — in 3 h 12 min.");
    expect(limitResetSentence(new Date("2026-11-25T23:15:00Z"))).toBe("The limit resets at 00:00 UTC — in 45 min.");
    expect(limitResetSentence(new Date("2026-11-25T23:59:30Z"))).toBe("The limit resets at 00:00 UTC — in 1 min.");
    expect(limitResetSentence(new Date("2026-11-25T00:00:00Z"))).toBe("The limit resets at 00:00 UTC — in 24 h.");
  });

  it("rounds a wait up to the minute", () => {
    expect(formatWait(60_000 * 60 + 1)).toBe("1 h 1 min");
    expect(formatWait(0)).toBe("1 min");
    expect(formatWait(2 * 3_600_000)).toBe("2 h");
  });

  it("names the number of free analyses when the server says it", () => {
    expect(limitUsedSentence(5)).toBe("You have used all 5 free analyses for today.");
    expect(limitUsedSentence(null)).toBe("You have used up today's free analyses.");
  });
});
