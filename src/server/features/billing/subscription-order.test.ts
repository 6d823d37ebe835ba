import { describe, expect, it } from "vitest";
import { decideChange } from "./subscription-order";

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 20, 12, 0, seconds));
const stored = (status: string, seconds: number, subscriptionId: string | null = "sub_1") => ({ status, subscriptionId, stateAt: at(seconds) });
const incoming = (status: string, seconds: number, subscriptionId: string | null = "sub_1") => ({ status, subscriptionId, at: at(seconds) });

describe("decideChange (which state of a subscription is the later one)", () => {
  it("applies to an empty row; a newer stamp wins, an older one is stale", () => {
    expect(decideChange(undefined, incoming("active", 0), false)).toBe("apply");
    expect(decideChange(stored("active", 1), incoming("past_due", 2), true)).toBe("apply");
    expect(decideChange(stored("past_due", 2), incoming("active", 1), true)).toBe("stale");
  });

  it("canceled and incomplete_expired are final for their subscription, whatever the stamps", () => {
    expect(decideChange(stored("canceled", 1), incoming("active", 9), false)).toBe("stale");
    expect(decideChange(stored("incomplete_expired", 1), incoming("past_due", 9), false)).toBe("stale");
    expect(decideChange(stored("active", 9), incoming("canceled", 1), true)).toBe("apply");
    expect(decideChange(stored("canceled", 1), incoming("canceled", 2), false)).toBe("apply");
    // Another subscription is not bound by it.
    expect(decideChange(stored("canceled", 1, "sub_1"), incoming("active", 2, "sub_2"), false)).toBe("apply");
  });

  it("a same-second tie of one subscription goes to the status later in its life, the same in both orders", () => {
    const tie = (first: string, second: string) => [decideChange(stored(first, 5), incoming(second, 5), false), decideChange(stored(second, 5), incoming(first, 5), false)];
    expect(tie("incomplete", "active")).toEqual(["apply", "stale"]);
    expect(tie("trialing", "active")).toEqual(["apply", "stale"]);
    expect(tie("active", "past_due")).toEqual(["apply", "stale"]);
    expect(tie("past_due", "unpaid")).toEqual(["apply", "stale"]);
    expect(tie("active", "canceled")).toEqual(["apply", "stale"]);
    expect(decideChange(stored("active", 5), incoming("active", 5), true)).toBe("apply");
  });

  it("a change of another subscription never takes premium from a row with its own live subscription or grant", () => {
    expect(decideChange(stored("active", 1, "sub_1"), incoming("canceled", 9, "sub_2"), true)).toBe("kept");
    expect(decideChange(stored("active", 1, null), incoming("past_due", 9, "sub_2"), true)).toBe("kept");
    expect(decideChange(stored("active", 1, null), incoming("active", 9, "sub_2"), true)).toBe("apply");
    expect(decideChange(stored("canceled", 1, "sub_1"), incoming("incomplete", 9, "sub_2"), false)).toBe("apply");
    expect(decideChange(stored("active", 9, "sub_1"), incoming("active", 1, "sub_2"), true)).toBe("stale");
  });
});
