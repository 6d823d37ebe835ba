import { describe, expect, it } from "vitest";
import { reusedAnalysisText, whenAnalyzed } from "./reused-analysis-text";

/** A local time (the notice speaks the user's clock). */
const local = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min).toISOString();

describe("whenAnalyzed", () => {
  const now = new Date(2026, 10, 25, 18, 5);

  it("says 'today' and the 24-hour local time for an analysis of today", () => {
    expect(whenAnalyzed(local(2026, 11, 25, 10, 42), now, "en-US")).toBe("today, 10:42");
    expect(whenAnalyzed(local(2026, 11, 25, 7, 3), now, "en-US")).toBe("today, 07:03");
    expect(whenAnalyzed(local(2026, 11, 25, 16, 30), now, "en-US")).toBe("today, 16:30");
  });

  it("gives the date for an analysis of another day", () => {
    expect(whenAnalyzed(local(2026, 11, 24, 21, 15), now, "en-US")).toBe("Nov 24, 2026, 21:15");
  });

  it("leaves an unreadable time as it is", () => {
    expect(whenAnalyzed("soon", now)).toBe("soon");
  });
});

describe("reusedAnalysisText", () => {
  const now = new Date(2026, 10, 25, 18, 5);
  const reused = { analyzedAt: local(2026, 11, 25, 10, 42), dataDate: "2026-11-24" };

  it("names the stored analysis it shows, and why it cost nothing", () => {
    expect(reusedAnalysisText(reused, false, now, "en-US")).toEqual({
      title: "From your analysis of today, 10:42",
      detail: "The market data still ends on Nov 24, 2026, so this did not use another of your daily analyses.",
    });
  });

  it("after 'Refresh' says that there is no newer market data", () => {
    expect(reusedAnalysisText(reused, true, now, "en-US").title).toBe("No newer market data since your analysis at 10:42.");
    const yesterday = { ...reused, analyzedAt: local(2026, 11, 24, 20, 1) };
    expect(reusedAnalysisText(yesterday, true, now, "en-US").title).toBe("No newer market data since your analysis of Nov 24, 2026, 20:01.");
  });
});
