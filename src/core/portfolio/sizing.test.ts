import { describe, expect, it } from "vitest";
import { heat, positionSize } from "./sizing";

describe("positionSize", () => {
  it("risks the chosen share of the account between the buy point and the stop, in whole shares", () => {
    // $100,000 × 1% = $1,000 at risk; $50 − $46 = $4 a share → 250 shares, $12,500.
    expect(positionSize({ account: 100_000, riskPct: 0.01, buyPoint: 50, stop: 46 })).toEqual({
      shares: 250,
      dollars: 12_500,
      risk: 1_000,
      accountPct: 0.125,
    });
  });

  it("rounds shares down so the risk stays inside the budget", () => {
    const size = positionSize({ account: 10_000, riskPct: 0.01, buyPoint: 30, stop: 27.1 });
    expect(size?.shares).toBe(34);
    expect(size?.risk).toBeLessThanOrEqual(100);
  });

  it("does not floor an exact answer away through binary fractions", () => {
    expect(positionSize({ account: 1000, riskPct: 0.01, buyPoint: 2.3, stop: 0.3 })?.shares).toBe(5);
  });

  it("never buys more than the account can pay for", () => {
    // A stop 1 cent under the buy point would ask for 10,000 shares of a $100 stock.
    expect(positionSize({ account: 10_000, riskPct: 0.01, buyPoint: 100, stop: 99.99 })).toMatchObject({ shares: 100, dollars: 10_000, accountPct: 1 });
  });

  it.each([
    ["a stop at the buy point", { account: 10_000, riskPct: 0.01, buyPoint: 50, stop: 50 }],
    ["a stop above the buy point", { account: 10_000, riskPct: 0.01, buyPoint: 50, stop: 55 }],
    ["no account", { account: 0, riskPct: 0.01, buyPoint: 50, stop: 45 }],
    ["no risk", { account: 10_000, riskPct: 0, buyPoint: 50, stop: 45 }],
    ["a risk over 100%", { account: 10_000, riskPct: 1.5, buyPoint: 50, stop: 45 }],
    ["a missing buy point", { account: 10_000, riskPct: 0.01, buyPoint: Number.NaN, stop: 45 }],
    ["a negative stop", { account: 10_000, riskPct: 0.01, buyPoint: 50, stop: -1 }],
  ])("answers null for %s", (_name, input) => {
    expect(positionSize(input)).toBeNull();
  });
});

describe("heat", () => {
  it("is open risk over the account size", () => {
    expect(heat(2_500, 100_000)).toBe(0.025);
  });

  it("is null without an account size", () => {
    expect(heat(2_500, 0)).toBeNull();
    expect(heat(2_500, Number.NaN)).toBeNull();
  });
});
