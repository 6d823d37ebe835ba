import { describe, expect, it } from "vitest";
import { buyPointDistanceText, buyPointPosition, rankSetups, setupTier, type SetupRankInput } from "./buy-point-position";

const setup = (ticker: string, price: number, buyPoint: number | null, stopLoss: number | null, trendScore = 8, rsRating: number | null = 90): SetupRankInput => ({
  ticker,
  price,
  buyPoint,
  stopLoss,
  trendScore,
  rsRating,
});

describe("buyPointPosition", () => {
  it("labels the KSTM case (price 85.21, buy point 72.90, stop 21% below the price) extended, with its risk", () => {
    const position = buyPointPosition({ price: 85.21, buyPoint: 72.9, stopLoss: 67.32 });
    expect(position).toEqual({ distance: 0.169, extended: true, risk: 0.21 });
  });

  it("keeps a stock inside the buy range (up to 5% above the buy point) not extended", () => {
    expect(buyPointPosition({ price: 105, buyPoint: 100, stopLoss: 97 })).toEqual({ distance: 0.05, extended: false, risk: 0.076 });
    expect(buyPointPosition({ price: 105.1, buyPoint: 100, stopLoss: 97 }).extended).toBe(true);
    expect(buyPointPosition({ price: 96.6, buyPoint: 100, stopLoss: 90 })).toEqual({ distance: -0.034, extended: false, risk: 0.068 });
  });

  it("answers null figures when a price, buy point or stop is missing or unusable", () => {
    expect(buyPointPosition({ price: 100, buyPoint: null, stopLoss: "N/A" })).toEqual({ distance: null, extended: false, risk: null });
    expect(buyPointPosition({ price: 100, buyPoint: 0, stopLoss: 120 })).toEqual({ distance: null, extended: false, risk: null });
    expect(buyPointPosition({ price: Number.NaN, buyPoint: 99, stopLoss: 90 })).toEqual({ distance: null, extended: false, risk: null });
  });
});

describe("buyPointDistanceText", () => {
  it.each([
    [0.021, "2.1% above buy point"],
    [0, "At buy point"],
    [-0.034, "3.4% below buy point"],
    [0.169, "16.9% above buy point"],
    [null, null],
  ])("%j → %j", (distance, text) => {
    expect(buyPointDistanceText(distance)).toBe(text);
  });
});

describe("rankSetups", () => {
  it("ranks by setup quality, not by name, and puts the extended KSTM last", () => {
    const items = [
      setup("AAAA", 100, 99.5, 95, 6, 70), // in range, weaker trend
      setup("KSTM", 85.21, 72.9, 67.32, 8, 99), // extended: last, however strong
      setup("BBBB", 100.5, 100, 95, 8, 92), // in range, strong: first
      setup("CCCC", 97, 100, 92, 8, 95), // below the buy point: after the buy range
      setup("DDDD", 50, null, null, 8, 99), // no buy point
    ];
    const ranked = rankSetups(items, (item) => item);
    expect(ranked.map((r) => [r.rank, r.item.ticker])).toEqual([
      [1, "BBBB"],
      [2, "AAAA"],
      [3, "CCCC"],
      [4, "DDDD"],
      [5, "KSTM"],
    ]);
    expect(ranked.at(-1)?.position.extended).toBe(true);
  });

  it("prefers the setup nearer its buy point and with the tighter stop when trend and RS tie", () => {
    const ranked = rankSetups([setup("FARR", 104, 100, 96), setup("NEAR", 100.5, 100, 96), setup("WIDE", 100.5, 100, 90)], (item) => item);
    expect(ranked.map((r) => r.item.ticker)).toEqual(["NEAR", "WIDE", "FARR"]);
  });

  it("breaks full ties by ticker so the order is stable", () => {
    const ranked = rankSetups([setup("ZZZ", 100, 100, 95), setup("AAA", 100, 100, 95)], (item) => item);
    expect(ranked.map((r) => r.item.ticker)).toEqual(["AAA", "ZZZ"]);
  });

  it("orders tiers: buy range, below the buy point, no buy point, extended", () => {
    expect(setupTier({ distance: 0.01, extended: false, risk: null })).toBe(0);
    expect(setupTier({ distance: -0.01, extended: false, risk: null })).toBe(1);
    expect(setupTier({ distance: null, extended: false, risk: null })).toBe(2);
    expect(setupTier({ distance: 0.2, extended: true, risk: null })).toBe(3);
  });
});
