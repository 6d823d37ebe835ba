import type { AnalysisConfig } from "../analysis/analysis-config";
import type { AnalysisFacts, RuleOutcome } from "../analysis/analysis-facts";
import type { AnalysisReport, BaseType, PriceOrNa, SessionFacts, StockSummary } from "../analysis/analysis-report";
import { NA, count, percent, percentAbs, plural, price, ratio, round, rulePercent } from "./format";

/**
 * The rules narrator: every text field of the report, written from the computed facts. Each
 * sentence carries the stock's own numbers; where evidence is missing it says 'N/A' and which
 * evidence, never filler. An LLM narrator may later rewrite these fields; the numbers stay.
 */

const DEMO_NOTE = "Based on simulated demo data, not real market prices.";

const money = (value: number): PriceOrNa => (Number.isFinite(value) && value >= 0 ? round(value, 2) : "N/A");

function describeRule(outcome: RuleOutcome, facts: AnalysisFacts, config: AnalysisConfig): string {
  const kind = facts.averages.kind;
  switch (outcome.rule) {
    case "stage-4-decline":
      return `Price ${price(facts.price)} is below a falling 200-day ${kind} (${price(outcome.ma200)})${outcome.stacked ? `, with the 50-, 150- and 200-day ${kind}s stacked downward` : ""}: a stage-4 decline.`;
    case "stop-hit":
      return `Closed under the ${price(outcome.stop)} stop on ${outcome.date}: the loss limit of the last setup was hit.`;
    case "failed-breakout":
      return `Failed breakout: the ${price(outcome.pivot)} pivot was cleared on ${outcome.breakoutDate}, and on ${outcome.date} the stock closed back under it.`;
    case "fifty-day-break":
      return `Broke its 50-day line (${kind} ${price(outcome.ma50)}) on ${ratio(outcome.volumeRatio)} average volume on ${outcome.date}, after a run of ${rulePercent(config.sell.fiftyDayRun)}+ from its pivot.`;
    case "weak-trend-template":
      return `Only ${outcome.score} of 8 Trend Template criteria pass (${outcome.needed} needed for a buy).`;
    case "no-base":
      return "No proper base (a 5+ week consolidation after a 30% advance) to buy from.";
    case "below-pivot":
      return `Still ${percentAbs(outcome.belowPivot)} below the ${price(outcome.pivot)} pivot: the base has not broken out.`;
    case "extended":
      return `Extended ${percent(outcome.abovePivot)} above the ${price(outcome.pivot)} pivot, past the buy range that ended at ${price(outcome.buyRangeHigh)}.`;
    case "past-buy-window":
      return `Past the buy window: the breakout came on ${outcome.breakoutDate}, ${plural(outcome.sessions, "session")} ago, and buys stay within ${outcome.window} sessions of it.`;
    case "weak-breakout-volume":
      return Number.isFinite(outcome.ratio)
        ? `Breakout volume was ${ratio(outcome.ratio)} the 50-day average, short of the ${ratio(outcome.needed)} the rule asks.`
        : `Breakout volume cannot be compared with its 50-day average (no volume history).`;
    case "eps-below-bar":
      return `Current-quarter EPS growth of ${percent(outcome.growth)} is below the ${percent(outcome.needed)} bar.`;
    case "price-below-minimum":
      return `The share price of ${price(outcome.price)} is under the $${outcome.minimum} minimum for new buys.`;
    case "market-correction":
      return "The market is in a correction: new buys wait for a follow-through day.";
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
    // Judged on the figure as printed, so '1.0×' is never called both drying up and above average.
    const shown = round(facts.dryUpRatio, 1);
    const state = shown < 1 ? "drying up" : shown > 1 ? "running above average" : "about average";
    parts.push(`The last 10 sessions averaged ${ratio(facts.dryUpRatio)} the 50-day average (${state}).`);
  }
  if (Number.isFinite(facts.upDownVolume)) {
    const shown = round(facts.upDownVolume, 2);
    const state = shown >= 1.2 ? "accumulation" : shown <= 0.8 ? "distribution" : "balanced";
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

function lowName(type: BaseType): string {
  return type === "VCP" ? "last contraction's low" : type === "Cup with handle" ? "handle's low" : "base's low";
}

function setupTrigger(facts: AnalysisFacts, config: AnalysisConfig): { trigger: string; keys: string[]; risks: string[] } {
  const state = facts.baseState;
  const kind = facts.averages.kind;
  const volumeNeeded = facts.volume > 0 && Number.isFinite(facts.volumeRatio) ? facts.volume / facts.volumeRatio * config.breakoutVolumeRatio : Number.NaN;
  const volumeKey = Number.isFinite(volumeNeeded)
    ? `Volume of at least ${ratio(config.breakoutVolumeRatio)} the 50-day average (about ${count(volumeNeeded)} shares).`
    : `Volume of at least ${ratio(config.breakoutVolumeRatio)} the 50-day average.`;
  const marketKey = facts.market ? `The market (${facts.market.trend.toLowerCase()}) must not fall into a correction.` : "Market direction is N/A: check the index before buying.";
  const newBaseKey = `A new base of at least ${config.base.flatBase.minWeeks} weeks before any new buy point.`;

  if (facts.action === "SELL") {
    const stage4 = facts.sellReasons.some((r) => r.rule === "stage-4-decline");
    return {
      trigger: `Sell if you own it: ${describeRule(facts.sellReasons[0]!, facts, config)} ${stage4 ? `A new base above a rising 200-day ${kind} must form first.` : "No new buy until a new base forms."}`,
      keys: stage4 ? [`Reclaim the 200-day ${kind} (${price(facts.averages.ma200)}) and see it turn up.`, newBaseKey] : [newBaseKey, volumeKey],
      risks: facts.sellReasons.map((r) => describeRule(r, facts, config)),
    };
  }
  if (!state) {
    return {
      trigger: `No base yet: wait for a consolidation of at least ${config.base.flatBase.minWeeks} weeks after a ${percent(config.base.minPriorAdvance)} advance, then a close above its pivot.`,
      keys: [`A sideways base no deeper than ${percent(config.base.maxDepth)}.`, volumeKey],
      risks: [`Price is ${percentAbs(facts.distanceFromHigh)} below its 52-week high of ${price(facts.high52)}.`],
    };
  }
  const { base, breakoutDate, breakoutVolumeRatio } = state;
  const stop = state;
  const supportText = `A close below ${price(stop.stopLoss)} (the stop, ${stop.stopBasis === "eight-percent" ? `${rulePercent(config.tradeSetup.maxStopLoss)} under the pivot` : `just under the ${lowName(base.type)} of ${price(base.supportLow)}`}) breaks the setup.`;
  const pullbackKey = `A pullback toward the 50-day ${kind} (${price(facts.averages.ma50)}) on light volume.`;
  if (breakoutDate !== null && facts.price > base.buyRangeHigh) {
    return {
      trigger: `Extended ${percent(facts.pivotDistance)} above the ${price(base.pivot)} pivot cleared on ${breakoutDate} (the buy range ended at ${price(base.buyRangeHigh)}): no buy range now; wait for a new base or a pullback toward the 50-day ${kind} at ${price(facts.averages.ma50)}.`,
      keys: [pullbackKey, newBaseKey],
      risks: [`Buying ${percent(facts.pivotDistance)} above the pivot puts the ${rulePercent(config.tradeSetup.maxStopLoss)} stop close to normal pullbacks.`],
    };
  }
  if (breakoutDate !== null && !state.inBuyWindow) {
    return {
      trigger: `Past the buy window: the stock cleared the ${price(base.pivot)} pivot on ${breakoutDate}, ${plural(state.sessionsSinceBreakout!, "session")} ago; wait for a new base or a pullback toward the 50-day ${kind} at ${price(facts.averages.ma50)}.`,
      keys: [pullbackKey, newBaseKey],
      risks: [`A close below ${price(base.pivot)} would show the breakout failing.`],
    };
  }
  if (breakoutDate !== null) {
    const sessionsLeft = config.breakout.buyWindowSessions - 1 - state.sessionsSinceBreakout!;
    const window = sessionsLeft > 0 ? `the buy window stays open ${plural(sessionsLeft, "more session")}` : "the last session of the buy window";
    return {
      trigger: state.confirmed
        ? `Broke out above the ${price(base.pivot)} pivot on ${breakoutDate} on ${ratio(breakoutVolumeRatio)} average volume; now ${percent(facts.pivotDistance)} above it, buyable up to ${price(base.buyRangeHigh)} (${window}).`
        : `Above the ${price(base.pivot)} pivot since ${breakoutDate}, but on only ${ratio(breakoutVolumeRatio)} average volume: a close above ${price(base.pivot)} on ${ratio(config.breakoutVolumeRatio)} average volume would confirm it (${window}).`,
      keys: [`Stay inside the buy range ${price(base.pivot)}–${price(base.buyRangeHigh)}.`, volumeKey, marketKey],
      risks: [supportText, `A close back below the ${price(base.pivot)} pivot would mark a failed breakout.`],
    };
  }
  const deep = facts.trade === null ? ` Too deep in the base for a trade plan: levels return above ${price(stop.stopLoss)}.` : "";
  return {
    trigger: `Close above ${price(base.pivot)} on volume above ${ratio(config.breakoutVolumeRatio)} average (now ${percentAbs(facts.pivotDistance)} below the pivot, reported since ${state.announcedDate}).${deep}`,
    keys: [`A close above the ${price(base.pivot)} pivot.`, volumeKey, marketKey],
    risks: [`A close below ${price(state.invalidationLow)} (the base's low) ends the base.`, `The base is ${percent(base.depth)} deep over ${base.weeks.toFixed(0)} weeks.`],
  };
}

function triggers(facts: AnalysisFacts, config: AnalysisConfig): string[] {
  if (facts.action === "SELL") return facts.sellReasons.map((r) => describeRule(r, facts, config));
  const list: string[] = [];
  const tt = facts.trend;
  if (tt.score >= 6) {
    const vs50 = tt.criteria[4]!.passed ? "above" : "below";
    const vsLong = tt.criteria[0]!.passed ? "above" : "not above";
    const { kind, ma50, ma150, ma200 } = facts.averages;
    list.push(
      `${tt.score} of 8 Trend Template criteria pass: price ${price(facts.price)} is ${vs50} the 50-day ${kind} (${price(ma50)}) and ${vsLong} the 150-day (${price(ma150)}) and 200-day (${price(ma200)}) ${kind}s.`,
    );
  }
  if (facts.rsRating !== null && facts.rsRating >= config.trendTemplate.minRsRating) list.push(`${rsText(facts)}.`);
  const state = facts.baseState;
  if (state) {
    const { base } = state;
    list.push(`${base.type} of ${base.weeks.toFixed(0)} weeks, ${percent(base.depth)} deep, after a prior advance of ${percent(base.priorAdvance)}; pivot ${price(base.pivot)}.`);
    if (state.inBuyWindow && state.confirmed && facts.price >= base.pivot && facts.price <= base.buyRangeHigh) {
      list.push(`Broke out on ${state.breakoutDate} on ${ratio(state.breakoutVolumeRatio)} average volume; closed ${percent(facts.pivotDistance)} above the ${price(base.pivot)} pivot.`);
    }
  }
  const f = facts.fundamentals;
  if (f.currentQuarterGrowth !== null && f.currentQuarterGrowth >= config.fundamentals.minCurrentQuarterGrowth) {
    list.push(`Current-quarter EPS up ${percent(f.currentQuarterGrowth)} year over year${f.quarterTrend === "Accelerating" ? ", accelerating" : ""}.`);
  }
  if (f.ownershipTrend === "Increasing") list.push(`Institutional sponsorship rising: ${ownershipFigures(facts)}.`);
  if (facts.market?.trend === "Confirmed uptrend") list.push(`The market is in a confirmed uptrend (${plural(facts.market.distributionDays, "distribution day")} in ${config.market.distributionDaySessions} sessions).`);
  if (facts.action === "WATCH") {
    for (const blocker of facts.buyBlockers) list.push(`Needed for a buy: ${describeRule(blocker, facts, config)}`);
  }
  return list.length > 0 ? list : [`${trendText(facts)}; no buy rule fired.`];
}

function riskFactors(facts: AnalysisFacts, config: AnalysisConfig): string[] {
  const list: string[] = [];
  if (facts.demo) list.push(`Simulated demo data: ${facts.ticker} is not a real listing and these are not real prices.`);
  if (facts.action === "BUY") for (const blocker of facts.buyBlockers) list.push(describeRule(blocker, facts, config));
  if (facts.action !== "SELL" && facts.trend.score < 8) {
    const failed = facts.trend.criteria.filter((c) => !c.passed).map((c) => c.label.toLowerCase());
    if (failed.length > 0) list.push(`Trend Template criteria not met: ${failed.join("; ")}.`);
  }
  const f = facts.fundamentals;
  if (f.currentQuarterGrowth !== null && f.currentQuarterGrowth < config.fundamentals.minCurrentQuarterGrowth) {
    list.push(`Current-quarter EPS growth of ${percent(f.currentQuarterGrowth)} is below the ${percent(config.fundamentals.minCurrentQuarterGrowth)} rule.`);
  } else if (f.currentQuarterGrowth !== null && f.currentQuarterGrowth < config.fundamentals.ibdCurrentQuarterGrowth) {
    list.push(`Current-quarter EPS growth of ${percent(f.currentQuarterGrowth)} passes the ${rulePercent(config.fundamentals.minCurrentQuarterGrowth)} rule but not IBD's stricter ${rulePercent(config.fundamentals.ibdCurrentQuarterGrowth)}.`);
  }
  if (f.ownershipTrend === "Decreasing") list.push(`Institutions are selling: ${ownershipFigures(facts)}.`);
  if (facts.market && facts.market.trend !== "Confirmed uptrend") {
    list.push(`Market ${facts.market.trend.toLowerCase()}: ${plural(facts.market.distributionDays, "distribution day")} in the last ${config.market.distributionDaySessions} sessions.`);
  }
  if (facts.tradedPrice < config.fundamentals.minPrice && facts.action !== "WATCH") {
    list.push(`Low-priced stock (${price(facts.tradedPrice)} as traded): under the $${config.fundamentals.minPrice} rule.`);
  }
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
    return `Sell if you own it: a position that breaks its stop or fails its breakout is closed, not averaged down. Risk at most ${percent(config.tradeSetup.maxStopLoss)} per share on any new buy, and only from a new base.`;
  }
  const trade = facts.trade;
  const state = facts.baseState;
  if (!trade) {
    if (state && state.breakoutIndex !== null) {
      return `No buy range now: the ${price(state.base.pivot)} breakout of ${state.breakoutDate} is ${facts.price > state.base.buyRangeHigh ? "extended" : "past its buy window"}. A new base brings a new buy point and stop; then risk at most ${percent(config.tradeSetup.maxStopLoss)} per share and ${percent(maxRiskPerTrade)} of the account per trade.`;
    }
    if (state) {
      return `No trade plan yet: the price is too deep in the base to set a stop under the ${price(state.base.pivot)} pivot. When it recovers, risk at most ${percent(config.tradeSetup.maxStopLoss)} per share and ${percent(maxRiskPerTrade)} of the account per trade.`;
    }
    return `No trade yet: without a base there is no buy point or stop. When one forms, risk at most ${percent(config.tradeSetup.maxStopLoss)} per share and ${percent(maxRiskPerTrade)} of the account per trade.`;
  }
  const risk = 1 - trade.stopLoss / trade.buyPoint;
  const position = maxRiskPerTrade / risk;
  const stopWhy = trade.stopBasis === "support" ? `just under the ${price(state!.base.supportLow)} support low, tighter than the ${rulePercent(config.tradeSetup.maxStopLoss)} rule` : `${rulePercent(config.tradeSetup.maxStopLoss)} under the buy point`;
  const range = `${price(trade.buyPoint)} and ${price(state!.base.buyRangeHigh)}`;
  // The order the back-test and the track record simulate: never under the buy point, never over the range.
  const entry = facts.action === "BUY" ? `Buy between ${range} (after an open under ${price(trade.buyPoint)}, only once it trades back up to it)` : state!.breakoutIndex === null ? `If it breaks out on volume, buy between ${range}` : `Once the breakout is confirmed, buy between ${range}`;
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
  const minRule = rulePercent(config.fundamentals.minCurrentQuarterGrowth);
  const ibdRule = rulePercent(config.fundamentals.ibdCurrentQuarterGrowth);
  if (f.currentQuarterGrowth !== null) {
    if (f.currentQuarterGrowth >= config.fundamentals.ibdCurrentQuarterGrowth) rule = ` The current quarter passes the ${minRule} rule and IBD's ${ibdRule}.`;
    else if (f.currentQuarterGrowth >= config.fundamentals.minCurrentQuarterGrowth) rule = ` The current quarter passes the ${minRule} rule, not IBD's stricter ${ibdRule}.`;
    else rule = ` The current quarter misses the ${minRule} rule.`;
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

/** The RS rating as what it is: a percentile of the universe, or a difference from the benchmark. */
function rsText(facts: AnalysisFacts): string {
  if (facts.rsBasis === "universe") return `Relative strength rating ${facts.rsRating} (1–99, a percentile of the analysed universe)`;
  return `Relative strength rating ${facts.rsRating} vs ${facts.benchmarkName}${rsGap(facts)}`;
}

/** ' (weighted 12-month return 42.4 points above SPY's)', or nothing when a score is missing. */
function rsGap(facts: AnalysisFacts): string {
  const gap = facts.rsScore !== null && facts.benchmarkRsScore !== null ? facts.rsScore - facts.benchmarkRsScore : Number.NaN;
  if (!Number.isFinite(gap)) return "";
  return ` (weighted 12-month return ${Math.abs(round(gap * 100, 1)).toFixed(1)} points ${gap >= 0 ? "above" : "below"} ${facts.benchmarkName}'s)`;
}

function industryPosition(facts: AnalysisFacts): string {
  const where = facts.company.industry ?? facts.company.sector;
  if (facts.rsRating === null) return `N/A: no relative strength rating${where ? ` for this ${where} stock` : ""}.`;
  if (facts.rsBasis === "benchmark") {
    const standing = facts.rsRating >= 60 ? "ahead of" : facts.rsRating > 40 ? "in line with" : "behind";
    return `RS rating ${facts.rsRating} vs ${facts.benchmarkName}${where ? ` in ${where}` : ""}: ${standing} ${facts.benchmarkName}${rsGap(facts)}, with a 3-month return of ${percent(facts.stockReturn3m, { signed: true })}.`;
  }
  const standing = facts.rsRating >= 80 ? "a leader" : facts.rsRating >= 50 ? "middle of the pack" : "a laggard";
  return `RS rating ${facts.rsRating}${where ? ` in ${where}` : ""} (percentile of the analysed universe): ${standing}, with a 3-month return of ${percent(facts.stockReturn3m, { signed: true })}.`;
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

function marketTexts(facts: AnalysisFacts, config: AnalysisConfig): { sentiment: string; trend: string; conditions: string } {
  const m = facts.market;
  const demo = facts.demo ? `${DEMO_NOTE} ` : `${sourceNote(facts)} `;
  if (!m) return { sentiment: "N/A: no benchmark data.", trend: "N/A: no benchmark data.", conditions: `${demo}N/A: market direction unknown without benchmark data.` };
  const vsEma50 = m.close / m.ema50 - 1;
  const direction = m.trend === "Correction" ? "trending down" : m.trend === "Confirmed uptrend" ? "trending up" : "up, but under pressure";
  return {
    sentiment: `${m.sentiment}: the benchmark is ${percentAbs(vsEma50)} ${vsEma50 >= 0 ? "above" : "below"} its 50-day EMA with ${plural(m.distributionDays, "distribution day")} in ${config.market.distributionDaySessions} sessions.`,
    trend: `${m.trend} (${direction}${m.correctionSince ? `, since ${m.correctionSince}; new buys wait for a follow-through day` : m.followThroughDate ? `; follow-through day on ${m.followThroughDate}` : ""}).`,
    conditions: `${demo}The benchmark closed at ${price(m.close)}${m.date !== facts.asOf ? ` on ${m.date} (its data ends before ${facts.asOf})` : ""}, ${percent(vsEma50, { signed: true })} versus its 50-day EMA (${price(m.ema50)}); its 200-day EMA (${price(m.ema200)}) is ${m.ema200Falling ? "falling" : "rising"}; ${plural(m.distributionDays, "distribution day")} in the last ${config.market.distributionDaySessions} sessions.`,
  };
}

function technicalRisks(facts: AnalysisFacts): string {
  const vsEma50 = facts.price / facts.ema50 - 1;
  return `Price is ${percentAbs(facts.distanceFromHigh)} below its 52-week high (${price(facts.high52)}) and ${percent(facts.price / facts.low52 - 1)} above its 52-week low (${price(facts.low52)}); ${percentAbs(vsEma50)} ${vsEma50 >= 0 ? "above" : "below"} the 50-day EMA; daily ATR ${percent(facts.atrPercent)} of the price.`;
}

function setupRisks(facts: AnalysisFacts, config: AnalysisConfig): string {
  const state = facts.baseState;
  if (facts.action === "SELL") return `No setup to trade: ${facts.sellReasons.map((r) => describeRule(r, facts, config)).join(" ")}`;
  if (!state) return "N/A: no base, so no buy point or stop to judge.";
  const { base } = state;
  const late = base.weeks >= 15 ? " A long base; late-stage bases fail more often." : "";
  return `${base.type} ${percent(base.depth)} deep over ${base.weeks.toFixed(0)} weeks; a close below ${price(state.invalidationLow)} (its low) invalidates it.${late}${facts.trade ? ` The stop at ${price(facts.trade.stopLoss)} is ${percent(1 - facts.trade.stopLoss / facts.trade.buyPoint)} under the buy point.` : ""}`;
}

export function narrateSummary(facts: AnalysisFacts, config: AnalysisConfig): StockSummary {
  const setup = setupTrigger(facts, config);
  const market = marketTexts(facts, config);
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
      setup_risks: setupRisks(facts, config),
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
      rs_basis: facts.rsRating === null ? null : facts.rsBasis,
      session: roundSession(facts.session),
      base: base
        ? {
            type: base.type,
            start_date: facts.baseStartDate ?? "",
            weeks: round(base.weeks, 1),
            depth: round(base.depth, 4),
            pivot: round(base.pivot, 2),
            buy_range_high: round(base.buyRangeHigh, 2),
            contractions: base.contractions.map((c) => round(c.depth, 4)),
            breakout_date: facts.baseState?.breakoutDate ?? null,
            sessions_since_breakout: facts.baseState?.sessionsSinceBreakout ?? null,
          }
        : null,
      missing_evidence: facts.missingEvidence,
    },
  };
}

function roundSession(session: SessionFacts): SessionFacts {
  const fixed = (x: number | null, digits: number): number | null => (x === null ? null : round(x, digits));
  return {
    ...session,
    change_pct: fixed(session.change_pct, 4),
    volume_ratio: fixed(session.volume_ratio, 2),
    dollar_volume_50: fixed(session.dollar_volume_50, 0),
  };
}
