import type { ChatCitation } from "../../../contracts/chat";
import type { NewsArticle } from "../../../contracts/news";
import type { TrackRecordSummary } from "../../../contracts/track-record";
import type { AnalysisReport } from "../../../contracts/stock-summary";
import type { VerifiedUser } from "../../plugins/require-user";

/** An analysis an answer may use, and how to cite it. */
export interface FoundAnalysis {
  report: AnalysisReport;
  citation: ChatCitation;
}

/** The market's direction as the latest analyses see it. */
interface MarketView {
  trend: string;
  sentiment: string;
  /** BUY / WATCH / SELL counts of the public list; null when it is empty. */
  counts: { BUY: number; WATCH: number; SELL: number } | null;
  citation: ChatCitation;
}

export interface ResolvedTicker {
  ticker: string;
  name: string;
}

/**
 * What the chat assistants may look up. Implemented in app.ts from the research, public
 * recommendations, stock-analysis and news features, so this feature imports none of them.
 */
export interface ChatTools {
  /** The user's newest stored analysis of `ticker`, else the public list's; null when neither has one. */
  latestAnalysis(userId: string, ticker: string): Promise<FoundAnalysis | null>;
  /**
   * A new analysis through the research flow: stored in the user's history and counted against the
   * daily allowance. Throws AppError (429 `daily_limit`, 404 `not_found`, 422, 503) like the analyze API.
   */
  runAnalysis(user: VerifiedUser, query: string): Promise<FoundAnalysis>;
  /** A ticker or company name → the listing; null when the market data provider knows none. */
  resolve(query: string): Promise<ResolvedTicker | null>;
  /** Latest articles, newest first (of `ticker` when given). */
  searchNews(ticker?: string): Promise<NewsArticle[]>;
  /** Null when no analysis of the market can be made. */
  marketTrend(): Promise<MarketView | null>;
  /** The public track record's summary: every published call, scored (GET /api/track-record). */
  trackRecord(): Promise<TrackRecordSummary>;
}
