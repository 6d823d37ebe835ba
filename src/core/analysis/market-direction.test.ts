import { describe, expect, it } from "vitest";
import { BarBuilder } from "../test-support/bar-builder";
import { DEFAULT_ANALYSIS_CONFIG as config } from "./analysis-config";
import { analyzeMarketDirection } from "./market-direction";

describe("market direction", () => {
  it("confirmed uptrend: above the 50-day EMA with fewer than 5 distribution days", () => {
    const m = analyzeMarketDirection(new BarBuilder(300, 1e8).to(360, 400).build(), config)!;
    expect(m.trend).toBe("Confirmed uptrend");
    expect(m.sentiment).toBe("Bullish");
    expect(m.distributionDays).toBe(0);
  });

  it("under pressure: 5 distribution days (down ≥ 0.2% on higher volume) in the last 25 sessions", () => {
    const builder = new BarBuilder(300, 1e8).to(360, 380);
    for (let k = 0; k < 5; k++) builder.day(-0.003, 1.5 + k * 0.2).day(0.004, 0.8);
    const m = analyzeMarketDirection(builder.build(), config)!;
    expect(m.distributionDays).toBe(5);
    expect(m.trend).toBe("Uptrend under pressure");
  });

  it("4 distribution days, or drops on lower volume, keep the uptrend confirmed", () => {
    const builder = new BarBuilder(300, 1e8).to(360, 380);
    for (let k = 0; k < 4; k++) builder.day(-0.003, 1.5 + k * 0.2).day(0.004, 0.8);
    builder.day(-0.005, 0.5).day(0.006, 1);
    const m = analyzeMarketDirection(builder.build(), config)!;
    expect(m.distributionDays).toBe(4);
    expect(m.trend).toBe("Confirmed uptrend");
  });

  it("correction: below the 50- and 200-day EMAs with the 200-day falling", () => {
    const m = analyzeMarketDirection(new BarBuilder(400, 1e8).to(300, 400).build(), config)!;
    expect(m.trend).toBe("Correction");
    expect(m.sentiment).toBe("Bearish");
  });

  it("needs enough history for the 200-day EMA's direction", () => {
    expect(analyzeMarketDirection(new BarBuilder(300).to(310, 150).build(), config)).toBeNull();
  });
});
