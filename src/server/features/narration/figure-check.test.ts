import { describe, expect, it } from "vitest";
import { figuresIn, reportNumbers, unsupportedFigures } from "./figure-check";

const report = {
  stock_summary: {
    current_metrics: { price: 182.37, volume: 2_345_678 },
    technical_analysis: { distance_from_52_week_high: -0.0423, volume_analysis: "Volume is 1.4× the 50-day average." },
  },
  meta: { as_of: "2026-11-20", rs_rating: 91 },
};
const reference = reportNumbers(report);
const unsupported = (text: string) => unsupportedFigures([text], reference);

describe("figuresIn", () => {
  it("reads numbers as written: separators, decimals, scale words; signs and units are not part of them", () => {
    expect(figuresIn("Price $1,234.50 is -4.2% below, on 2.3 million shares (1.4×), 3M avg, 3 months")).toEqual([
      { text: "1,234.50", value: 1234.5, decimals: 2, scale: 1 },
      { text: "4.2", value: 4.2, decimals: 1, scale: 1 },
      { text: "2.3 million", value: 2.3, decimals: 1, scale: 1e6 },
      { text: "1.4", value: 1.4, decimals: 1, scale: 1 },
      { text: "3M", value: 3, decimals: 0, scale: 1e6 },
      { text: "3", value: 3, decimals: 0, scale: 1 },
    ]);
    expect(figuresIn("No figures here.")).toEqual([]);
  });

  it("collects a report's numbers from its numeric fields and its texts, as magnitudes", () => {
    expect(reference).toEqual(expect.arrayContaining([182.37, 2_345_678, 0.0423, 1.4, 50, 2026, 11, 20, 91]));
  });
});

describe("unsupportedFigures", () => {
  it("passes the report's figures in their usual spellings: as given, rounded, as a percentage, in millions", () => {
    for (const text of [
      "The price is $182.37.",
      "About $182, or 182.4 to one decimal.",
      "It sits 4.2% below its high (4.23% exactly, -0.0423 as a fraction).",
      "Volume was 2,345,678 shares, about 2.3 million, or 2.35M.",
      "Volume ran at 1.4 times the average.",
      "RS rating 91.",
    ]) {
      expect(unsupported(text), text).toEqual([]);
    }
  });

  it("passes the method's own periods and counts and the report's dates", () => {
    expect(unsupported("Above the 50-day, 150-day and 200-day averages, near the 52-week high; 3 of 8 criteria, 25 sessions.")).toEqual([]);
    expect(unsupported("As of 2026-11-20 (November 20, 2026).")).toEqual([]);
  });

  it("flags figures the report does not hold: a changed price, an invented percentage or target, another year", () => {
    expect(unsupported("Buy near $190.00.")).toEqual(["190.00"]);
    expect(unsupported("The price is $182.73.")).toEqual(["182.73"]);
    expect(unsupported("It could gain 37.5% to reach 250.")).toEqual(["37.5", "250"]);
    expect(unsupported("Volume of 7.7 million shares.")).toEqual(["7.7 million"]);
    expect(unsupported("Expect a rebound in 2027.")).toEqual(["2027"]);
    expect(unsupportedFigures(["fine at 182.37", "bad at 183.99"], reference)).toEqual(["183.99"]);
  });
});
