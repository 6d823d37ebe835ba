import { describe, expect, it } from "vitest";
import { analysisReportSchema } from "../../contracts/stock-summary";
import type { DailyBars } from "../market/market-data";
import { price as priceText } from "../narrative/format";
import { narrateSummary } from "../narrative/rules-narrator";
import { BarBuilder } from "../test-support/bar-builder";
import { DEFAULT_ANALYSIS_CONFIG as config, type AnalysisConfig } from "./analysis-config";
import { analyzeStock, computeFacts, InsufficientHistoryError } from "./analyze-stock";
import { prepareSeries } from "./series-context";
import { SetupTracker } from "./setup-tracker";
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
    const trigger = /^Broke out above the (\d+\.\d{2}) pivot on (\d{4}-\d{2}-\d{2}) on \d+\.\d× average volume; now \d+\.\d% above it, buyable up to (\d+\.\d{2}) \(the buy window stays open (\d+) more sessions?\)\.$/.exec(
      s.technical_analysis.technical_setup_trigger,
    );
    expect(trigger).not.toBeNull();
    const [, pivot, date, rangeHigh, sessionsLeft] = trigger!;
    expect(pivot).toBe(r.meta.base!.pivot.toFixed(2));
    expect(rangeHigh).toBe(r.meta.base!.buy_range_high.toFixed(2));
    expect(date).toBe(r.meta.as_of);
    expect(Number(sessionsLeft)).toBe(config.breakout.buyWindowSessions - 1);
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
    // An index in an uptrend that then drops 12% in 12 sessions: a correction by drawdown.
    const length = vcp().day(0.035, 2.5).length;
    const correcting = new BarBuilder(300, 80_000_000).to(360, length - 13).move(-0.12, 12).build();
    const r = report(vcp().day(0.035, 2.5), { benchmark: correcting });
    expect(r.stock_summary.market_analysis.market_trend).toMatch(/^Correction \(trending down, since \d{4}-\d{2}-\d{2}; new buys wait for a follow-through day\)\.$/);
    expect(r.stock_summary.recommendation.action).toBe("WATCH");
    expect(r.stock_summary.technical_analysis.technical_setup).toBe("Breakout");
    expect(r.stock_summary.recommendation.triggers).toContain("Needed for a buy: The market is in a correction: new buys wait for a follow-through day.");
    // The same stock with the market in a confirmed uptrend is a BUY.
    expect(report(vcp().day(0.035, 2.5)).stock_summary.recommendation.action).toBe("BUY");
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
    // Two forming bases above their stops and a breakout inside its buy window.
    for (const builder of [vcp(), flatBase(), vcp().day(0.035, 2.5)]) {
      const r = report(builder);
      const { buy_point, target_price } = r.stock_summary.trade_setup;
      expect(typeof buy_point).toBe("number");
      const gain = (target_price as number) / (buy_point as number) - 1;
      expect(gain).toBeGreaterThanOrEqual(config.tradeSetup.targetLow - 0.0005);
      expect(gain).toBeLessThanOrEqual(config.tradeSetup.targetHigh + 0.0005);
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
    // The contractions of the base as it was announced (its pivot persists; see setup-tracker.test.ts).
    const contractions = r.meta.base!.contractions;
    expect(contractions.length).toBeGreaterThanOrEqual(config.base.vcp.minContractions);
    const sequence = contractions.map((d) => `${Math.round(d * 100)}%`).join(" → ");
    expect(s.technical_analysis.volatility_pattern).toMatch(
      new RegExp(`^${contractions.length} contractions: ${sequence}, volume dry-up \\d\\.\\d\\d\\. ATR\\(14\\) is \\d+\\.\\d% of the price\\.$`),
    );
    expect(s.fundamental_analysis.quarterly_eps_growth_trend).toMatch(/^Accelerating: \+\d+\.\d% → \+\d+\.\d% → \+\d+\.\d% year over year/);
    expect(s.institutional_ownership.institutional_ownership).toBe(0.72);
    expect(s.institutional_ownership.institutional_ownership_trend).toBe("Increasing: 1,260 institutional holders, +4.7% on the quarter");
    expect(s.recommendation.risk_management).toMatch(/^Buy between (\d+\.\d{2}) and \d+\.\d{2} \(after an open under \1, only once it trades back up to it\); stop \d+\.\d{2}/);
  });

  it("labels demo data as simulated in the text and the meta", () => {
    const r = report(vcp(), { demo: true, dataSource: "demo" });
    expect(r.meta.demo).toBe(true);
    expect(r.stock_summary.risk_assessment.market_conditions).toContain("simulated demo data");
    expect(r.stock_summary.recommendation.risk_factors[0]).toMatch(/^Simulated demo data/);
  });

  it("says when the benchmark's data ends before the stock's, and on which date its figures are", () => {
    const bars = vcp().build();
    const earlier = new BarBuilder(300, 80_000_000).to(360, bars.close.length - 6).build("2026-11-13");
    const r = analyzeStock(input(bars, { benchmark: earlier }));
    expect(r.stock_summary.risk_assessment.market_conditions).toContain(`The benchmark closed at ${earlier.close.at(-1)!.toFixed(2)} on 2026-11-13 (its data ends before ${r.meta.as_of}), `);
    const same = analyzeStock(input(bars));
    expect(same.stock_summary.risk_assessment.market_conditions).not.toContain("its data ends before");
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
    const key = config.trendTemplate.averages;
    expect(Object.keys(first.values)).toEqual(["price", `${key}_150`, `${key}_200`]);
  });
});

/** Every text of a report, joined (to check what it never says). */
const allText = (r: ReturnType<typeof analyzeStock>) => JSON.stringify(r.stock_summary);

/** The stop the tracker keeps for the base it follows at the last session. */
function trackedStop(bars: DailyBars): number {
  const tracker = new SetupTracker(prepareSeries(bars, config), config);
  tracker.advanceTo(bars.close.length - 1);
  return tracker.current!.stopLoss;
}

describe("buy window (method v2)", () => {
  const window = config.breakout.buyWindowSessions;
  // Breakout on volume (day 0), then sessions holding just above it, inside the buy range.
  const afterBreakout = (sessions: number) => vcp().day(0.035, config.breakoutVolumeRatio + 1).flat(sessions, 0.001);

  it("BUY on every session of the buy window, day 0 to day window − 1", () => {
    for (let day = 0; day < window; day++) {
      const bars = afterBreakout(day).build();
      const r = analyzeStock(input(bars));
      const s = r.stock_summary;
      expect(s.recommendation.action, `day ${day}`).toBe("BUY");
      expect(s.technical_analysis.technical_setup).toBe("Breakout");
      expect(typeof s.trade_setup.buy_point).toBe("number");
      expect(s.technical_analysis.technical_setup_trigger).toContain(`on ${bars.dates[bars.close.length - 1 - day]}`);
    }
  });

  it("WATCH 'Past the buy window' on day window: no buy point or target, and the trigger names the breakout date", () => {
    const bars = afterBreakout(window).build();
    const breakoutDate = bars.dates[bars.close.length - 1 - window]!;
    const r = analyzeStock(input(bars));
    const s = r.stock_summary;
    expect(s.recommendation.action).toBe("WATCH");
    expect(s.technical_analysis.technical_setup).toBe("Past the buy window");
    expect(s.trade_setup).toMatchObject({ buy_point: "N/A", target_price: "N/A", stop_loss: "N/A" });
    expect(s.technical_analysis.technical_setup_trigger).toMatch(new RegExp(`^Past the buy window: the stock cleared the \\d+\\.\\d{2} pivot on ${breakoutDate}, ${window} sessions ago`));
    expect(s.recommendation.triggers.join(" ")).toContain(`Needed for a buy: Past the buy window: the breakout came on ${breakoutDate}`);
    expect(s.recommendation.risk_management).toContain("past its buy window");
    expect(allText(r)).not.toContain("If it triggers");
    expect(allText(r)).not.toMatch(/[Bb]uy between/);
    // Still within the buy range: it is the window, not the price, that ends the buy.
    expect(bars.close[bars.close.length - 1]).toBeLessThanOrEqual(computeFacts(input(bars)).baseState!.base.buyRangeHigh);
  });

  it("Extended inside the window shows 'N/A' levels and no conditional buy", () => {
    const r = report(vcp().day(0.035, config.breakoutVolumeRatio + 1).day(0.06, 1.5));
    const s = r.stock_summary;
    expect(s.recommendation.action).toBe("WATCH");
    expect(s.technical_analysis.technical_setup).toBe("Extended");
    expect(s.trade_setup).toEqual({ buy_point: "N/A", target_price: "N/A", stop_loss: "N/A", setup_type: "VCP" });
    expect(s.technical_analysis.technical_setup_trigger).toMatch(/^Extended \d+\.\d% above the \d+\.\d{2} pivot cleared on \d{4}-\d{2}-\d{2} .*no buy range now/);
    expect(s.recommendation.risk_management).toMatch(/^No buy range now: .* is extended\./);
    expect(allText(r)).not.toContain("If it triggers");
  });
});

describe("trade levels of a forming base", () => {
  it("a forming base whose close is under its stop shows 'N/A' levels, and the trigger says where they return", () => {
    // The VCP is announced early in its second pullback; that pullback then goes on under the stop.
    const bars = leader().move(-0.2, 10).to(99, 10).move(-0.1, 9).build();
    const stop = trackedStop(bars);
    const r = analyzeStock(input(bars));
    const s = r.stock_summary;
    expect(bars.close[bars.close.length - 1]).toBeLessThan(stop);
    expect(s.recommendation.action).toBe("WATCH");
    expect(s.technical_analysis.technical_setup).toBe("VCP");
    expect(s.trade_setup).toMatchObject({ buy_point: "N/A", target_price: "N/A", stop_loss: "N/A" });
    expect(s.technical_analysis.technical_setup_trigger).toContain(`Too deep in the base for a trade plan: levels return above ${priceText(stop)}.`);
    expect(s.recommendation.risk_management).toMatch(/^No trade plan yet: the price is too deep in the base/);
  });

  it("the same for a cup whose handle undercuts the stop set when the base was announced", () => {
    const bars = cupWithHandle().build();
    const stop = trackedStop(bars);
    const r = analyzeStock(input(bars));
    expect(bars.close[bars.close.length - 1]).toBeLessThan(stop);
    expect(r.stock_summary.trade_setup.buy_point).toBe("N/A");
    expect(r.stock_summary.technical_analysis.technical_setup_trigger).toContain(`levels return above ${priceText(stop)}.`);
  });

  it("a forming base above its stop shows its levels and no 'too deep' text", () => {
    const bars = vcp().build();
    const stop = trackedStop(bars);
    const r = analyzeStock(input(bars));
    expect(bars.close[bars.close.length - 1]).toBeGreaterThanOrEqual(stop);
    expect(r.stock_summary.trade_setup.stop_loss).toBe(Math.round(stop * 100) / 100);
    expect(r.stock_summary.technical_analysis.technical_setup_trigger).not.toContain("Too deep");
    expect(r.stock_summary.recommendation.risk_management).toMatch(/^If it breaks out on volume, buy between/);
  });
});

describe("WATCH and SELL (method v2)", () => {
  it("a weak Trend Template is WATCH with its blocker, not SELL", () => {
    const facts = computeFacts(input(leader().move(-0.4, 50).build()));
    expect(facts.trend.score).toBeLessThanOrEqual(3);
    expect(facts.trend.ma200Falling).toBe(false);
    expect(facts.action).toBe("WATCH");
    expect(facts.sellReasons).toEqual([]);
    expect(facts.buyBlockers).toContainEqual({ rule: "weak-trend-template", score: facts.trend.score, needed: config.recommendation.minTrendScoreForBuy });
    const r = analyzeStock(input(leader().move(-0.4, 50).build()));
    expect(r.stock_summary.recommendation.triggers).toContain(
      `Needed for a buy: Only ${facts.trend.score} of 8 Trend Template criteria pass (${config.recommendation.minTrendScoreForBuy} needed for a buy).`,
    );
  });

  const withStage4 = (stage4: AnalysisConfig["sell"]["stage4"]): AnalysisConfig => ({ ...config, sell: { ...config.sell, stage4 } });

  it("stage 4: SELL under a falling 200-day with the averages stacked downward, under either stage-4 rule", () => {
    for (const rule of ["stacked", "below-falling-200"] as const) {
      const facts = computeFacts(input(decliner().build()), withStage4(rule));
      expect(facts.action).toBe("SELL");
      expect(facts.setup).toBe("Stage 4 decline");
      expect(facts.sellReasons).toEqual([{ rule: "stage-4-decline", ma200: facts.averages.ma200, stacked: true }]);
    }
  });

  it("stage 4: a rebound whose 50-day average turned up is SELL only under the 'below-falling-200' rule", () => {
    const bars = decliner().move(0.2, 30).build();
    const stacked = computeFacts(input(bars), withStage4("stacked"));
    expect(stacked.price).toBeLessThan(stacked.averages.ma200);
    expect(stacked.trend.ma200Falling).toBe(true);
    expect(stacked.action).toBe("WATCH");
    expect(stacked.sellReasons).toEqual([]);
    const loose = computeFacts(input(bars), withStage4("below-falling-200"));
    expect(loose.action).toBe("SELL");
    expect(loose.sellReasons).toEqual([{ rule: "stage-4-decline", ma200: loose.averages.ma200, stacked: false }]);
  });
});

describe("setup label", () => {
  it("a steady advance within 3% above its 50-day average, no base: the pullback is named after the average it was judged on", () => {
    // 60 to 100 over 520 sessions: the close runs about 2.4% above the 50-day average.
    const bars = new BarBuilder(60).to(100, 520).build();
    for (const [averages, label] of [["sma", "Pullback to the 50-day SMA"], ["ema", "Pullback to the 50-day EMA"]] as const) {
      const chosen: AnalysisConfig = { ...config, trendTemplate: { ...config.trendTemplate, averages } };
      const facts = computeFacts(input(bars), chosen);
      expect(facts.baseState).toBeNull();
      expect(facts.trend.score).toBeGreaterThanOrEqual(6);
      expect(facts.price / facts.averages.ma50 - 1).toBeGreaterThan(0);
      expect(facts.price / facts.averages.ma50 - 1).toBeLessThanOrEqual(0.03);
      expect(facts.setup).toBe(label);
      expect(analyzeStock(input(bars), chosen).stock_summary.technical_analysis.technical_setup).toBe(label);
    }
  });
});

describe("price rule on the traded price", () => {
  /** The bars with prices scaled so the last adjusted close is `adjusted` and the traded close `traded` (a later split). */
  function priced(bars: DailyBars, adjusted: number, traded: number): DailyBars {
    const factor = adjusted / bars.close[bars.close.length - 1]!;
    const scale = (column: Float64Array) => column.map((v) => v * factor);
    return { ...bars, open: scale(bars.open), high: scale(bars.high), low: scale(bars.low), close: scale(bars.close), tradedClose: scale(bars.close).map((v) => (v * traded) / adjusted) };
  }
  const minimum = config.fundamentals.minPrice;
  const breakout = () => vcp().day(0.035, config.breakoutVolumeRatio + 1).build();

  it("an adjusted close under the minimum but a traded close above it is no blocker", () => {
    const facts = computeFacts(input(priced(breakout(), minimum * 0.75, minimum * 3)));
    expect(facts.price).toBeCloseTo(minimum * 0.75, 8);
    expect(facts.tradedPrice).toBeCloseTo(minimum * 3, 8);
    expect(facts.buyBlockers.map((b) => b.rule)).not.toContain("price-below-minimum");
    expect(facts.action).toBe("BUY");
  });

  it("an adjusted close above the minimum but a traded close under it is a blocker, with the traded price", () => {
    const bars = priced(breakout(), minimum * 3, minimum * 0.75);
    const facts = computeFacts(input(bars));
    expect(facts.buyBlockers).toContainEqual({ rule: "price-below-minimum", price: bars.tradedClose![bars.close.length - 1], minimum });
    expect(facts.action).toBe("WATCH");
    const r = analyzeStock(input(bars));
    expect(r.stock_summary.recommendation.triggers).toContain(`Needed for a buy: The share price of ${priceText(minimum * 0.75)} is under the $${minimum} minimum for new buys.`);
  });
});

describe("relative strength text", () => {
  it("with universe scores, a percentile", () => {
    const r = report(vcp(), { universeRsScores: [-0.3, -0.1, 0, 0.05, 0.1, 0.2, 0.3, 2] });
    expect(r.stock_summary.fundamental_analysis.industry_position).toMatch(/^RS rating \d+ in Software \(percentile of the analysed universe\)/);
    expect(allText(r)).not.toContain("vs the benchmark");
  });

  it("with only a benchmark, 'vs <benchmark>' and the difference, never a share of the market", () => {
    const r = report(vcp(), { universeRsScores: null, benchmarkName: "SPY" });
    const facts = computeFacts(input(vcp().build(), { benchmarkName: "SPY" }));
    expect(facts.rsBasis).toBe("benchmark");
    const gap = (facts.rsScore! - facts.benchmarkRsScore!) * 100;
    expect(r.stock_summary.fundamental_analysis.industry_position).toBe(
      `RS rating ${facts.rsRating} vs SPY in Software: ahead of SPY (weighted 12-month return ${Math.abs(gap).toFixed(1)} points ${gap >= 0 ? "above" : "below"} SPY's), with a 3-month return of +${(facts.stockReturn3m * 100).toFixed(1)}%.`,
    );
    expect(r.stock_summary.recommendation.triggers).toContain(
      `Relative strength rating ${facts.rsRating} vs SPY (weighted 12-month return ${Math.abs(gap).toFixed(1)} points ${gap >= 0 ? "above" : "below"} SPY's).`,
    );
    expect(allText(r)).not.toContain("% of the market");
    expect(allText(r)).not.toContain("percentile");
  });
});

describe("one number, one source", () => {
  /** A value whose toFixed(2) and Math.round rounding disagree (binary 100.005 is just under the half cent). */
  function trickyCents(from: number): number {
    for (let cents = Math.floor(from * 100); cents < from * 100 + 100_000; cents++) {
      const x = (cents + 0.5) / 100;
      if (x.toFixed(2) !== (Math.round(x * 100) / 100).toFixed(2)) return x;
    }
    throw new Error("no value found");
  }

  it("a target, stop and buy point print in risk_management exactly as in trade_setup", () => {
    const facts = computeFacts(input(vcp().day(0.035, config.breakoutVolumeRatio + 1).build()));
    const trade = facts.trade!;
    const target = trickyCents(trade.target);
    const stopLoss = trickyCents(trade.stopLoss);
    const buyPoint = trickyCents(trade.buyPoint);
    expect(target.toFixed(2)).not.toBe((Math.round(target * 100) / 100).toFixed(2));
    const s = narrateSummary({ ...facts, trade: { ...trade, target, stopLoss, buyPoint } }, config);
    const { target_price, stop_loss, buy_point } = s.trade_setup as { target_price: number; stop_loss: number; buy_point: number };
    expect(s.recommendation.risk_management).toContain(`Take profits near ${target_price.toFixed(2)} `);
    expect(s.recommendation.risk_management).toContain(`; stop ${stop_loss.toFixed(2)} `);
    expect(s.recommendation.risk_management).toMatch(new RegExp(`^Buy between ${buy_point.toFixed(2).replace(".", "\\.")} and`));
    expect(s.recommendation.risk_management).not.toContain(target.toFixed(2));
  });
});

describe("volume text", () => {
  it("a 10-day ratio that prints as 1.0× is 'about average', whichever side of 1 it is", () => {
    const facts = computeFacts(input(vcp().build()));
    const cases: [number, string, string][] = [
      [0.95, "1.0×", "about average"],
      [0.97, "1.0×", "about average"],
      [1.04, "1.0×", "about average"],
      [0.94, "0.9×", "drying up"],
      [1.05, "1.1×", "running above average"],
    ];
    for (const [dryUpRatio, shown, state] of cases) {
      const text = narrateSummary({ ...facts, dryUpRatio }, config).technical_analysis.volume_analysis;
      expect(text, String(dryUpRatio)).toContain(`The last 10 sessions averaged ${shown} the 50-day average (${state}).`);
    }
  });
});

describe("stop and threshold wording", () => {
  const rulePercent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;

  it("the setup's risk names the stop it shows, and why it sits there", () => {
    const support = computeFacts(input(vcp().day(0.035, config.breakoutVolumeRatio + 1).build()));
    expect(support.trade!.stopBasis).toBe("support");
    const s = narrateSummary(support, config);
    expect(s.technical_analysis.technical_setup_trigger_risk_factors[0]).toBe(
      `A close below ${(s.trade_setup.stop_loss as number).toFixed(2)} (the stop, just under the last contraction's low of ${priceText(support.baseState!.base.supportLow)}) breaks the setup.`,
    );
    // A flat base broken out: the 8% rule sets the stop.
    const flat = computeFacts(input(leader().move(-0.1, 8).to(97, 20).move(-0.04, 4).to(96.5, 5, 0.7).day(0.025, 1.2).day(0.045, 2.5).build()));
    expect(flat.setup).toBe("Breakout");
    expect(flat.trade!.stopBasis).toBe("eight-percent");
    const f = narrateSummary(flat, config);
    expect(f.technical_analysis.technical_setup_trigger_risk_factors[0]).toBe(
      `A close below ${(f.trade_setup.stop_loss as number).toFixed(2)} (the stop, ${rulePercent(config.tradeSetup.maxStopLoss)} under the pivot) breaks the setup.`,
    );
  });

  it("rule thresholds in the texts come from the config", () => {
    const facts = computeFacts(input(vcp().day(0.035, config.breakoutVolumeRatio + 1).build()));
    const sold = {
      ...facts,
      action: "SELL" as const,
      setup: "50-day line broken" as const,
      trade: null,
      sellReasons: [{ rule: "fifty-day-break" as const, ma50: 112.5, volumeRatio: 2.5, date: facts.asOf }],
    };
    const tuned: AnalysisConfig = {
      ...config,
      sell: { ...config.sell, fiftyDayRun: 0.15 },
      market: { ...config.market, distributionDaySessions: 20 },
      fundamentals: { ...config.fundamentals, minCurrentQuarterGrowth: 0.18, ibdCurrentQuarterGrowth: 0.6 },
    };
    const s = narrateSummary(sold, tuned);
    expect(s.technical_analysis.technical_setup_trigger).toContain("after a run of 15%+ from its pivot.");
    expect(s.risk_assessment.market_conditions).toMatch(/distribution days? in the last 20 sessions\.$/);
    expect(s.fundamental_analysis.quarterly_eps_growth_trend).toMatch(/The current quarter passes the 18% rule, not IBD's stricter 60%\.$/);
    expect(narrateSummary(sold, config).technical_analysis.technical_setup_trigger).toContain(`after a run of ${rulePercent(config.sell.fiftyDayRun)}+ from its pivot.`);
  });
});

describe("the last session's facts (meta.session)", () => {
  it("gives the day's change, volume ratio, dollar volume and the position against the averages and the 52-week range", () => {
    const bars = vcp().day(0.035, 2.5).build();
    const r = analyzeStock(input(bars));
    const n = bars.close.length;
    const session = r.meta.session!;
    expect(session.change_pct).toBeCloseTo(bars.close[n - 1]! / bars.close[n - 2]! - 1, 4);
    const before50 = bars.volume.slice(n - 51, n - 1).reduce((a, b) => a + b, 0) / 50;
    expect(session.volume_ratio).toBeCloseTo(bars.volume[n - 1]! / before50, 2);
    expect(session.volume_ratio).toBeGreaterThan(1.5);
    const average50 = bars.volume.slice(n - 50).reduce((a, b) => a + b, 0) / 50;
    expect(session.dollar_volume_50! / (average50 * bars.close[n - 1]!)).toBeCloseTo(1, 3);
    expect(session.above_50).toBe(true);
    expect(session.above_200).toBe(true);
    expect(session.new_high).toBe(true);
    expect(session.new_low).toBe(false);
    expect(analysisReportSchema.parse(r).meta.session).toEqual(session);
  });

  it("says a decliner is below its averages at a new low", () => {
    const session = report(decliner()).meta.session!;
    expect(session.above_50).toBe(false);
    expect(session.above_200).toBe(false);
    expect(session.new_high).toBe(false);
  });

  it("lets a stored report without it still parse", () => {
    const r = report(vcp());
    const { session: _session, ...older } = r.meta;
    expect(analysisReportSchema.safeParse({ ...r, meta: older }).success).toBe(true);
  });
});
