import { describe, expect, it } from "vitest";
import { analysisReportSchema } from "../../contracts/stock-summary";
import { BarBuilder } from "../test-support/bar-builder";
import { analyzeStock, computeFacts, InsufficientHistoryError } from "./analyze-stock";
import { cupWithHandle, decliner, flatBase, input, leader, vcp } from "./test-fixtures";

const report = (builder: BarBuilder, overrides = {}) => analyzeStock(input(builder.build(), overrides));

describe("recommendation", () => {
  it("BUY: Trend Template ≥ 7, a VCP breakout inside the buy range on 1.5× volume, EPS ≥ 20%, market not in correction", () => {
    const r = report(vcp().day(0.035, 2.5));
    expect(analysisReportSchema.parse(r)).toEqual(r);
    const s = r.stock_summary;
    expect(s.recommendation.action).toBe("BUY");
    expect(s.technical_analysis.technical_setup).toBe("Breakout");
    expect(s.trade_setup.setup_type).toBe("VCP");
    expect(r.meta.trend_template.score).toBeGreaterThanOrEqual(7);
    expect(s.technical_analysis.technical_setup_trigger).toMatch(/^Closed \d+\.\d% above the \d+\.\d{2} pivot after a breakout on \d+\.\d× average volume/);
  });

  it("WATCH: the same base still below its pivot says what must happen next", () => {
    const r = report(vcp());
    expect(r.stock_summary.recommendation.action).toBe("WATCH");
    expect(r.stock_summary.technical_analysis.technical_setup).toBe("VCP");
    expect(r.stock_summary.technical_analysis.technical_setup_trigger).toMatch(/^Close above \d+\.\d{2} on volume above 1\.5× average/);
    expect(r.stock_summary.recommendation.triggers.some((t) => t.startsWith("Needed for a buy: Still"))).toBe(true);
  });

  it("WATCH: a breakout on weak volume is not a buy", () => {
    const r = report(vcp().day(0.035, 1.1));
    expect(r.stock_summary.recommendation.action).toBe("WATCH");
    expect(r.stock_summary.recommendation.triggers.join(" ")).toMatch(/Breakout volume was 1\.\d× the 50-day average/);
  });

  it("WATCH: extended past the 5% buy range is never a BUY", () => {
    const r = report(vcp().day(0.035, 2.5).move(0.1, 6, 1.2));
    expect(r.stock_summary.recommendation.action).toBe("WATCH");
    expect(r.stock_summary.technical_analysis.technical_setup).toBe("Extended");
  });

  it("WATCH: a BUY setup with current-quarter EPS growth under 20%", () => {
    const weak = input(vcp().day(0.035, 2.5).build()).fundamentals!;
    weak.quarterlyEps[weak.quarterlyEps.length - 1]!.eps = 1.7; // vs 1.6 a year ago: +6.3%
    const r = report(vcp().day(0.035, 2.5), { fundamentals: weak });
    expect(r.stock_summary.recommendation.action).toBe("WATCH");
    expect(r.stock_summary.fundamental_analysis.quarterly_eps_growth[0]).toBeCloseTo(0.0625, 4);
  });

  it("WATCH: no BUY while the market is in a correction", () => {
    const falling = new BarBuilder(400, 80_000_000).to(300, vcp().day(0.035, 2.5).length - 1).build();
    const r = report(vcp().day(0.035, 2.5), { benchmark: falling });
    expect(r.stock_summary.market_analysis.market_trend).toMatch(/^Correction/);
    expect(r.stock_summary.recommendation.action).toBe("WATCH");
  });

  it("BUY without fundamentals says the evidence is missing", () => {
    const r = report(vcp().day(0.035, 2.5), { fundamentals: null });
    expect(r.stock_summary.recommendation.action).toBe("BUY");
    expect(r.meta.missing_evidence).toContain("quarterly EPS");
    expect(r.stock_summary.recommendation.risk_factors.join(" ")).toMatch(/Missing evidence: quarterly EPS.*the buy rests on the rest of the evidence/);
    expect(r.stock_summary.fundamental_analysis.quarterly_eps_growth_trend).toBe("N/A: no quarterly EPS data.");
    expect(r.stock_summary.institutional_ownership).toEqual({ institutional_ownership: null, institutional_ownership_trend: null });
  });

  it("SELL: a stage-4 decline below a falling 200-day EMA, with no buy point", () => {
    const r = report(decliner());
    const s = r.stock_summary;
    expect(s.recommendation.action).toBe("SELL");
    expect(s.technical_analysis.technical_setup).toBe("Stage 4 decline");
    expect(s.trade_setup).toMatchObject({ buy_point: "N/A", stop_loss: "N/A", target_price: "N/A" });
    expect(s.technical_analysis.trend).toMatch(/Bearish/);
  });

  it("SELL: a breakout that falls 8% below its pivot", () => {
    const r = report(vcp().day(0.035, 2.5).move(-0.12, 5, 1.3));
    expect(r.stock_summary.recommendation.action).toBe("SELL");
    expect(r.stock_summary.technical_analysis.technical_setup).toBe("Failed breakout");
  });
});

describe("trade setup", () => {
  it("uses the last contraction's low when it is tighter than the 8% rule", () => {
    const facts = computeFacts(input(vcp().build()));
    const trade = facts.trade!;
    expect(trade.buyPoint).toBe(facts.baseState!.base.pivot);
    expect(trade.stopBasis).toBe("support");
    expect(trade.stopLoss).toBeCloseTo(facts.baseState!.base.supportLow * 0.99, 10);
    expect(trade.stopLoss).toBeGreaterThan(trade.buyPoint * 0.92);
  });

  it("uses the 8% rule when the base's low is further away", () => {
    const facts = computeFacts(input(flatBase().build()));
    expect(facts.trade!.stopBasis).toBe("eight-percent");
    expect(facts.trade!.stopLoss).toBeCloseTo(facts.trade!.buyPoint * 0.92, 10);
  });

  it("targets 20–25% above the buy point", () => {
    for (const builder of [vcp(), flatBase(), cupWithHandle()]) {
      const r = report(builder);
      const { buy_point, target_price } = r.stock_summary.trade_setup;
      expect(typeof buy_point).toBe("number");
      const gain = (target_price as number) / (buy_point as number) - 1;
      expect(gain).toBeGreaterThanOrEqual(0.1995);
      expect(gain).toBeLessThanOrEqual(0.2505);
    }
  });
});

describe("report", () => {
  it("is deterministic: the same input gives byte-identical output", () => {
    expect(JSON.stringify(report(vcp()))).toBe(JSON.stringify(report(vcp())));
  });

  it("refuses fewer than 260 sessions with a typed insufficient-history error", () => {
    const short = new BarBuilder(50).to(60, 200).build();
    expect(() => analyzeStock(input(short))).toThrow(InsufficientHistoryError);
    try {
      analyzeStock(input(short));
    } catch (error) {
      expect((error as InsufficientHistoryError).code).toBe("insufficient_history");
      expect((error as Error).message).toBe("TEST has 201 sessions of price history; the analysis needs at least 260.");
    }
  });

  it("writes specific sentences from the stock's own numbers", () => {
    const r = report(vcp().day(0.035, 2.5));
    const s = r.stock_summary;
    expect(s.technical_analysis.volatility_pattern).toMatch(/^3 contractions: 2\d% → 1\d% → \d%, volume dry-up \d\.\d\d\. ATR\(14\) is \d+\.\d% of the price\.$/);
    expect(s.fundamental_analysis.quarterly_eps_growth_trend).toMatch(/^Accelerating: \+\d+\.\d% → \+\d+\.\d% → \+\d+\.\d% year over year/);
    expect(s.institutional_ownership.institutional_ownership).toBe(0.72);
    expect(s.institutional_ownership.institutional_ownership_trend).toBe("Increasing: 1,260 institutional holders, +4.7% on the quarter");
    expect(s.recommendation.risk_management).toMatch(/^Buy between \d+\.\d{2} and \d+\.\d{2}; stop \d+\.\d{2}/);
  });

  it("labels demo data as simulated in the text and the meta", () => {
    const r = report(vcp(), { demo: true, dataSource: "demo" });
    expect(r.meta.demo).toBe(true);
    expect(r.stock_summary.risk_assessment.market_conditions).toContain("simulated demo data");
    expect(r.stock_summary.recommendation.risk_factors[0]).toMatch(/^Simulated demo data/);
  });

  it("names the source and date of real data, its currency when not USD, and says when it is the last cached", () => {
    const fresh = report(vcp(), { demo: false, dataSource: "Yahoo Finance" });
    const asOf = fresh.meta.as_of;
    expect(fresh.meta).toMatchObject({ currency: null, stale_data: false });
    expect(fresh.stock_summary.risk_assessment.market_conditions).toMatch(new RegExp(`^Data from Yahoo Finance as of ${asOf}\\. The benchmark`));
    const euro = report(vcp(), { demo: false, dataSource: "Yahoo Finance", currency: "EUR", staleData: true });
    expect(euro.meta).toMatchObject({ currency: "EUR", stale_data: true });
    expect(euro.stock_summary.risk_assessment.market_conditions).toMatch(
      new RegExp(`^Data from Yahoo Finance as of ${asOf}\\. Yahoo Finance could not be reached, so this uses the last cached data\\. Prices are in EUR\\. `),
    );
    expect(report(vcp(), { demo: false, dataSource: "Yahoo Finance", currency: "USD" }).stock_summary.risk_assessment.market_conditions).not.toContain("Prices are in");
  });

  it("reports each Trend Template criterion with its figures", () => {
    const r = report(leader().flat(30));
    expect(r.meta.trend_template.criteria.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const first = r.meta.trend_template.criteria[0]!;
    expect(Object.keys(first.values)).toEqual(["price", "ema_150", "ema_200"]);
  });
});
