import { describe, expect, it } from "vitest";
import { DEFAULT_ANALYSIS_CONFIG } from "../analysis/analysis-config";
import { withOverrides } from "./config-overrides";

describe("withOverrides", () => {
  it("sets a number and a string at a dotted path, on a copy", () => {
    const before = structuredClone(DEFAULT_ANALYSIS_CONFIG);
    const config = withOverrides(DEFAULT_ANALYSIS_CONFIG, ["breakout.buyWindowSessions=3", "trendTemplate.averages=ema", "breakoutVolumeRatio=1.25"]);
    expect(config.breakout.buyWindowSessions).toBe(3);
    expect(config.trendTemplate.averages).toBe("ema");
    expect(config.breakoutVolumeRatio).toBe(1.25);
    expect(config.breakout.failedBreakoutSessions).toBe(DEFAULT_ANALYSIS_CONFIG.breakout.failedBreakoutSessions);
    expect(DEFAULT_ANALYSIS_CONFIG).toEqual(before);
  });

  it("returns an equal copy without overrides", () => {
    const config = withOverrides(DEFAULT_ANALYSIS_CONFIG, []);
    expect(config).toEqual(DEFAULT_ANALYSIS_CONFIG);
    expect(config).not.toBe(DEFAULT_ANALYSIS_CONFIG);
  });

  it("rejects unknown paths, non-leaf paths, arrays and malformed overrides", () => {
    expect(() => withOverrides(DEFAULT_ANALYSIS_CONFIG, ["breakout.buyWindow=3"])).toThrow(/'breakout\.buyWindow' is not a setting of the analysis config/);
    expect(() => withOverrides(DEFAULT_ANALYSIS_CONFIG, ["nothing.here=3"])).toThrow(RangeError);
    expect(() => withOverrides(DEFAULT_ANALYSIS_CONFIG, ["breakout=3"])).toThrow(RangeError);
    expect(() => withOverrides(DEFAULT_ANALYSIS_CONFIG, ["relativeStrength.weights=1"])).toThrow(RangeError);
    expect(() => withOverrides(DEFAULT_ANALYSIS_CONFIG, ["breakoutVolumeRatio.deeper=1"])).toThrow(RangeError);
    expect(() => withOverrides(DEFAULT_ANALYSIS_CONFIG, ["buyWindowSessions"])).toThrow(/is not path=value/);
  });

  it("rejects a value of the wrong type for a number", () => {
    expect(() => withOverrides(DEFAULT_ANALYSIS_CONFIG, ["breakout.buyWindowSessions=five"])).toThrow(/takes a number, got 'five'/);
    expect(() => withOverrides(DEFAULT_ANALYSIS_CONFIG, ["breakoutVolumeRatio=Infinity"])).toThrow(RangeError);
  });
});
