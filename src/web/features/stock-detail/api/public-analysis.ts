import type { AnalysisEntry } from "../../../lib/analysis-record";
import { ApiRequestError } from "../../../lib/api-client";
import { fetchPublicList } from "../../../lib/public-list-api";

/**
 * GET /api/public-buy-stocks?ticker=X (lib/public-list-api.ts, no auth header, docs/product.md): the
 * first stored recommendation whose analysis parses, or null when there is none (or a 404).
 */
export async function fetchPublicAnalysis(ticker: string): Promise<AnalysisEntry | null> {
  try {
    return (await fetchPublicList({ ticker }))[0] ?? null;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}
