import type { ChatCitation } from "../../../contracts/chat";
import type { NewsArticle } from "../../../contracts/news";
import type { AnalysisReport } from "../../../contracts/stock-summary";
import { analyzeStock } from "../../../core/analysis/analyze-stock";
import { decliner, input, vcp } from "../../../core/analysis/test-fixtures";
import { AppError } from "../../app-error";
import type { VerifiedUser } from "../../plugins/require-user";
import type { TrackRecordSummary } from "../../../contracts/track-record";
import { trackRecordSummary } from "../../test-support/track-record-summary";
import type { AssistantOutput } from "./chat-assistant";
import type { ChatTools, FoundAnalysis } from "./chat-tools";

/** Test helpers of the chat assistants: engine reports, a tools port in memory, a recording output. */

export const USER: VerifiedUser = { id: "user-1", email: "a@example.com", emailVerified: true };

/** Engine reports of the core fixtures: a forming VCP, a stage-4 decliner, a breakout that failed the next day, an extended one. */
function report(ticker: string, name: string, kind: "vcp" | "decliner" | "failed-breakout" | "extended"): AnalysisReport {
  const breakout = () => vcp().day(0.035, 2.5);
  const builder = { vcp, decliner, "failed-breakout": () => breakout().day(-0.03), extended: () => breakout().to(112, 6) }[kind]();
  const bars = builder.build();
  return analyzeStock(input(bars, { ticker, profile: { ticker, name, sector: "Technology", industry: "Semiconductors" } }));
}

export const REPORTS: Record<string, AnalysisReport> = {
  NWSC: report("NWSC", "Northwind Semiconductor", "vcp"),
  DCLN: report("DCLN", "Decline Industries", "decliner"),
  FLBK: report("FLBK", "Fallback Robotics", "failed-breakout"),
  XTND: report("XTND", "Extendo Materials", "extended"),
};

export class FakeTools implements ChatTools {
  stored = new Set(Object.keys(REPORTS));
  ran: string[] = [];
  limitReached = false;
  record: TrackRecordSummary = trackRecordSummary();
  news: NewsArticle[] = [
    { image: "", title: "Northwind beats estimates", link: "https://news.example/nwsc", author: "Desk", content: "<p>Record <b>quarter</b>.</p>", date: "2026-11-20T12:00:00Z", tickers: "NWSC" },
  ];

  async latestAnalysis(_userId: string, ticker: string): Promise<FoundAnalysis | null> {
    const found = REPORTS[ticker];
    return found && this.stored.has(ticker) ? { report: found, citation: citation(ticker, "history") } : null;
  }

  async runAnalysis(_user: VerifiedUser, query: string): Promise<FoundAnalysis> {
    if (this.limitReached) {
      throw new AppError(429, "daily_limit", "You have reached your daily limit of 0 free analyses. Upgrade to Premium for unlimited analyses, or come back tomorrow.");
    }
    const found = REPORTS[query];
    if (!found) throw new AppError(404, "not_found", `No data found for ${query}`);
    this.ran.push(query);
    return { report: found, citation: { ...citation(query, "history"), analysis_id: "new-1" } };
  }

  async resolve(query: string) {
    const q = query.trim().toLowerCase();
    if (q === "nwsc" || q.startsWith("northwind")) return { ticker: "NWSC", name: "Northwind Semiconductor" };
    if (q === "dcln" || q.startsWith("decline")) return { ticker: "DCLN", name: "Decline Industries" };
    if (q === "velo" || q === "app") return { ticker: "VLRA", name: "Velora Apparel" };
    const known = REPORTS[q.toUpperCase()];
    return known ? { ticker: known.stock_summary.ticker, name: known.meta.company.name } : null;
  }

  async searchNews(ticker?: string): Promise<NewsArticle[]> {
    return ticker ? this.news.filter((a) => a.tickers.split(",").includes(ticker)) : this.news;
  }

  async trackRecord(): Promise<TrackRecordSummary> {
    return this.record;
  }

  async marketTrend() {
    return {
      trend: "Confirmed uptrend: the index is above its rising 50-day EMA.",
      sentiment: "Bullish: 2 distribution days in 25 sessions.",
      counts: { BUY: 3, WATCH: 10, SELL: 4 },
      citation: { ticker: "NWSC", as_of: "2026-11-20", analysis_id: "p-NWSC", source: "public" as const },
    };
  }
}

export function citation(ticker: string, source: ChatCitation["source"]): ChatCitation {
  return { ticker, as_of: REPORTS[ticker]!.meta.as_of, analysis_id: `a-${ticker}`, source };
}

export function recorder(): AssistantOutput & { deltas: string[]; tools: { name: string; label: string }[]; text(): string } {
  const deltas: string[] = [];
  const tools: { name: string; label: string }[] = [];
  return {
    deltas,
    tools,
    tool: (name, label) => tools.push({ name, label }),
    delta: (text) => deltas.push(text),
    text: () => deltas.join(""),
  };
}
