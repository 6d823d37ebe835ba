import { describe, expect, it } from "vitest";
import { DEFAULT_ANALYSIS_CONFIG as config } from "./analysis-config";
import { evaluateTrendTemplate, type TrendInputs } from "./trend-template";

/** A textbook stage-2 stock: every criterion passes. */
const strong: TrendInputs = {
  price: 120,
  ma50: 110,
  ma150: 100,
  ma200: 95,
  ma200Earlier: 90,
  ma50Earlier: 100,
  ma150Earlier: 95,
  low52: 70,
  high52: 125,
  rsRating: 90,
};

const passed = (inputs: Partial<TrendInputs>) =>
  evaluateTrendTemplate({ ...strong, ...inputs }, config).criteria.map((c) => c.passed);

describe("Trend Template", () => {
  it("passes all eight for a stage-2 leader: Strong Bullish", () => {
    const result = evaluateTrendTemplate(strong, config);
    expect(result.score).toBe(8);
    expect(result.trend).toBe("Strong Bullish");
  });

  const cases: [number, Partial<TrendInputs>][] = [
    [1, { price: 96, ma50: 90, low52: 60 }],
    [2, { ma150: 94, ma50: 110 }],
    [3, { ma200Earlier: 96 }],
    [4, { ma50: 99 }],
    [5, { price: 108 }],
    [6, { low52: 95 }],
    [7, { high52: 170 }],
    [8, { rsRating: 69 }],
  ];
  it.each(cases)("criterion %i fails on its own counter-example", (id, change) => {
    const result = passed(change);
    expect(result[id - 1]).toBe(false);
    expect(passed({})[id - 1]).toBe(true);
  });

  it("boundaries: price exactly 1.30 × the low and 0.75 × the high pass; RS 70 passes", () => {
    const result = passed({ price: 91, low52: 70, high52: 91 / 0.75, ma50: 90, ma150: 85, ma200: 80, ma200Earlier: 79, rsRating: 70 });
    expect(result[5]).toBe(true);
    expect(result[6]).toBe(true);
    expect(result[7]).toBe(true);
  });

  it("an unknown RS rating fails criterion 8", () => {
    expect(passed({ rsRating: null })[7]).toBe(false);
  });

  it("labels trends: Bullish (6–7 with 1–5), Bearish (below a falling 200-day average), Strong Bearish (averages stacked down, all falling), Neutral", () => {
    expect(evaluateTrendTemplate({ ...strong, rsRating: 50 }, config).trend).toBe("Bullish");
    expect(evaluateTrendTemplate({ ...strong, price: 90, ma200Earlier: 97, ma50: 96, ma50Earlier: 95 }, config).trend).toBe("Bearish");
    expect(
      evaluateTrendTemplate(
        { ...strong, price: 60, ma50: 70, ma150: 80, ma200: 90, ma50Earlier: 75, ma150Earlier: 82, ma200Earlier: 91, low52: 58 },
        config,
      ).trend,
    ).toBe("Strong Bearish");
    expect(evaluateTrendTemplate({ ...strong, price: 99, rsRating: 40, high52: 140 }, config).trend).toBe("Neutral");
  });
});
