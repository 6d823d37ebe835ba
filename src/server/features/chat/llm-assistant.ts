import { tool, type ModelMessage, type ToolSet } from "ai";
import { z } from "zod";
import type { ChatCitation } from "../../../contracts/chat";
import { percent, price } from "../../../core/narrative/format";
import { AppError } from "../../app-error";
import type { Clock } from "../../clock";
import type { ModelGateway } from "../../adapters/llm/model-gateway";
import type { VerifiedUser } from "../../plugins/require-user";
import { addCitation, citationsLine, type AssistantAnswer, type AssistantOutput, type AssistantTurn, type ChatAssistant } from "./chat-assistant";
import type { ChatTools, FoundAnalysis } from "./chat-tools";
import { BUY_RULES, RULE_TOPICS, SELL_RULES, buyRangeHigh } from "./trading-rules";
import { trackRecordDigest } from "./track-record-answer";

export interface LlmAssistantOptions {
  /** The configured model, billed to the user's daily token budget. */
  gateway: ModelGateway;
  tools: ChatTools;
  /** Answers when the model fails or the user's tokens for today are spent (the rules assistant). */
  fallback: ChatAssistant;
  now: Clock;
  log: { warn(details: object, message: string): void };
  /** Model steps per answer (each tool round-trip is one). */
  maxSteps?: number;
}

const MAX_NEWS = 5;

/**
 * The chat assistant with a language model (AI SDK streamText): the model calls the same tools as
 * the rules assistant and writes the answer; numbers come from the tools. Any failure, or a spent
 * token budget, hands the message to the rules assistant.
 */
export class LlmAssistant implements ChatAssistant {
  constructor(private readonly options: LlmAssistantOptions) {}

  async answer(turn: AssistantTurn, out: AssistantOutput): Promise<AssistantAnswer> {
    const day = this.options.now().toISOString().slice(0, 10);
    let written = "";
    const citations: ChatCitation[] = [];
    const result = await this.options.gateway.stream(
      { userId: turn.user.id },
      {
        system: systemPrompt(day),
        messages: toMessages(turn),
        tools: this.toolSet(turn.user, citations, out),
        maxSteps: this.options.maxSteps ?? 6,
        abortSignal: turn.signal,
      },
      (text) => {
        written += text;
        out.delta(text);
      },
    );
    // Without tokens for today (or no way to count them) the model was not called: the rules answer.
    if (!result.ok && (result.reason === "budget_spent" || result.reason === "budget_unknown")) return this.options.fallback.answer(turn, out);
    // The client went away: keep what was written, nobody reads a fallback.
    if (turn.signal?.aborted) return { content: written, citations };
    const error = result.ok ? (written.trim() ? null : new Error("the model wrote no answer")) : result.error;
    if (!error) {
      const tail = citations.length > 0 ? `\n\n${citationsLine(citations)}` : "";
      if (tail) out.delta(tail);
      return { content: written + tail, citations };
    }
    this.options.log.warn({ err: error instanceof Error ? { name: error.name, message: error.message } : String(error) }, "chat model failed; the rules assistant answers");
    // The stored message must equal what was streamed: a rule separates the model's part from the rules answer.
    const separator = written ? "\n\n---\n\n" : "";
    if (separator) out.delta(separator);
    const fallback = await this.options.fallback.answer(turn, out);
    return { content: written + separator + fallback.content, citations: fallback.citations };
  }

  /** The tools as AI SDK tool definitions; each reports itself as a tool event and records what it cites. */
  private toolSet(user: VerifiedUser, citations: ChatCitation[], out: AssistantOutput): ToolSet {
    const { tools } = this.options;
    const cite = (found: FoundAnalysis) => {
      addCitation(citations, found.citation);
      return summarize(found);
    };
    return {
      resolve_ticker: tool({
        description: "Find the ticker of a company name or check a ticker symbol.",
        inputSchema: z.object({ query: z.string().min(1).max(64).describe("A ticker or a company name") }),
        execute: async ({ query }) => {
          out.tool("resolve_ticker", `Looking up ${query}…`);
          const match = await tools.resolve(query).catch(() => null);
          return match ?? { error: `No listing found for ${query}.` };
        },
      }),
      latest_analysis: tool({
        description: "The newest stored analysis of a ticker (the user's history, else the public list). Free; use it first.",
        inputSchema: z.object({ ticker: z.string().min(1).max(12) }),
        execute: async ({ ticker }) => {
          const symbol = ticker.trim().toUpperCase();
          out.tool("latest_analysis", `Looking up ${symbol}…`);
          const found = await tools.latestAnalysis(user.id, symbol);
          return found ? cite(found) : { found: false, note: `No stored analysis of ${symbol}; run_analysis can make one.` };
        },
      }),
      run_analysis: tool({
        description:
          "Run a new analysis of a ticker or company name. It counts against the user's daily allowance of free analyses: use it only when latest_analysis found none.",
        inputSchema: z.object({ query: z.string().min(1).max(64) }),
        execute: async ({ query }) => {
          out.tool("run_analysis", `Analysing ${query.trim().toUpperCase()}…`);
          try {
            const found = await tools.runAnalysis(user, query);
            return { ...cite(found), note: "A new analysis: it counted against the user's daily allowance and is now in their history." };
          } catch (error) {
            // The daily limit, an unknown symbol, a provider outage: the model tells the user.
            if (error instanceof AppError) return { error: error.message, code: error.code };
            throw error;
          }
        },
      }),
      search_news: tool({
        description: "The latest news articles, optionally about one ticker.",
        inputSchema: z.object({ ticker: z.string().max(12).optional() }),
        execute: async ({ ticker }) => {
          const symbol = ticker?.trim().toUpperCase() || undefined;
          out.tool("search_news", symbol ? `Searching news on ${symbol}…` : "Searching the news…");
          const articles = await tools.searchNews(symbol);
          return {
            articles: articles.slice(0, MAX_NEWS).map((a) => ({
              title: a.title,
              link: a.link,
              date: a.date,
              tickers: a.tickers,
              summary: a.content.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim().slice(0, 300),
            })),
          };
        },
      }),
      market_trend: tool({
        description: "What the market is doing: trend and sentiment from the latest analyses.",
        inputSchema: z.object({}),
        execute: async () => {
          out.tool("market_trend", "Reading the market…");
          const view = await tools.marketTrend();
          if (!view) return { error: "No analysis of the market is available yet." };
          addCitation(citations, view.citation);
          return { as_of: view.citation.as_of, from: view.citation.ticker, trend: view.trend, sentiment: view.sentiment, public_list_counts: view.counts };
        },
      }),
      track_record: tool({
        description:
          "Quanta's public track record: every call its daily screen published, scored against the market (calls, hit rate and median excess return per action; BUY trades' win rate and average R with its 95% interval; by base; the historical simulations). Use it for 'how good are your calls?', accuracy, hit rate, win rate, past performance.",
        inputSchema: z.object({}),
        execute: async () => {
          out.tool("track_record", "Reading the track record…");
          return trackRecordDigest(await tools.trackRecord());
        },
      }),
      explain_rule: tool({
        description: "Quanta's explanation of a trading rule or term.",
        inputSchema: z.object({ topic: z.enum(RULE_TOPICS.map((t) => t.id) as [string, ...string[]]) }),
        execute: async ({ topic }) => {
          const found = RULE_TOPICS.find((t) => t.id === topic);
          return found ? { title: found.title, text: found.text } : { error: "Unknown topic" };
        },
      }),
    };
  }
}

/** What the model sees of an analysis: its figures already formatted as the app shows them. */
function summarize(found: FoundAnalysis) {
  const { report, citation } = found;
  const s = report.stock_summary;
  const money = (value: number | "N/A") => (value === "N/A" ? "N/A" : price(value));
  const buyPoint = s.trade_setup.buy_point;
  const high = buyRangeHigh(report);
  return {
    ticker: s.ticker,
    company: report.meta.company.name,
    as_of: citation.as_of,
    source: citation.source,
    action: s.recommendation.action,
    price: price(s.current_metrics.price),
    buy_point: money(buyPoint),
    buy_range_high: high === null ? "N/A" : price(high),
    stop_loss: money(s.trade_setup.stop_loss),
    target_price: money(s.trade_setup.target_price),
    setup_type: s.trade_setup.setup_type,
    trend: s.technical_analysis.trend,
    technical_setup: s.technical_analysis.technical_setup,
    trend_template_score: `${report.meta.trend_template.score}/8`,
    rs_rating: report.meta.rs_rating ?? "N/A",
    quarterly_eps_growth_newest_first: s.fundamental_analysis.quarterly_eps_growth.map((g) => percent(g, { signed: true })),
    reasons: s.recommendation.triggers,
    risks: s.recommendation.risk_factors,
    risk_management: s.recommendation.risk_management,
    market_trend: s.market_analysis.market_trend,
  };
}

function toMessages(turn: AssistantTurn): ModelMessage[] {
  return [
    ...turn.history.map((m): ModelMessage => (m.role === "user" ? { role: "user", content: m.content } : { role: "assistant", content: m.content })),
    { role: "user", content: turn.message },
  ];
}

function systemPrompt(day: string): string {
  return [
    `You are Quanta's research assistant for individual investors. Today is ${day} (UTC).`,
    "Answer questions about stocks, the market and the trading rules below, in concise markdown (short paragraphs, bullet lists, a table to compare).",
    "Get every number from the tools and copy it exactly as given (prices have 2 decimals, percentages 1 decimal); never invent or recompute a price, level or rating.",
    "For a stock: call latest_analysis first; only if it finds none call run_analysis, and then tell the user the new analysis counted against their daily allowance.",
    "If a tool returns an error (for example the daily limit of free analyses), tell the user plainly what it says and what they can do instead.",
    "Company names: use resolve_ticker. Do not add a list of sources at the end: the app adds it.",
    "How good Quanta's calls are (track record, accuracy, hit rate, win rate, past performance): call track_record and give its figures as written. " +
      "Say plainly when the calls are simulated (the demo market), give the engine versions, say 'too few to judge' for any figure whose too_few_trades_to_judge is true, " +
      "state the historical simulation's headline as a back-test and not live calls, end with 'Past results do not guarantee future results.' and link [the track record](/track-record).",
    "Say that answers are a rules-based reading of the analysis, not personal financial advice, when you recommend an action.",
    "Questions outside stocks and investing: say briefly what you can help with.",
    "",
    "Trading rules shown to users:",
    "Buy:",
    ...BUY_RULES.map((r) => `- ${r}`),
    "Sell:",
    ...SELL_RULES.map((r) => `- ${r}`),
  ].join("\n");
}
