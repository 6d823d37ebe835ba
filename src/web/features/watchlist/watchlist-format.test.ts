import { describe, expect, it } from "vitest";
import { parsePriceInput, premiumLineVisible, stopDistanceText, watchCountText } from "./watchlist-format";

describe("watch list formats", () => {
  it("words the distance to the stop", () => {
    expect(stopDistanceText(0.0685)).toBe("6.9% above stop");
    expect(stopDistanceText(-0.02)).toBe("2.0% below stop");
    expect(stopDistanceText(0.0001)).toBe("At the stop");
    expect(stopDistanceText(null)).toBeNull();
  });

  it("counts against the limit", () => {
    expect(watchCountText(3, 10)).toBe("3 of 10 stocks");
  });

  it("shows the premium line to free users from two below the limit", () => {
    expect(premiumLineVisible("free", 7, 10)).toBe(false);
    expect(premiumLineVisible("free", 8, 10)).toBe(true);
    expect(premiumLineVisible("free", 10, 10)).toBe(true);
    expect(premiumLineVisible("premium", 100, 100)).toBe(false);
  });

  it("reads a typed price: a number, empty (clear) or not a price", () => {
    expect(parsePriceInput("52.10")).toBe(52.1);
    expect(parsePriceInput(" $1,250 ")).toBe(1250);
    expect(parsePriceInput(".5")).toBe(0.5);
    expect(parsePriceInput("")).toBeNull();
    expect(parsePriceInput("-3")).toBeUndefined();
    expect(parsePriceInput("0")).toBeUndefined();
    expect(parsePriceInput("12abc")).toBeUndefined();
    expect(parsePriceInput("2000000")).toBeUndefined();
  });
});
