import { SymbolNotFoundError, type MarketDataProvider } from "../../core/market/market-data-provider";
import type { ChatTools, FoundAnalysis } from "../features/chat/chat-tools";
import type { NewsService } from "../features/news/news.service";
import type { PublicAnalysesRepository } from "../features/public-recommendations/public-analyses.repository";
import type { ResearchService } from "../features/research/research.service";
import type { StoredAnalysesRepository } from "../stored-analyses/stored-analyses.repository";
import type { StockAnalysisService } from "../features/stock-analysis/stock-analysis.service";
import type { TrackRecordService } from "../features/track-record/track-record.service";
import type { VerifiedUser } from "../plugins/require-user";
import { parseStoredReport } from "./stored-reports";

/** The chat assistants' tools (features/chat/chat-tools.ts) from the features that hold the data. */
export function createChatTools(deps: {
  research: ResearchService;
  publicAnalyses: PublicAnalysesRepository;
  stockAnalyses: StoredAnalysesRepository;
  analysis: StockAnalysisService;
  news: NewsService;
  market: MarketDataProvider;
  trackRecord: Pick<TrackRecordService, "summary">;
}): ChatTools {
  const parse = parseStoredReport;
  const publicRows = () => deps.publicAnalyses.list();
  return {
    async latestAnalysis(userId: string, ticker: string): Promise<FoundAnalysis | null> {
      const symbol = ticker.trim().toUpperCase();
      const own = (await deps.stockAnalyses.listForUser(userId, symbol))
        .map((row) => ({ row, report: parse(row.analysis) }))
        .find((x) => x.report !== null);
      const shared = (await publicRows()).find((row) => row.ticker === symbol);
      const sharedReport = shared ? parse(shared.analysis) : null;
      // The user's own analysis, unless the public list has a newer session.
      if (own?.report && !(sharedReport && sharedReport.meta.as_of > own.report.meta.as_of)) {
        return { report: own.report, citation: { ticker: symbol, as_of: own.report.meta.as_of, analysis_id: own.row.id, source: "history" } };
      }
      if (shared && sharedReport) {
        return { report: sharedReport, citation: { ticker: symbol, as_of: sharedReport.meta.as_of, analysis_id: shared.id, source: "public" } };
      }
      return null;
    },
    async runAnalysis(user: VerifiedUser, query: string): Promise<FoundAnalysis> {
      const { report, id } = await deps.research.analyzeFor(user, query);
      const ticker = report.stock_summary.ticker;
      return { report, citation: { ticker, as_of: report.meta.as_of, analysis_id: id, source: "history" } };
    },
    async resolve(query: string) {
      try {
        const profile = await deps.analysis.resolve(query);
        return { ticker: profile.ticker, name: profile.name };
      } catch (error) {
        if (error instanceof SymbolNotFoundError) return null;
        throw error;
      }
    },
    async searchNews(ticker?: string) {
      const { content } = await deps.news.page(0, 200);
      if (!ticker) return content;
      const symbol = ticker.toUpperCase();
      return content.filter((a) => a.tickers.split(",").some((t) => t.trim().toUpperCase() === symbol) || new RegExp(`\\b${symbol.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(a.title));
    },
    trackRecord: () => deps.trackRecord.summary(),
    async marketTrend() {
      const rows = (await publicRows()).flatMap((row) => {
        const report = parse(row.analysis);
        return report ? [{ row, report }] : [];
      });
      if (rows.length > 0) {
        const newest = rows.reduce((a, b) => (b.report.meta.as_of > a.report.meta.as_of ? b : a));
        const counts = { BUY: 0, WATCH: 0, SELL: 0 };
        for (const { report } of rows) counts[report.stock_summary.recommendation.action]++;
        const m = newest.report.stock_summary.market_analysis;
        return {
          trend: m.market_trend,
          sentiment: m.market_sentiment,
          counts,
          citation: { ticker: newest.row.ticker, as_of: newest.report.meta.as_of, analysis_id: newest.row.id, source: "public" as const },
        };
      }
      try {
        const report = await deps.analysis.analyze(deps.market.benchmarkTicker);
        const m = report.stock_summary.market_analysis;
        return {
          trend: m.market_trend,
          sentiment: m.market_sentiment,
          counts: null,
          citation: { ticker: report.stock_summary.ticker, as_of: report.meta.as_of, analysis_id: null, source: "new" as const },
        };
      } catch {
        return null;
      }
    },
  };
}
