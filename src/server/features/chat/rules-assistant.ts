import type { ChatCitation } from "../../../contracts/chat";
import type { NewsArticle } from "../../../contracts/news";
import type { AnalysisReport, PriceOrNa } from "../../../contracts/stock-summary";
import { percent, price } from "../../../core/narrative/format";
import { AppError } from "../../app-error";
import type { VerifiedUser } from "../../plugins/require-user";
import { addCitation, citationsLine, type AssistantAnswer, type AssistantOutput, type AssistantTurn, type ChatAssistant } from "./chat-assistant";
import type { ChatTools, FoundAnalysis, ResolvedTicker } from "./chat-tools";
import { buyRangeHigh, findRuleTopics, RULE_TOPICS } from "./trading-rules";
import { asksForTrackRecord, trackRecordMarkdown } from "./track-record-answer";

/** The prefix the engine gives the conditions a WATCH still lacks (its buy blockers). */
const NEEDED_FOR_A_BUY = /^Needed for a buy:\s*/i;

/** What each SELL rule means for a holder, by the setup name the engine gives it (method v2). */
const SELL_RULES_FIRED: Record<string, string> = {
  "Stop hit": "it closed under the stop of its last setup",
  "Failed breakout": "its breakout failed: it closed back under the pivot soon after clearing it",
  "50-day line broken": "it broke its 50-day line on heavy volume after a run",
  "Stage 4 decline": "the trend is broken: a stage-4 decline under a falling 200-day line",
};
const MAX_TICKERS = 4;
const MAX_NEWS = 5;

export type Intent = "advice" | "levels" | "why" | "compare" | "market" | "explain" | "news" | "track-record" | "help";

export interface RulesAssistantOptions {
  tools: ChatTools;
  /** Tickers the help text uses as examples (the market's universe). */
  exampleTickers?: () => Promise<string[]>;
  /** The market is the demo market of fictional companies: an unknown symbol is answered with demo tickers to try. */
  demo?: boolean;
  /** Pause between streamed chunks, in ms (a typing rhythm, not a delay). */
  chunkDelayMs?: number;
}

/** Words of a question that never name a stock (lower case). */
const STOP_WORDS = new Set(
  (
    "a about above after again against all also am an and any are as at be been before being below better between both but buy buying by can " +
    "could did do does doing down during each entry for from get give go going good had has have he her here him his hold holding how i i'm " +
    "if in into is it it's its just latest like look make me more most my news no nor not now of off on once only or other our out over own " +
    "pivot point points price prices right same she should show sell selling so some stock stocks share shares stop stops loss losses such target targets tell " +
    "than that the their them then there these they this those through to today too under until up very vs versus was watch we were what what's whats " +
    "when where which while who why will with would you your yours compare compared comparison explain define meaning rule rules trading trade " +
    "market markets doing trend trending rating ratings rs relative strength eps earnings growth vcp volatility contraction pattern base bases cup handle " +
    "flat volume institutional institutions ownership template analysis analyse analyze analyses report recommendation recommend recommended rated " +
    "rate level levels setup headlines headline recent happening please thanks thank hi hello hey think worth time idea one ones current currently " +
    "still again tomorrow week s p e pe ratio percent % 8 8% eight range zone etf etfs fund funds ticker tickers symbol company companies " +
    "risk risks reason reasons reasoning status outlook direction sentiment conditions overall doing's is it a long short term ok okay sure"
  ).split(/\s+/),
);

/** Upper-case words that are not tickers. */
const NOT_TICKERS = new Set(["I", "A", "BUY", "SELL", "WATCH", "HOLD", "RS", "EPS", "VCP", "ETF", "PE", "P", "E", "CEO", "IPO", "EMA", "SMA", "US", "USA", "OK", "AI", "AND", "OR", "VS", "THE", "NEWS", "WHY", "WHAT", "HOW", "IS", "IT", "OF", "TO"]);

const PATTERNS = {
  news: /\bnews\b|\bheadlines?\b|\bwhat(?:'s| is) (?:new|happening) (?:with|at)\b/i,
  compare: /\bcompare\b|\bcomparison\b|\bvs\.?\b|\bversus\b|\bbetter\b|\bor\b.*\?\s*$/i,
  market: /\bmarket\b|\bs&p\b|\bindex\b|\bbenchmark\b/i,
  why: /\bwhy\b|\breasons?\b|\bexplain (?:the )?(?:rating|recommendation|action)\b/i,
  levels: /\bbuy (?:point|range|zone)|\bpivot\b|\bentry\b|\bstop(?:[- ]?loss)?\b|\btargets?\b|\blevels?\b/i,
  explain: /\bexplain\b|\bwhat (?:is|are|does|do)\b|\bwhat'?s\b|\bhow (?:does|do)\b|\bdefine\b|\bmeaning\b|\btell me about\b|\brules?\b/i,
  pronoun: /\b(?:it|its|it's|they|them|their|this (?:one|stock)|that (?:one|stock)|these|those)\b/i,
};

/**
 * The chat assistant without a language model (the default): it recognises a few kinds of
 * question, answers them from the analyses through the tools port, and streams the markdown.
 */
export class RulesAssistant implements ChatAssistant {
  constructor(private readonly options: RulesAssistantOptions) {}

  async answer(turn: AssistantTurn, out: AssistantOutput): Promise<AssistantAnswer> {
    const composed = await this.compose(turn, out);
    const content = composed.citations.length > 0 ? `${composed.body}\n\n${citationsLine(composed.citations)}` : composed.body;
    await streamMarkdown(content, out, { delayMs: this.options.chunkDelayMs ?? 4, signal: turn.signal });
    return { content, citations: composed.citations };
  }

  private async compose(turn: AssistantTurn, out: AssistantOutput): Promise<{ body: string; citations: ChatCitation[] }> {
    const question = turn.message;
    // 'How good are your calls?': the record as a whole, whatever else the question names.
    if (asksForTrackRecord(question)) return { body: await this.trackRecord(out), citations: [] };
    const { found, unknown, unresolved } = await this.findTickers(question);
    let tickers = found;
    // 'What is its target?' after an answer about NWSC: the stock the conversation is about.
    if (tickers.length === 0 && unknown.length === 0 && PATTERNS.pronoun.test(question) && !PATTERNS.market.test(question)) {
      tickers = await this.previousTickers(turn);
    }
    const intent = classify(question, tickers.length);
    const citations: ChatCitation[] = [];
    const context: Context = { user: turn.user, out, citations };
    switch (intent) {
      case "news":
        return { body: await this.news(tickers[0], out), citations };
      case "market":
        return { body: await this.market(context), citations };
      case "explain":
        return { body: explain(question), citations };
      case "compare":
        if (tickers.length < 2) return { body: await this.help(unknown, "To compare, name two or more stocks, e.g. "), citations };
        return { body: await this.compare(tickers, context), citations };
      case "help":
        return { body: await this.help(unknown), citations };
      default:
        // 'Should I buy apple?' when no listing is called that: say so.
        if (tickers.length === 0) return { body: await this.help(unknown.length > 0 ? unknown : unresolved.slice(0, 2).map((p) => `'${p}'`)), citations };
        if (tickers.length > 1) return { body: await this.compare(tickers, context), citations };
        return { body: await this.single(intent, tickers[0]!, question, context), citations };
    }
  }

  /** Tickers the question names (upper-case symbols or company names), resolved through the tools. */
  async findTickers(question: string): Promise<{ found: ResolvedTicker[]; unknown: string[]; unresolved: string[] }> {
    const found: ResolvedTicker[] = [];
    const unknown: string[] = [];
    const unresolved: string[] = [];
    for (const phrase of candidatePhrases(question).slice(0, MAX_TICKERS + 2)) {
      const resolved = await this.options.tools.resolve(phrase).catch(() => null);
      const match = resolved && plausible(phrase, resolved) ? resolved : null;
      if (match) {
        if (!found.some((f) => f.ticker === match.ticker)) found.push(match);
      } else if (isSymbolLike(phrase)) {
        unknown.push(phrase);
      } else {
        unresolved.push(phrase);
      }
      if (found.length >= MAX_TICKERS) break;
    }
    return { found, unknown, unresolved };
  }

  private async previousTickers(turn: AssistantTurn): Promise<ResolvedTicker[]> {
    const last = [...turn.history].reverse().find((m) => m.role === "assistant" && m.citations.length > 0);
    const ticker = last?.citations[0]?.ticker;
    return ticker ? [{ ticker, name: ticker }] : [];
  }

  /** The newest stored analysis, else a new one (counted against the daily allowance). */
  private async obtain(ticker: ResolvedTicker, context: Context): Promise<Obtained> {
    const { tools } = this.options;
    context.out.tool("latest_analysis", `Looking up ${ticker.ticker}…`);
    const stored = await tools.latestAnalysis(context.user.id, ticker.ticker);
    if (stored) return { kind: "found", found: stored, ran: false };
    context.out.tool("run_analysis", `Analysing ${ticker.ticker}…`);
    try {
      return { kind: "found", found: await tools.runAnalysis(context.user, ticker.ticker), ran: true };
    } catch (error) {
      if (error instanceof AppError && error.code === "daily_limit") return { kind: "limit", message: error.message };
      if (error instanceof AppError && error.statusCode < 500) return { kind: "problem", message: error.message };
      if (error instanceof AppError && error.code === "market_data_unavailable") return { kind: "problem", message: error.message };
      throw error;
    }
  }

  private async single(intent: Intent, ticker: ResolvedTicker, question: string, context: Context): Promise<string> {
    const obtained = await this.obtain(ticker, context);
    if (obtained.kind !== "found") return unavailable(ticker.ticker, obtained);
    const { report, citation } = obtained.found;
    addCitation(context.citations, citation);
    const note = obtained.ran ? `${ranNote(report.stock_summary.ticker)}\n\n` : "";
    if (intent === "why") return note + why(report, citation.as_of);
    if (intent === "levels") return note + levels(report, citation.as_of, question);
    return note + advice(report, citation.as_of);
  }

  private async compare(tickers: ResolvedTicker[], context: Context): Promise<string> {
    const reports: AnalysisReport[] = [];
    const problems: string[] = [];
    let ran: string[] = [];
    for (const ticker of tickers) {
      const obtained = await this.obtain(ticker, context);
      if (obtained.kind === "found") {
        reports.push(obtained.found.report);
        addCitation(context.citations, obtained.found.citation);
        if (obtained.ran) ran = [...ran, obtained.found.report.stock_summary.ticker];
      } else {
        problems.push(obtained.kind === "limit" ? `**${ticker.ticker}**: no stored analysis, and ${lowerFirst(obtained.message)}` : `**${ticker.ticker}**: ${obtained.message}`);
      }
    }
    const parts: string[] = [];
    if (ran.length > 0) parts.push(ranNote(ran.join(", ")));
    if (reports.length > 0) parts.push(compareTable(reports));
    if (reports.length >= 2) parts.push(verdictOfComparison(reports));
    if (problems.length > 0) parts.push(`I could not include:\n${problems.map((p) => `- ${p}`).join("\n")}`);
    return parts.join("\n\n");
  }

  private async market(context: Context): Promise<string> {
    context.out.tool("market_trend", "Reading the market…");
    const view = await this.options.tools.marketTrend();
    if (!view) return "I have no analysis of the market yet. Try again after the daily refresh of the public list.";
    addCitation(context.citations, view.citation);
    const lines = [`**The market** (as of ${view.citation.as_of}, from ${view.citation.ticker})`, "", `- **Trend:** ${view.trend}`, `- **Sentiment:** ${view.sentiment}`];
    if (view.counts) {
      lines.push(`- **Public list:** ${view.counts.BUY} BUY, ${view.counts.WATCH} WATCH, ${view.counts.SELL} SELL`);
    }
    const weak = /down|correction|pressure|bear/i.test(`${view.trend} ${view.sentiment}`);
    lines.push(
      "",
      weak
        ? "When the market is under pressure most breakouts fail: buy less, only the strongest setups, and keep the 8% stop."
        : "A market in an uptrend is when breakouts work best: buy sound bases at their buy points and keep the 8% stop.",
    );
    return lines.join("\n");
  }

  private async trackRecord(out: AssistantOutput): Promise<string> {
    out.tool("track_record", "Reading the track record…");
    return trackRecordMarkdown(await this.options.tools.trackRecord());
  }

  private async news(ticker: ResolvedTicker | undefined, out: AssistantOutput): Promise<string> {
    out.tool("search_news", ticker ? `Searching news on ${ticker.ticker}…` : "Searching the news…");
    let articles: NewsArticle[];
    try {
      articles = (await this.options.tools.searchNews(ticker?.ticker)).slice(0, MAX_NEWS);
    } catch (error) {
      if (error instanceof AppError) return `The news is not available right now (${error.message}). Please try again later.`;
      throw error;
    }
    if (articles.length === 0) return ticker ? `I found no recent news on ${ticker.ticker}.` : "I found no recent news.";
    const heading = ticker ? `**Latest news on ${ticker.ticker}**` : "**Latest news**";
    return [heading, "", ...articles.map(newsLine)].join("\n");
  }

  private async help(unknown: string[], lead?: string): Promise<string> {
    const [a, b] = await this.examples();
    const lines: string[] = [];
    if (unknown.length > 0) {
      // On the demo market real symbols are unknown by design: 'check the symbol' would not help, demo tickers do.
      const sentence = this.options.demo
        ? `${unknown.join(", ")} ${unknown.length > 1 ? "are" : "is"} not in the demo market of fictional companies — try ${a} or ${b}.`
        : `I could not find a listing for ${unknown.join(", ")}. Check the symbol, or try the company's name.`;
      lines.push(sentence, "");
    }
    if (lead) lines.push(`${lead}'Compare ${a} and ${b}'.`, "");
    lines.push(
      "I answer from Quanta's analyses. I can tell you whether a stock is a buy and why, its buy point, stop and target, compare stocks, " +
        "what the market is doing, the latest news on a stock, how Quanta's past calls did, and explain the trading rules. For example:",
      "",
      `- Should I buy ${a}?`,
      `- Compare ${a} and ${b}`,
      "- What is the market doing?",
      "- How good are your calls?",
      "- Explain the 8% stop loss rule",
    );
    return lines.join("\n");
  }

  private async examples(): Promise<[string, string]> {
    const tickers = (await this.options.exampleTickers?.().catch(() => [])) ?? [];
    return [tickers[0] ?? "NVDA", tickers[1] ?? "AAPL"];
  }
}

interface Context {
  user: VerifiedUser;
  out: AssistantOutput;
  citations: ChatCitation[];
}

type Obtained = { kind: "found"; found: FoundAnalysis; ran: boolean } | { kind: "limit"; message: string } | { kind: "problem"; message: string };

const isSymbolLike = (phrase: string) => /^[A-Z][A-Z0-9.-]{0,5}$/.test(phrase);

/** A symbol, or words the company's name really contains (so 'app' does not find 'Velora Apparel'). */
function plausible(phrase: string, match: ResolvedTicker): boolean {
  if (isSymbolLike(phrase) || phrase.toLowerCase() === match.ticker.toLowerCase()) return true;
  const name = match.name.toLowerCase();
  const words = phrase.toLowerCase().split(/\s+/);
  return phrase.length >= 4 && words.every((word) => name.split(/[^\p{L}\p{N}&]+/u).some((part) => part.startsWith(word) && word.length >= Math.min(4, part.length)));
}

/** What the question asks, given how many stocks it names. */
export function classify(question: string, tickerCount: number): Intent {
  if (asksForTrackRecord(question)) return "track-record";
  if (PATTERNS.news.test(question)) return "news";
  if (tickerCount >= 2) return "compare";
  if (/\bcompare\b|\bcomparison\b|\bversus\b/i.test(question)) return "compare";
  if (tickerCount === 1) {
    if (PATTERNS.why.test(question)) return "why";
    if (PATTERNS.levels.test(question)) return "levels";
    return "advice";
  }
  if (PATTERNS.market.test(question)) return "market";
  if (findRuleTopics(question).length > 0 && (PATTERNS.explain.test(question) || question.trim().split(/\s+/).length <= 4)) return "explain";
  if (PATTERNS.why.test(question)) return "why";
  if (PATTERNS.levels.test(question)) return "levels";
  if (/\bshould i\b|\bbuy\b|\bsell\b|\bthink (?:of|about)\b|\bthoughts on\b|\bopinion (?:of|on)\b/i.test(question)) return "advice";
  return "help";
}

/** Phrases that may name a stock: runs of words that are not question words, in order. */
export function candidatePhrases(question: string): string[] {
  const tokens = question.split(/[^\p{L}\p{N}&.'-]+/u).map((t) => t.replace(/^['.-]+|['.?-]+$/g, ""));
  const phrases: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length > 0) phrases.push(run.join(" "));
    run = [];
  };
  for (const token of tokens) {
    if (!token) continue;
    const isSymbol = /^[A-Z][A-Z0-9.-]{0,5}$/.test(token) && !NOT_TICKERS.has(token);
    if (isSymbol) {
      flush();
      phrases.push(token);
      continue;
    }
    const lower = token.toLowerCase().replace(/'s$/, "");
    if (STOP_WORDS.has(lower) || STOP_WORDS.has(token.toLowerCase()) || /^\d+%?$/.test(lower) || lower.length < 2) {
      flush();
      continue;
    }
    run.push(token.replace(/'s$/i, ""));
  }
  flush();
  return phrases.filter((p) => p.length >= 2);
}

function explain(question: string): string {
  const topics = findRuleTopics(question);
  const chosen = topics.length > 0 ? topics.slice(0, 2) : RULE_TOPICS.filter((t) => t.id === "rules");
  return [...chosen.map((topic) => `**${topic.title}**\n\n${topic.text}`), "_Source: Quanta's trading rules._"].join("\n\n");
}

const money = (value: PriceOrNa): string => (value === "N/A" ? "N/A" : price(value));

function epsGrowth(report: AnalysisReport, count = 3): string {
  const growth = report.stock_summary.fundamental_analysis.quarterly_eps_growth.slice(0, count);
  return growth.length === 0 ? "N/A" : growth.map((g) => percent(g, { signed: true })).join(", ");
}

function heading(report: AnalysisReport): string {
  const s = report.stock_summary;
  return `**${s.ticker} · ${report.meta.company.name} — ${s.recommendation.action}**`;
}

function levelLines(report: AnalysisReport): string[] {
  const s = report.stock_summary;
  const setup = s.trade_setup;
  const high = buyRangeHigh(report);
  const lines = [
    `- **Price:** ${price(s.current_metrics.price)}`,
    `- **Buy point:** ${money(setup.buy_point)}${high === null ? "" : ` (buy range up to ${price(high)})`}`,
    `- **Stop:** ${money(setup.stop_loss)}${relative(setup.stop_loss, setup.buy_point, "under")}`,
    `- **Target:** ${money(setup.target_price)}${relative(setup.target_price, setup.buy_point, "above")}`,
  ];
  return lines;
}

function relative(level: PriceOrNa, buyPoint: PriceOrNa, word: "under" | "above"): string {
  if (typeof level !== "number" || typeof buyPoint !== "number" || buyPoint <= 0) return "";
  return ` (${percent(Math.abs(level / buyPoint - 1))} ${word} the buy point)`;
}

function advice(report: AnalysisReport, asOf: string): string {
  const s = report.stock_summary;
  const lines = [
    `${heading(report)} (as of ${asOf})`,
    "",
    `- **Action:** ${s.recommendation.action}`,
    ...levelLines(report),
    `- **Setup:** ${s.trade_setup.setup_type}`,
    `- **Trend template:** ${report.meta.trend_template.score} of 8 · **RS rating:** ${report.meta.rs_rating ?? "N/A"} · **EPS growth (last quarters):** ${epsGrowth(report)}`,
  ];
  // The conditions a WATCH still lacks always show, even when the reasons are cut short.
  const needed = s.recommendation.triggers.filter((t) => NEEDED_FOR_A_BUY.test(t));
  const reasons = [...s.recommendation.triggers.filter((t) => !NEEDED_FOR_A_BUY.test(t)).slice(0, 4), ...needed];
  if (reasons.length > 0) lines.push("", "**Reasons**", ...reasons.map((t) => `- ${t}`));
  if (s.recommendation.risk_factors.length > 0) lines.push("", "**Risks**", ...s.recommendation.risk_factors.slice(0, 3).map((t) => `- ${t}`));
  lines.push("", verdict(report), "", "_A rules-based reading of the analysis, not personal financial advice._");
  return lines.join("\n");
}

function verdict(report: AnalysisReport): string {
  const s = report.stock_summary;
  const { buy_point: buyPoint, stop_loss: stop } = s.trade_setup;
  const high = buyRangeHigh(report);
  const current = s.current_metrics.price;
  const setup = s.technical_analysis.technical_setup;
  switch (s.recommendation.action) {
    case "BUY":
      return high !== null
        ? `**In short:** a buy while it trades between ${money(buyPoint)} and ${price(high)}; above that it is extended — don't chase. Sell if it falls to the stop at ${money(stop)} (never more than 8% under your purchase price).`
        : `**In short:** the engine rates it a buy. Keep a stop no more than 8% under your purchase price.`;
    case "WATCH":
      if (high !== null && current > high) {
        return `**In short:** not a buy now — at ${price(current)} it is extended past the buy range (${money(buyPoint)}–${price(high)}). Wait for a new base rather than chasing.`;
      }
      if (setup === "Extended" || setup === "Past the buy window") {
        return `**In short:** not a buy now — the breakout is behind it (${setup.toLowerCase()}), so there is no buy range. Don't chase: wait for a new base with a new buy point, or a pullback that sets one.`;
      }
      if (typeof buyPoint === "number" && current >= buyPoint) {
        return `**In short:** not a buy yet, although it trades above its ${price(buyPoint)} buy point: the conditions listed as 'Needed for a buy' must be met first.`;
      }
      return typeof buyPoint === "number"
        ? `**In short:** not a buy yet. Keep it on your watch list and act only if it breaks out above ${price(buyPoint)} on volume at least 50% above average.`
        : "**In short:** not a buy yet. Keep it on your watch list until it forms a proper base with a buy point.";
    case "SELL": {
      const fired = SELL_RULES_FIRED[setup];
      return `**In short:** a sell signal for holders — ${fired ?? "one of the sell rules fired (see the reasons)"}. If you own it, the sell rules apply: sell when it is 8% under your purchase price, and don't hold a loser on emotion. Not a buy until a new base forms.`;
    }
  }
}

function why(report: AnalysisReport, asOf: string): string {
  const s = report.stock_summary;
  const t = s.technical_analysis;
  const lines = [`**Why ${s.ticker} is a ${s.recommendation.action}** (as of ${asOf})`, ""];
  for (const trigger of s.recommendation.triggers) lines.push(`- ${trigger}`);
  lines.push(
    `- **Trend:** ${t.trend}`,
    `- **Setup:** ${t.technical_setup}`,
    `- **Trend template:** ${report.meta.trend_template.score} of 8 criteria · **RS rating:** ${report.meta.rs_rating ?? "N/A"}`,
    `- **EPS growth (last quarters):** ${epsGrowth(report)} — ${s.fundamental_analysis.quarterly_eps_growth_trend}`,
  );
  const failed = report.meta.trend_template.criteria.filter((c) => !c.passed).map((c) => c.label);
  if (failed.length > 0) lines.push("", "**Trend template criteria not met**", ...failed.map((label) => `- ${label}`));
  if (s.recommendation.risk_factors.length > 0) lines.push("", "**Risks**", ...s.recommendation.risk_factors.slice(0, 3).map((r) => `- ${r}`));
  if (report.meta.missing_evidence.length > 0) lines.push("", `_Without: ${report.meta.missing_evidence.join(", ")}._`);
  lines.push("", verdict(report));
  return lines.join("\n");
}

function levels(report: AnalysisReport, asOf: string, question: string): string {
  const s = report.stock_summary;
  const lines = [`**${s.ticker} trade setup** (as of ${asOf}) — ${s.recommendation.action}, ${s.trade_setup.setup_type}`, "", ...levelLines(report), ""];
  if (/\bstop/i.test(question)) {
    lines.push("Sell if it closes at the stop: never hold a position more than 8% under your purchase price.");
  } else if (/\btarget/i.test(question)) {
    lines.push("The target is 20–25% above the buy point: take most profits there.");
  } else if (buyRangeHigh(report) === null) {
    lines.push(`No buy point now (${s.technical_analysis.technical_setup}): levels are shown only for a base still forming or a breakout inside its buy window.`);
  } else {
    lines.push("Buy only between the buy point and the top of the buy range, within the buy window after the breakout, on volume at least 50% above average; above that, don't chase.");
  }
  return lines.join("\n");
}

function compareTable(reports: AnalysisReport[]): string {
  const header = "| Ticker | Action | Price | Buy point | Stop | Target | RS rating | Trend template | EPS growth (latest Q) |";
  const divider = "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |";
  const rows = reports.map((report) => {
    const s = report.stock_summary;
    const latest = s.fundamental_analysis.quarterly_eps_growth[0];
    return `| ${s.ticker} | ${s.recommendation.action} | ${price(s.current_metrics.price)} | ${money(s.trade_setup.buy_point)} | ${money(s.trade_setup.stop_loss)} | ${money(s.trade_setup.target_price)} | ${report.meta.rs_rating ?? "N/A"} | ${report.meta.trend_template.score}/8 | ${latest === undefined ? "N/A" : percent(latest, { signed: true })} |`;
  });
  return [header, divider, ...rows].join("\n");
}

const ACTION_RANK = { BUY: 2, WATCH: 1, SELL: 0 } as const;

function verdictOfComparison(reports: AnalysisReport[]): string {
  const ranked = [...reports].sort(
    (a, b) =>
      ACTION_RANK[b.stock_summary.recommendation.action] - ACTION_RANK[a.stock_summary.recommendation.action] ||
      b.meta.trend_template.score - a.meta.trend_template.score ||
      (b.meta.rs_rating ?? 0) - (a.meta.rs_rating ?? 0),
  );
  const best = ranked[0]!;
  const s = best.stock_summary;
  return `On these numbers **${s.ticker}** has the stronger setup (${s.recommendation.action}, trend template ${best.meta.trend_template.score}/8, RS rating ${best.meta.rs_rating ?? "N/A"}).`;
}

function ranNote(tickers: string): string {
  return tickers.includes(",")
    ? `_I had no stored analyses of ${tickers}, so I ran new ones: each counted against your daily allowance of free analyses and they are now in your history._`
    : `_I had no stored analysis of ${tickers}, so I ran a new one: it counted against your daily allowance of free analyses and is now in your history._`;
}

function unavailable(ticker: string, obtained: Exclude<Obtained, { kind: "found" }>): string {
  if (obtained.kind === "limit") {
    return (
      `I have no stored analysis of ${ticker}, and a new one would count against your daily allowance: ${obtained.message}\n\n` +
      "Meanwhile I can answer about stocks you have already analysed or that are on the public list, explain the trading rules, or tell you what the market is doing."
    );
  }
  return `I could not analyse ${ticker}: ${obtained.message}`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function newsLine(article: NewsArticle): string {
  const title = escapeMarkdown(article.title || "Untitled");
  const link = /^(https?:\/\/|\/)/.test(article.link) ? article.link : "";
  const date = article.date ? article.date.slice(0, 10) : "";
  const text = stripHtml(article.content);
  const snippet = text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
  const meta = [date, article.tickers].filter(Boolean).join(" · ");
  return `- ${link ? `[${title}](${link})` : `**${title}**`}${meta ? ` — ${meta}` : ""}${snippet ? `\n  ${escapeMarkdown(snippet)}` : ""}`;
}

function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .replace(/\s+([.,;:!?])/g, "$1")
    .trim();
}

function escapeMarkdown(text: string): string {
  return text.replace(/([\\[\]*_`<>])/g, "\\$1");
}

/** Streams markdown as delta events: table rows whole, prose a few words at a time. */
export async function streamMarkdown(
  markdown: string,
  out: AssistantOutput,
  options: { delayMs: number; signal?: AbortSignal | undefined },
): Promise<void> {
  const chunks: string[] = [];
  for (const line of markdown.split(/(?<=\n)/)) {
    if (line.trimStart().startsWith("|")) {
      chunks.push(line);
      continue;
    }
    const words = line.match(/\S+\s*|\s+/g) ?? [];
    for (let i = 0; i < words.length; i += 3) chunks.push(words.slice(i, i + 3).join(""));
  }
  for (const chunk of chunks) {
    if (options.signal?.aborted) return;
    out.delta(chunk);
    if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  }
}
