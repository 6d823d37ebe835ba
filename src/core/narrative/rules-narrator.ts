import type { AnalysisConfig } from "../analysis/analysis-config";
import type { AnalysisFacts, RuleOutcome } from "../analysis/analysis-facts";
import type { AnalysisReport, PriceOrNa, StockSummary } from "../analysis/analysis-report";
import { NA, count, percent, percentAbs, plural, price, ratio, round } from "./format";

/**
 * The rules narrator: every text field of the report, written from the computed facts. Each
 * sentence carries the stock's own numbers; where evidence is missing it says 'N/A' and which
 * evidence, never filler. An LLM narrator may later rewrite these fields; the numbers stay.
 */

const DEMO_NOTE = "Based on simulated demo data, not real market prices.";

const money = (value: number): PriceOrNa => (Number.isFinite(value) && value >= 0 ? round(value, 2) : "N/A");

function describeRule(outcome: RuleOutcome, facts: AnalysisFacts): string {
  switch (outcome.rule) {
    case "below-falling-ema200":
      return `Price ${price(facts.price)} is below a falling 200-day EMA (${price(outcome.ema200)}): a stage-4 decline.`;
    case "weak-trend-template":
      return `Only ${outcome.score} of 8 Trend Template criteria pass (${outcome.needed} needed for a buy).`;
    case "failed-breakout":
      return `Failed breakout: ${percentAbs(outcome.belowPivot)} below the ${price(outcome.pivot)} pivot, past the 8% sell rule.`;
    case "no-base":
      return "No proper base (a 5+ week consolidation after a 30% advance) to buy from.";
    case "below-pivot":
      return `Still ${percentAbs(outcome.belowPivot)} below the ${price(outcome.pivot)} pivot: the base has not broken out.`;
    case "extended":
      return `Extended ${percent(outcome.abovePivot)} above the ${price(outcome.pivot)} pivot, past the buy range that ended at ${price(outcome.buyRangeHigh)}.`;
    case "weak-breakout-volume":
      return Number.isFinite(outcome.ratio)
        ? `Breakout volume was ${ratio(outcome.ratio)} the 50-day average, short of the ${ratio(outcome.needed)} the rule asks.`
        : `Breakout volume cannot be compared with its 50-day average (no volume history).`;
    case "eps-below-bar":
      return `Current-quarter EPS growth of ${percent(outcome.growth)} is below the ${percent(outcome.needed)} bar.`;
    case "price-below-minimum":
      return `The share price of ${price(outcome.price)} is under the $${outcome.minimum} minimum for new buys.`;
    case "market-correction":
      return "The market is in a correction: new buys wait for a confirmed uptrend.";
  }
}

function trendText(facts: AnalysisFacts): string {
  return `${facts.trend.trend} (Trend Template ${facts.trend.score}/8)`;
}

function volumeAnalysis(facts: AnalysisFacts): string {
  const parts: string[] = [];
  if (Number.isFinite(facts.volumeRatio)) {
    parts.push(`Volume of ${count(facts.volume)} shares is ${ratio(facts.volumeRatio)} the 50-day average.`);
  } else {
    parts.push(`Volume of ${count(facts.volume)} shares; no 50-day average to compare with.`);
  }
  if (Number.isFinite(facts.dryUpRatio)) {
    const state = facts.dryUpRatio < 1 ? "drying up" : "running above average";
    parts.push(`The last 10 sessions averaged ${ratio(facts.dryUpRatio)} the 50-day average (${state}).`);
  }
  if (Number.isFinite(facts.upDownVolume)) {
    const state = facts.upDownVolume >= 1.2 ? "accumulation" : facts.upDownVolume <= 0.8 ? "distribution" : "balanced";
    parts.push(`Up/down volume over 50 sessions is ${facts.upDownVolume.toFixed(2)} (${state}).`);
  }
  return parts.join(" ");
}

function volatilityPattern(facts: AnalysisFacts): string {
  const base = facts.baseState?.base;
  const atrText = `ATR(14) is ${percent(facts.atrPercent)} of the price.`;
  if (base && base.contractions.length > 0) {
    const sequence = base.contractions.map((c) => `${Math.round(c.depth * 100)}%`).join(" → ");
    const dryUp = Number.isFinite(base.dryUpRatio) ? `, volume dry-up ${base.dryUpRatio.toFixed(2)}` : "";
    const label = base.type === "VCP" ? plural(base.contractions.length, "contraction") : `${plural(base.contractions.length, "pullback")} (not a tightening sequence)`;
    return `${label}: ${sequence}${dryUp}. ${atrText}`;
  }
  return `No contraction pattern. ${atrText}`;
}

function setupTrigger(facts: AnalysisFacts, config: AnalysisConfig): { trigger: string; keys: string[]; risks: string[] } {
  const state = facts.baseState;
  const volumeNeeded = facts.volume > 0 && Number.isFinite(facts.volumeRatio) ? facts.volume / facts.volumeRatio * config.breakoutVolumeRatio : Number.NaN;
  const volumeKey = Number.isFinite(volumeNeeded)
    ? `Volume of at least ${ratio(config.breakoutVolumeRatio)} the 50-day average (about ${count(volumeNeeded)} shares).`
    : `Volume of at least ${ratio(config.breakoutVolumeRatio)} the 50-day average.`;
  const marketKey = facts.market ? `The market (${facts.market.trend.toLowerCase()}) must not fall into a correction.` : "Market direction is N/A: check the index before buying.";

  if (facts.action === "SELL") {
    return {
      trigger: `No buy setup: ${describeRule(facts.sellReasons[0]!, facts)} A new base above a rising 200-day EMA must form first.`,
      keys: [
        `Reclaim the 200-day EMA (${price(facts.ema200)}) and see it turn up.`,
        `Build a base of at least ${config.base.flatBase.minWeeks} weeks before any new buy point.`,
      ],
      risks: facts.sellReasons.map((r) => describeRule(r, facts)),
    };
  }
  if (!state) {
    return {
      trigger: `No base yet: wait for a consolidation of at least ${config.base.flatBase.minWeeks} weeks after a ${percent(config.base.minPriorAdvance)} advance, then a close above its pivot.`,
      keys: [`A sideways base no deeper than ${percent(config.base.maxDepth)}.`, volumeKey],
      risks: [`Price is ${percentAbs(facts.distanceFromHigh)} below its 52-week high of ${price(facts.high52)}.`],
    };
  }
  const { base, breakoutIndex, breakoutVolumeRatio } = state;
  const supportText = `A close below ${price(base.supportLow)} (the ${base.type === "VCP" ? "last contraction's" : base.type === "Cup with handle" ? "handle's" : "base's"} low) breaks the pattern.`;
  if (facts.price > base.buyRangeHigh) {
    return {
      trigger: `Extended ${percent(facts.pivotDistance)} above the ${price(base.pivot)} pivot (the buy range ended at ${price(base.buyRangeHigh)}): wait for a new base or a pullback toward the 50-day EMA at ${price(facts.ema50)}.`,
      keys: [`A pullback toward the 50-day EMA (${price(facts.ema50)}) on light volume.`, `A new base of at least ${config.base.flatBase.minWeeks} weeks.`],
      risks: [`Buying ${percent(facts.pivotDistance)} above the pivot puts the 8% stop close to normal pullbacks.`],
    };
  }
  if (breakoutIndex !== null && facts.price >= base.pivot) {
    const confirmed = breakoutVolumeRatio >= config.breakoutVolumeRatio;
    return {
      trigger: confirmed
        ? `Closed ${percent(facts.pivotDistance)} above the ${price(base.pivot)} pivot after a breakout on ${ratio(breakoutVolumeRatio)} average volume; buyable up to ${price(base.buyRangeHigh)}.`
        : `Above the ${price(base.pivot)} pivot, but the breakout came on only ${ratio(breakoutVolumeRatio)} average volume: wait for a close above ${price(base.pivot)} on ${ratio(config.breakoutVolumeRatio)} average volume.`,
      keys: [`Stay inside the buy range ${price(base.pivot)}–${price(base.buyRangeHigh)}.`, volumeKey, marketKey],
      risks: [supportText, `A close back below the ${price(base.pivot)} pivot would mark a failing breakout.`],
    };
  }
  return {
    trigger: `Close above ${price(base.pivot)} on volume above ${ratio(config.breakoutVolumeRatio)} average (now ${percentAbs(facts.pivotDistance)} below the pivot).`,
    keys: [`A close above the ${price(base.pivot)} pivot.`, volumeKey, marketKey],
    risks: [supportText, `The base is ${percent(base.depth)} deep over ${base.weeks.toFixed(0)} weeks.`],
  };
}

function triggers(facts: AnalysisFacts, config: AnalysisConfig): string[] {
  if (facts.action === "SELL") return facts.sellReasons.map((r) => describeRule(r, facts));
  const list: string[] = [];
  const tt = facts.trend;
  if (tt.score >= 6) {
    const vs50 = tt.criteria[4]!.passed ? "above" : "below";
    const vsLong = tt.criteria[0]!.passed ? "above" : "not above";
    list.push(
      `${tt.score} of 8 Trend Template criteria pass: price ${price(facts.price)} is ${vs50} the 50-day EMA (${price(facts.ema50)}) and ${vsLong} the 150-day (${price(facts.ema150)}) and 200-day (${price(facts.ema200)}) EMAs.`,
    );
  }
  if (facts.rsRating !== null && facts.rsRating >= config.trendTemplate.minRsRating) {
    list.push(`Relative strength rating ${facts.rsRating}: stronger than ${facts.rsRating - 1}% of ${facts.rsBasis === "universe" ? "the analysed stocks" : "the market, measured against the benchmark"}.`);
  }
  const state = facts.baseState;
  if (state) {
    const { base } = state;
    list.push(`${base.type} of ${base.weeks.toFixed(0)} weeks, ${percent(base.depth)} deep, after a prior advance of ${percent(base.priorAdvance)}; pivot ${price(base.pivot)}.`);
    if (state.breakoutIndex !== null && facts.price >= base.pivot && facts.price <= base.buyRangeHigh && state.breakoutVolumeRatio >= config.breakoutVolumeRatio) {
      list.push(`Closed ${percent(facts.pivotDistance)} above the ${price(base.pivot)} pivot; the breakout came on ${ratio(state.breakoutVolumeRatio)} average volume.`);
    }
  }
  const f = facts.fundamentals;
  if (f.currentQuarterGrowth !== null && f.currentQuarterGrowth >= config.fundamentals.minCurrentQuarterGrowth) {
    list.push(`Current-quarter EPS up ${percent(f.currentQuarterGrowth)} year over year${f.quarterTrend === "Accelerating" ? ", accelerating" : ""}.`);
  }
  if (f.ownershipTrend === "Increasing") list.push(`Institutional sponsorship rising: ${ownershipFigures(facts)}.`);
  if (facts.market?.trend === "Confirmed uptrend") list.push(`The market is in a confirmed uptrend (${plural(facts.market.distributionDays, "distribution day")} in 25 sessions).`);
  if (facts.action === "WATCH") {
    for (const blocker of facts.buyBlockers) list.push(`Needed for a buy: ${describeRule(blocker, facts)}`);
  }
  return list.length > 0 ? list : [`${trendText(facts)}; no buy rule fired.`];
}

function riskFactors(facts: AnalysisFacts, config: AnalysisConfig): string[] {
  const list: string[] = [];
  if (facts.demo) list.push(`Simulated demo data: ${facts.ticker} is not a real listing and these are not real prices.`);
  if (facts.action === "BUY") for (const blocker of facts.buyBlockers) list.push(describeRule(blocker, facts));
  if (facts.action !== "SELL" && facts.trend.score < 8) {
    const failed = facts.trend.criteria.filter((c) => !c.passed).map((c) => c.label.toLowerCase());
    if (failed.length > 0) list.push(`Trend Template criteria not met: ${failed.join("; ")}.`);
  }
  const f = facts.fundamentals;
  if (f.currentQuarterGrowth !== null && f.currentQuarterGrowth < config.fundamentals.minCurrentQuarterGrowth) {
    list.push(`Current-quarter EPS growth of ${percent(f.currentQuarterGrowth)} is below the ${percent(config.fundamentals.minCurrentQuarterGrowth)} rule.`);
  } else if (f.currentQuarterGrowth !== null && f.currentQuarterGrowth < config.fundamentals.ibdCurrentQuarterGrowth) {
    list.push(`Current-quarter EPS growth of ${percent(f.currentQuarterGrowth)} passes the 20% rule but not IBD's stricter 25%.`);
  }
  if (f.ownershipTrend === "Decreasing") list.push(`Institutions are selling: ${ownershipFigures(facts)}.`);
  if (facts.market && facts.market.trend !== "Confirmed uptrend") {
    list.push(`Market ${facts.market.trend.toLowerCase()}: ${plural(facts.market.distributionDays, "distribution day")} in the last 25 sessions.`);
  }
  if (facts.price < config.fundamentals.minPrice && facts.action !== "WATCH") list.push(`Low-priced stock (${price(facts.price)}): under the $${config.fundamentals.minPrice} rule.`);
  if (facts.missingEvidence.length > 0) {
    list.push(
      `Missing evidence: ${facts.missingEvidence.join(", ")}${facts.action === "BUY" ? " — the buy rests on the rest of the evidence" : ""}.`,
    );
  }
  return list;
}

function riskManagement(facts: AnalysisFacts, config: AnalysisConfig): string {
  const maxRiskPerTrade = 0.01;
  if (facts.action === "SELL") {
    return `Exit or avoid: sell any position that closes ${percent(config.tradeSetup.maxStopLoss)} below its purchase price, and do not average down while ${facts.ticker} trades below its 200-day EMA (${price(facts.ema200)}).`;
  }
  const trade = facts.trade;
  if (!trade) {
    return `No trade yet: without a base there is no buy point or stop. When one forms, risk at most ${percent(config.tradeSetup.maxStopLoss)} per share and ${percent(maxRiskPerTrade)} of the account per trade.`;
  }
  const risk = 1 - trade.stopLoss / trade.buyPoint;
  const position = maxRiskPerTrade / risk;
  const stopWhy = trade.stopBasis === "support" ? `just under the ${price(facts.baseState!.base.supportLow)} support low, tighter than the 8% rule` : "8% under the buy point";
  const entry = facts.action === "BUY" ? `Buy between ${price(trade.buyPoint)} and ${price(facts.baseState!.base.buyRangeHigh)}` : `If it triggers, buy between ${price(trade.buyPoint)} and ${price(facts.baseState!.base.buyRangeHigh)}`;
  return `${entry}; stop ${price(trade.stopLoss)} (${stopWhy}), a risk of ${percent(risk)} per share. To lose no more than ${percent(maxRiskPerTrade)} of the account on a stop-out, keep the position to ${percent(Math.min(position, 1))} of the account. Take profits near ${price(trade.target)} (${percent(trade.targetGain, { signed: true })}).`;
}

function quarterlyTrendText(facts: AnalysisFacts, config: AnalysisConfig): string {
  const f = facts.fundamentals;
  if (f.quarters.length === 0) return "N/A: no quarterly EPS data.";
  const sequence = [...f.quarters]
    .reverse()
    .map((q) => (q.growth === null ? `${q.periodEnd} N/A (year-ago EPS ${q.epsYearAgo.toFixed(2)})` : percent(q.growth, { signed: true })))
    .join(" → ");
  const label = f.quarterTrend ?? "Mixed";
  let rule = "";
  if (f.currentQuarterGrowth !== null) {
    if (f.currentQuarterGrowth >= config.fundamentals.ibdCurrentQuarterGrowth) rule = " The current quarter passes the 20% rule and IBD's 25%.";
    else if (f.currentQuarterGrowth >= config.fundamentals.minCurrentQuarterGrowth) rule = " The current quarter passes the 20% rule, not IBD's stricter 25%.";
    else rule = " The current quarter misses the 20% rule.";
  }
  return `${label}: ${sequence} year over year (oldest to newest).${rule}`;
}

function annualTrendText(facts: AnalysisFacts, config: AnalysisConfig): string {
  const f = facts.fundamentals;
  if (f.annualGrowth === null) {
    return f.annualEps.length >= 2 ? `N/A: annual EPS ${f.annualEps.map((a) => `${a.eps.toFixed(2)} (${a.fiscalYear})`).join(", ")} includes a loss.` : "N/A: fewer than 2 years of annual EPS.";
  }
  const first = f.annualEps[0]!;
  const last = f.annualEps[f.annualEps.length - 1]!;
  const label = f.annualGrowth >= config.fundamentals.strongAnnualGrowth ? "Strong" : f.annualGrowth > 0.1 ? "Moderate" : f.annualGrowth >= 0 ? "Slow" : "Declining";
  return `${label}: EPS ${f.annualGrowth >= 0 ? "grew" : "fell"} ${percentAbs(f.annualGrowth)} a year, from ${first.eps.toFixed(2)} (${first.fiscalYear}) to ${last.eps.toFixed(2)} (${last.fiscalYear}).`;
}

function industryPosition(facts: AnalysisFacts): string {
  const where = facts.company.industry ?? facts.company.sector;
  if (facts.rsRating === null) return `N/A: no relative strength rating${where ? ` for this ${where} stock` : ""}.`;
  const standing = facts.rsRating >= 80 ? "a leader" : facts.rsRating >= 50 ? "middle of the pack" : "a laggard";
  return `RS rating ${facts.rsRating}${where ? ` in ${where}` : ""}: ${standing}, with a 3-month return of ${percent(facts.stockReturn3m, { signed: true })}.`;
}

function sectorPerformance(facts: AnalysisFacts): string {
  const sector = facts.sector;
  if (!sector || !Number.isFinite(sector.return3m)) return `N/A: no sector index data${facts.company.sector ? ` for ${facts.company.sector}` : ""}.`;
  const name = `${facts.company.sector ?? "The sector"}${sector.etf ? ` (${sector.etf})` : ""}`;
  if (sector.benchmarkReturn3m === null) return `${name} returned ${percent(sector.return3m, { signed: true })} over 3 months.`;
  const lead = sector.return3m - sector.benchmarkReturn3m;
  const verdict = lead > 0.01 ? "leading the market" : lead < -0.01 ? "lagging the market" : "in line with the market";
  return `${name} returned ${percent(sector.return3m, { signed: true })} over 3 months against ${percent(sector.benchmarkReturn3m, { signed: true })} for the benchmark: ${verdict}.`;
}

/** '2,941 institutional holders, +4.1% on the quarter' (or the share count's change). */
function ownershipFigures(facts: AnalysisFacts): string {
  const f = facts.fundamentals;
  if (f.holdersChange !== null && f.holders !== null) {
    return `${count(f.holders)} institutional holders, ${percent(f.holdersChange, { signed: true })} on the quarter`;
  }
  if (f.sharesChange !== null) return `institutional shares ${percent(f.sharesChange, { signed: true })} on the quarter`;
  return NA;
}

function ownershipTrendText(facts: AnalysisFacts): string {
  return `${facts.fundamentals.ownershipTrend ?? NA}: ${ownershipFigures(facts)}`;
}

/** 'Data from Yahoo Finance as of 2026-11-20.', with the currency when it is not USD and a warning when stale. */
function sourceNote(facts: AnalysisFacts): string {
  const currency = facts.currency && facts.currency !== "USD" ? ` Prices are in ${facts.currency}.` : "";
  const stale = facts.staleData ? ` ${facts.dataSource} could not be reached, so this uses the last cached data.` : "";
  return `Data from ${facts.dataSource} as of ${facts.asOf}.${stale}${currency}`;
}

function marketTexts(facts: AnalysisFacts): { sentiment: string; trend: string; conditions: string } {
  const m = facts.market;
  const demo = facts.demo ? `${DEMO_NOTE} ` : `${sourceNote(facts)} `;
  if (!m) return { sentiment: "N/A: no benchmark data.", trend: "N/A: no benchmark data.", conditions: `${demo}N/A: market direction unknown without benchmark data.` };
  const vsEma50 = m.close / m.ema50 - 1;
  const direction = m.trend === "Correction" ? "trending down" : m.trend === "Confirmed uptrend" ? "trending up" : "up, but under pressure";
  return {
    sentiment: `${m.sentiment}: the benchmark is ${percentAbs(vsEma50)} ${vsEma50 >= 0 ? "above" : "below"} its 50-day EMA with ${plural(m.distributionDays, "distribution day")} in 25 sessions.`,
    trend: `${m.trend} (${direction}).`,
    conditions: `${demo}The benchmark closed at ${price(m.close)}, ${percent(vsEma50, { signed: true })} versus its 50-day EMA (${price(m.ema50)}); its 200-day EMA (${price(m.ema200)}) is ${m.ema200Falling ? "falling" : "rising"}; ${plural(m.distributionDays, "distribution day")} in the last 25 sessions.`,
  };
}

function technicalRisks(facts: AnalysisFacts): string {
  const vsEma50 = facts.price / facts.ema50 - 1;
  return `Price is ${percentAbs(facts.distanceFromHigh)} below its 52-week high (${price(facts.high52)}) and ${percent(facts.price / facts.low52 - 1)} above its 52-week low (${price(facts.low52)}); ${percentAbs(vsEma50)} ${vsEma50 >= 0 ? "above" : "below"} the 50-day EMA; daily ATR ${percent(facts.atrPercent)} of the price.`;
}

function setupRisks(facts: AnalysisFacts): string {
  const state = facts.baseState;
  if (facts.action === "SELL") return `No setup to trade: ${facts.sellReasons.map((r) => describeRule(r, facts)).join(" ")}`;
  if (!state) return "N/A: no base, so no buy point or stop to judge.";
  const { base } = state;
  const late = base.weeks >= 15 ? " A long base; late-stage bases fail more often." : "";
  return `${base.type} ${percent(base.depth)} deep over ${base.weeks.toFixed(0)} weeks; a close below ${price(base.supportLow)} invalidates it.${late}${facts.trade ? ` The stop at ${price(facts.trade.stopLoss)} is ${percent(1 - facts.trade.stopLoss / facts.trade.buyPoint)} under the buy point.` : ""}`;
}

export function narrateSummary(facts: AnalysisFacts, config: AnalysisConfig): StockSummary {
  const setup = setupTrigger(facts, config);
  const market = marketTexts(facts);
  const f = facts.fundamentals;
  const trade = facts.trade;
  return {
    ticker: facts.ticker,
    current_metrics: {
      price: round(facts.price, 2),
      volume: Math.round(facts.volume),
      fifty_two_week: { high: round(facts.high52, 2), low: round(facts.low52, 2) },
    },
    recommendation: {
      action: facts.action,
      triggers: triggers(facts, config),
      risk_factors: riskFactors(facts, config),
      risk_management: riskManagement(facts, config),
    },
    trade_setup: {
      buy_point: trade ? money(trade.buyPoint) : "N/A",
      target_price: trade ? money(trade.target) : "N/A",
      stop_loss: trade ? money(trade.stopLoss) : "N/A",
      setup_type: facts.baseState && facts.action !== "SELL" ? facts.baseState.base.type : facts.setup,
    },
    technical_analysis: {
      moving_averages: { ema_50: money(facts.ema50), ema_150: money(facts.ema150), ema_200: money(facts.ema200) },
      trend: trendText(facts),
      distance_from_52_week_high: Number.isFinite(facts.distanceFromHigh) ? round(facts.distanceFromHigh, 4) : "N/A",
      volume_analysis: volumeAnalysis(facts),
      volatility_pattern: volatilityPattern(facts),
      technical_setup: facts.setup,
      technical_setup_trigger: setup.trigger,
      technical_setup_trigger_key_triggers: setup.keys,
      technical_setup_trigger_risk_factors: setup.risks,
    },
    fundamental_analysis: {
      quarterly_eps_growth: f.growth.map((g) => round(g, 4)),
      quarterly_eps_growth_trend: quarterlyTrendText(facts, config),
      annual_growth_trend: annualTrendText(facts, config),
      industry_position: industryPosition(facts),
      sector_performance: sectorPerformance(facts),
    },
    institutional_ownership: {
      institutional_ownership: f.ownershipPercent !== null && Number.isFinite(f.ownershipPercent) ? round(Math.min(Math.max(f.ownershipPercent, 0), 1), 4) : null,
      institutional_ownership_trend: f.ownershipTrend === null ? null : ownershipTrendText(facts),
    },
    market_analysis: { market_sentiment: market.sentiment, market_trend: market.trend },
    risk_assessment: {
      market_conditions: market.conditions,
      technical_risks: technicalRisks(facts),
      setup_risks: setupRisks(facts),
    },
  };
}

export function narrateReport(
  facts: AnalysisFacts,
  run: { engineVersion: string; generatedAt: string },
  config: AnalysisConfig,
): AnalysisReport {
  const base = facts.baseState?.base ?? null;
  return {
    stock_summary: narrateSummary(facts, config),
    meta: {
      engine_version: run.engineVersion,
      generated_at: run.generatedAt,
      as_of: facts.asOf,
      data_source: facts.dataSource,
      demo: facts.demo,
      currency: facts.currency,
      stale_data: facts.staleData,
      narrator: "rules",
      company: { name: facts.company.name, sector: facts.company.sector, industry: facts.company.industry },
      trend_template: {
        score: facts.trend.score,
        criteria: facts.trend.criteria.map((c) => ({
          ...c,
          values: Object.fromEntries(Object.entries(c.values).map(([k, v]) => [k, v === null || !Number.isFinite(v) ? null : round(v, 4)])),
        })),
      },
      rs_rating: facts.rsRating,
      rs_score: facts.rsScore === null ? null : round(facts.rsScore, 4),
      base: base
        ? {
            type: base.type,
            start_date: facts.baseStartDate ?? "",
            weeks: round(base.weeks, 1),
            depth: round(base.depth, 4),
            pivot: round(base.pivot, 2),
            buy_range_high: round(base.buyRangeHigh, 2),
            contractions: base.contractions.map((c) => round(c.depth, 4)),
          }
        : null,
      missing_evidence: facts.missingEvidence,
    },
  };
}
