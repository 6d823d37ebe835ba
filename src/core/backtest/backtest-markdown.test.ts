import { describe, expect, it } from "vitest";
import { renderBacktestMarkdown } from "./backtest-markdown";
import { summarizeGroup, type BacktestSummary } from "./backtest-summary";
import { v3Acceptance } from "./v3-acceptance";

const base: BacktestSummary = {
  engine_version: "test",
  costs_bp: 10,
  parameters: { data: ["sp500"], benchmark: "equal-weighted index of the universe", from: "2005-01-01", to: "2017-12-31", step: 1, control_draws: 0, seed: 42, split: null, entry: "buy-range" },
  market_states: {},
  ...summarizeGroup([], 42),
};

describe("the back-test's Markdown", () => {
  it("names method v3 and states each acceptance test with its figures and verdict", () => {
    const acceptance = v3Acceptance([0.02, 0.01, 0.015].map((value) => ({ value })), [-0.05, 0.16], -0.008);
    const md = renderBacktestMarkdown({ ...base, method: "v3", v3_acceptance: acceptance });
    expect(md).toContain("Method v3 as pre-registered (decision 052)");
    expect(md).toMatch(/\(a\) top decile's 63-session excess, mean of 3 months \+1\.5%, Newey-West t [\d.]+ \(needs ≥ \+1\.0% and t ≥ 2\): passed/);
    expect(md).toContain("(b) paired difference in R, block interval -0.05 to +0.16 (needs > 0): failed");
    expect(md).toContain("(c) beta-adjusted 63-session excess -0.8% (needs > 0): failed");
  });

  it("says nothing of v3 for a v2 run", () => {
    expect(renderBacktestMarkdown(base)).not.toMatch(/v3|acceptance/);
  });
});
