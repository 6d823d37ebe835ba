import type { AnalysisReport, PriceOrNa } from "../../../contracts/stock-summary";
import { BUY_RULES as SHOWN_BUY_RULES, SELL_RULES as SHOWN_SELL_RULES, type TradingRuleId } from "../../../contracts/trading-rules";
import { DEFAULT_ANALYSIS_CONFIG } from "../../../core/analysis/analysis-config";
import { rulePercent as pct } from "../../../core/narrative/format";

/**
 * The trading rules the assistants explain: the trading rules of docs/product.md and the
 * terms of the analysis engine (method v2, docs/method.md), with its thresholds read from
 * src/core/analysis/analysis-config.ts so the texts follow the engine's configuration.
 */
const RULES = DEFAULT_ANALYSIS_CONFIG;
/** 'SMA' or 'EMA': the averages the Trend Template is computed on. */
const AVERAGE = RULES.trendTemplate.averages === "sma" ? "SMA" : "EMA";
const BUY_WINDOW = RULES.breakout.buyWindowSessions;
const VOLUME_ABOVE_AVERAGE = pct(RULES.breakoutVolumeRatio - 1);

/**
 * The top of a report's buy range: the engine's own figure (meta.base.buy_range_high) when the
 * report has a buy point and a base, else the buy point plus the configured range; null without a buy point.
 */
export function buyRangeHigh(report: AnalysisReport): number | null {
  const buyPoint: PriceOrNa = report.stock_summary.trade_setup.buy_point;
  if (typeof buyPoint !== "number" || buyPoint <= 0) return null;
  const base = report.meta.base;
  return base && base.pivot === buyPoint ? base.buy_range_high : buyPoint * (1 + RULES.base.buyRange);
}

export interface RuleTopic {
  id: string;
  title: string;
  /** Words that name the topic in a question. */
  match: RegExp;
  /** Markdown. */
  text: string;
}

/**
 * The chat words each rule of the shared list (contracts/trading-rules.ts, the menu's text) as
 * a full sentence addressed to the reader. Keyed by rule id, so a rule added to the list does not
 * compile here until the chat words it too; the chat's tests pin these sentences.
 */
const CHAT_WORDING: Record<TradingRuleId, string> = {
  "price-and-institutions": "Buy stocks above $20 a share with institutional acceptance.",
  "eps-growth": "Look for rising EPS over the past 3–4 quarters, with the current quarter up at least 20%.",
  "new-highs-on-volume": "Buy at new highs after a consolidation, on volume at least 50% above average.",
  "technical-setup": "Look for a strong technical setup such as a breakout.",
  "price-points": "Decide by price points, not by feel.",
  "eight-percent-loss": "Sell if the price drops 8% below your purchase price.",
  "profit-expectations": "Set profit expectations before you buy.",
  "pe-doubles": "Consider selling when the P/E doubles.",
  "no-emotion": "Don't hold losers on emotion.",
};

export const BUY_RULES = SHOWN_BUY_RULES.map((rule) => CHAT_WORDING[rule.id]);

export const SELL_RULES = SHOWN_SELL_RULES.map((rule) => CHAT_WORDING[rule.id]);

const bullets = (lines: string[]) => lines.map((line) => `- ${line}`).join("\n");

export const RULE_TOPICS: RuleTopic[] = [
  {
    id: "stop",
    title: "The 8% stop loss",
    match: /\b8\s?%|\beight percent|\bstop[- ]?loss|\bstops?\b|\bcut (?:your )?loss/i,
    text:
      "Sell a stock if it falls **8% below your purchase price** — no exceptions, no averaging down. Small losses are the price of being wrong; " +
      "a loss of 8% needs a gain of about 8.7% to recover, a loss of 50% needs 100%.\n\n" +
      `Quanta's trade setup puts the stop under the base's last low (${pct(RULES.tradeSetup.stopBelowContractionLow)} below the last contraction) and never more than ${pct(RULES.tradeSetup.maxStopLoss)} under the buy point. ` +
      "If a stock closes under that stop, or a breakout closes back under its pivot soon after, the report turns to SELL and says which rule fired.",
  },
  {
    id: "buy-range",
    title: "Buy point and buy range",
    match: /\bbuy (?:point|range|zone)|\bpivot|\bentry\b|\bchas(?:e|ing)\b/i,
    text:
      "The **buy point** (pivot) is the price where a stock breaks out of its base: the top of the base's last contraction plus 10 cents. " +
      "Once Quanta has reported a pivot it keeps it until the base is invalidated, so the breakout is judged against the level you saw. " +
      `The **buy range** runs from the pivot to **${pct(RULES.base.buyRange)} above it**; buying higher than that is chasing, and a normal pullback would then hit the ${pct(RULES.tradeSetup.maxStopLoss)} stop.\n\n` +
      `A valid breakout closes above the pivot on volume at least **${VOLUME_ABOVE_AVERAGE} above the 50-day average**. ` +
      `Quanta calls it a BUY only in the first ${BUY_WINDOW} sessions from the breakout day (the **buy window**); after that the stock is 'Past the buy window' or 'Extended' and has no buy range until a new base forms.`,
  },
  {
    id: "target",
    title: "Profit target",
    match: /\b(?:profit )?targets?\b|\btake profits?|\bprofit expectations?/i,
    text:
      "Set profit expectations before you buy. Quanta's target is **20–25% above the buy point**: take most gains there, " +
      "unless the stock rose that much within three weeks of the breakout (a sign of a big winner worth holding longer). " +
      "Consider selling when the P/E has doubled since the breakout.",
  },
  {
    id: "vcp",
    title: "Volatility contraction pattern (VCP)",
    match: /\bvcp\b|volatility contraction/i,
    text:
      "A **VCP** is a base in which each pullback is shallower than the one before (for example 20%, 10%, 4%) while volume dries up: " +
      "sellers are running out. Quanta looks for 2–6 contractions over at least 3 weeks after a prior advance of 30% or more. " +
      "The pivot is the top of the last, tightest contraction.",
  },
  {
    id: "bases",
    title: "Bases: flat base and cup with handle",
    match: /\bflat base|\bcup(?: with|-with-| and)? handle|\bbases?\b|\bconsolidation/i,
    text:
      "A **base** is a sideways consolidation after an advance (at least 30%) in which the stock digests its gains. " +
      "A **flat base** lasts 5+ weeks and is at most 15% deep. A **cup with handle** lasts 7+ weeks, is 12–33% deep, and ends in a short handle " +
      "(at most 12% deep) whose high sets the pivot. Bases deeper than 33% are too loose to buy.",
  },
  {
    id: "rs",
    title: "RS rating",
    match: /\brs\b|relative strength/i,
    text:
      "The **RS rating** (1–99) ranks a stock's price performance over the last year against every stock in the universe, weighting the latest quarter double. " +
      "An RS rating of 80 means it outperformed 80% of them. Leaders usually have 80 or more; the trend template asks for at least 70. " +
      "When there is no universe to rank against (an analysis of your own price file), the rating is taken against the benchmark alone and the report says so, e.g. 'RS rating 72 vs SPY', with the difference in returns rather than a share of the market.",
  },
  {
    id: "trend-template",
    title: "Trend template",
    match: /\btrend template|\bstage 2|\buptrend criteria/i,
    text:
      `The **trend template** has 8 criteria of a stage-2 uptrend; Quanta shows how many pass (a BUY needs at least ${RULES.recommendation.minTrendScoreForBuy}):\n\n` +
      bullets([
        `Price above the 150-day and 200-day ${AVERAGE}s`,
        `150-day ${AVERAGE} above the 200-day ${AVERAGE}`,
        `200-day ${AVERAGE} rising for at least ${RULES.trendTemplate.ma200RisingSessions} sessions`,
        `50-day ${AVERAGE} above the 150-day and 200-day ${AVERAGE}s`,
        `Price above the 50-day ${AVERAGE}`,
        `Price at least ${pct(RULES.trendTemplate.aboveLowFactor - 1)} above the 52-week low`,
        `Price within ${pct(1 - RULES.trendTemplate.nearHighFactor)} of the 52-week high`,
        `Relative strength rating of ${RULES.trendTemplate.minRsRating} or more`,
      ]) +
      `\n\nA weak trend template alone makes a stock a WATCH, not a SELL.`,
  },
  {
    id: "eps",
    title: "EPS growth",
    match: /\beps\b|\bearnings\b/i,
    text:
      "Look for **rising earnings per share over the past 3–4 quarters**, with the latest quarter up **at least 20%** year over year (25%+ is stronger) " +
      "and annual growth of 25% or more. Quanta shows the last three quarters' year-over-year EPS growth, newest first.",
  },
  {
    id: "volume",
    title: "Volume",
    match: /\bvolume\b/i,
    text:
      "Volume confirms a move: a breakout should trade **at least 50% above the 50-day average volume**, and volume should dry up inside a base. " +
      "Heavy selling days in the index (distribution days) warn that the market is under pressure.",
  },
  {
    id: "institutions",
    title: "Institutional acceptance",
    match: /\binstitution|\bfunds? own|\bownership\b/i,
    text:
      "Prefer stocks **above $20 a share that institutions own and are buying**: mutual funds and pension funds move prices. " +
      "Quanta shows the share held by institutions and whether it is increasing, decreasing or stable.",
  },
  {
    id: "pe",
    title: "P/E doubling",
    match: /\bp\/?e\b|price[- ]to[- ]earnings/i,
    text: "When a stock's **P/E ratio has doubled** since the breakout, much of the good news is priced in: consider selling into strength.",
  },
  {
    id: "actions",
    title: "BUY, WATCH and SELL",
    match: /\bwatch list|\bactions?\b|what (?:does|do) (?:buy|watch|sell)|\bmeaning of (?:buy|watch|sell)/i,
    text:
      `**BUY**: a fresh breakout: a strong uptrend (${RULES.recommendation.minTrendScoreForBuy}+ of 8 trend template criteria), a close above the pivot of a sound base on volume at least ${VOLUME_ABOVE_AVERAGE} above average, ` +
      `the price still in the buy range (up to ${pct(RULES.base.buyRange)} above the pivot) within ${BUY_WINDOW} sessions of the breakout day, current-quarter EPS up at least ${pct(RULES.fundamentals.minCurrentQuarterGrowth)}, and the market not in a correction.\n\n` +
      "**WATCH**: everything that is not a buy (yet): a base still forming (with its buy point), a breakout that is extended or past the buy window, no base, a weak trend or weak earnings. " +
      "The report lists what is missing under 'Needed for a buy'.\n\n" +
      "**SELL**: a sell rule for holders fired, and the report names it: the price closed under the stop ('Stop hit'), a breakout closed back under its pivot soon after ('Failed breakout'), " +
      "the 50-day line broke on heavy volume after a run ('50-day line broken'), or a stage-4 decline under a falling 200-day line ('Stage 4 decline').",
  },
  {
    id: "rules",
    title: "Trading rules",
    match: /\b(?:trading )?rules?\b|\bstrategy\b|\bmethod\b/i,
    text: `**Buy**\n${bullets(BUY_RULES)}\n\n**Sell**\n${bullets(SELL_RULES)}`,
  },
];

/** The topics a question names, the most specific first; the full rules when it names none. */
export function findRuleTopics(question: string): RuleTopic[] {
  return RULE_TOPICS.filter((topic) => topic.match.test(question));
}
