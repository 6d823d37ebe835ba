import { analysisReportSchema, type AnalysisReport } from "../../contracts/stock-summary";
import type { StoredReport } from "../adapters/news/briefs-news-source";
import type { PublicAnalysesRepository } from "../features/public-recommendations/public-analyses.repository";

/** A stored analysis column (JSON or its text) as a report; null when it no longer fits the schema. */
export function parseStoredReport(analysis: unknown): AnalysisReport | null {
  const parsed = analysisReportSchema.safeParse(typeof analysis === "string" ? JSON.parse(analysis) : analysis);
  return parsed.success ? parsed.data : null;
}

/** The public lists' reports with when they were made: what the Quanta briefs news source writes from. */
export async function storedPublicReports(publicAnalyses: PublicAnalysesRepository): Promise<StoredReport[]> {
  return (await publicAnalyses.list()).flatMap((row) => {
    const report = parseStoredReport(row.analysis);
    return report ? [{ report, createdAt: row.createdAt }] : [];
  });
}
