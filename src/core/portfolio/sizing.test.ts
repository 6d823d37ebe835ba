import { describe, expect, it } from "vitest";
import { heat, positionSize } from "./sizing";

describe("positionSize", () => {
  it("risks the chosen percent between the buy point and the stop, in whole shares", () => {
    // $50,000 × 1% = $500 at risk; $4.10 a share → 121 shares.
    expect(positionSize({ account: 50_000, riskPct: 1, buyPoint: 41.1, stop: 37 })).toEqual({ shares: 121, dollars: 4973.1, risk: 496.1 });
  });

  it("never buys more than the account pays for", () => {
    expect(positionSize({ account: 10_000, riskPct: 5, buyPoint: 100, stop: 99.9 })?.shares).toBe(100);
  });

  it("refuses a stop at or above the buy point and odd input", () => {
    expect(positionSize({ account: 10_000, riskPct: 1, buyPoint: 100, stop: 100 })).toBeNull();
    expect(positionSize({ account: 0, riskPct: 1, buyPoint: 100, stop: 90 })).toBeNull();
    expect(positionSize({ account: 10_000, riskPct: 150, buyPoint: 100, stop: 90 })).toBeNull();
    expect(positionSize({ account: 10_000, riskPct: Number.NaN, buyPoint: 100, stop: 90 })).toBeNull();
  });
});

describe("heat", () => {
  it("is open risk over the account", () => {
    expect(heat(1_500, 50_000)).toBe(0.03);
    expect(heat(1_500, 0)).toBeNull();
  });
});
