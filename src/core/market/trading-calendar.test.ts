import { describe, expect, it } from "vitest";
import { isoFromDayNumber, lastCompletedSession, nextSessionClose, sessionsAfter } from "./trading-calendar";

describe("nextSessionClose", () => {
  it("is today's 16:00 New York close before it, in winter (21:00 UTC) and summer (20:00 UTC)", () => {
    expect(nextSessionClose(new Date("2026-11-20T15:00:00Z")).toISOString()).toBe("2026-11-20T21:00:00.000Z");
    expect(nextSessionClose(new Date("2026-07-15T14:00:00Z")).toISOString()).toBe("2026-07-15T20:00:00.000Z");
  });

  it("after the close it is the next session's close, skipping weekends and holidays", () => {
    // Friday 20 Nov 2026 after the close → Monday 23 Nov.
    expect(nextSessionClose(new Date("2026-11-20T21:30:00Z")).toISOString()).toBe("2026-11-23T21:00:00.000Z");
    // Wednesday 25 Nov after the close → Friday 27 Nov (Thanksgiving on the 26th).
    expect(nextSessionClose(new Date("2026-11-25T22:00:00Z")).toISOString()).toBe("2026-11-27T21:00:00.000Z");
    // Across the switch to daylight time (8 March 2026): Friday 6 March after the close → Monday 9 March, 20:00 UTC.
    expect(nextSessionClose(new Date("2026-03-06T22:00:00Z")).toISOString()).toBe("2026-03-09T20:00:00.000Z");
  });

  it("always lies after now and after the last completed session", () => {
    for (let hour = 0; hour < 24 * 14; hour += 5) {
      const now = new Date(Date.UTC(2026, 10, 16) + hour * 3_600_000);
      const close = nextSessionClose(now);
      expect(close.getTime()).toBeGreaterThan(now.getTime());
      expect(close.toISOString().slice(0, 10) > isoFromDayNumber(lastCompletedSession(now))).toBe(true);
    }
  });
});

describe("sessionsAfter", () => {
  it("counts sessions forward over weekends and exchange holidays", () => {
    expect(sessionsAfter("2026-11-20", 1)).toBe("2026-11-23");
    // Thanksgiving (26 November) is skipped.
    expect(sessionsAfter("2026-11-24", 2)).toBe("2026-11-27");
    expect(sessionsAfter("2026-12-24", 1)).toBe("2026-12-28");
    expect(sessionsAfter("2026-11-20", 0)).toBe("2026-11-20");
  });
});
