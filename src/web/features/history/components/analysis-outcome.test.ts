import { describe, expect, it } from "vitest";
import type { CallOutcome } from "../../../../contracts/track-record";
import { outcomeSentence } from "./analysis-outcome";

const base: CallOutcome = { status: "open", sessions: 0, entry: null, exit: null, r: null, trade_return: null, excess: { d21: null, d63: null, d126: null } };

describe("outcomeSentence", () => {
  it("says it is too early before any figure exists", () => {
    expect(outcomeSentence(base)).toBe("Followed from the next session");
    expect(outcomeSentence({ ...base, sessions: 4 })).toBe("4 sessions so far, too early to tell");
  });

  it("gives a closed trade's exit and R, with the longest excess return measured", () => {
    const closed: CallOutcome = {
      ...base,
      status: "target",
      sessions: 70,
      entry: { date: "2026-03-02", price: 100 },
      exit: { date: "2026-04-15", price: 120, reason: "target" },
      r: 2.5,
      trade_return: 0.2,
      excess: { d21: 0.01, d63: 0.034, d126: null },
    };
    expect(outcomeSentence(closed)).toMatch(/^Target hit on .+: \+2\.50R · \+3\.4% against the benchmark after 63 sessions$/);
  });

  it("marks an open trade and an unfilled one", () => {
    expect(outcomeSentence({ ...base, sessions: 10, entry: { date: "2026-03-02", price: 100 }, r: -0.4 })).toMatch(/^Bought .+, open: -0\.40R so far$/);
    expect(outcomeSentence({ ...base, status: "not-filled", sessions: 30, excess: { d21: -0.02, d63: null, d126: null } })).toBe(
      "Price never came back into the buy range: no trade · -2.0% against the benchmark after 21 sessions",
    );
  });
});
