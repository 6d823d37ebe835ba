import { parseAnalysisEntries, type AnalysisEntry } from "../../../lib/analysis-record";

/**
 * GET /api/public-buy-stocks?ticker=X, without an auth header (SPEC.md §6): the first stored
 * recommendation whose analysis parses, or null when there is none.
 */
export async function fetchPublicAnalysis(ticker: string): Promise<AnalysisEntry | null> {
  const response = await fetch(`/api/public-buy-stocks?ticker=${encodeURIComponent(ticker)}`, {
    method: "GET",
    headers: { accept: "application/json" },
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`Failed to fetch stock recommendations: ${String(response.status)}`);
  const body: unknown = await response.json();
  return parseAnalysisEntries(body)[0] ?? null;
}
