import type { PublicListAction } from "../../../../contracts/public-list";
import type { AnalysisEntry } from "../../../lib/analysis-record";
import { ApiRequestError } from "../../../lib/api-client";
import { fetchPublicList } from "../../../lib/public-list-api";

/**
 * The landing page's BUY or WATCH list (GET /api/public-buy-stocks?action=, lib/public-list-api.ts).
 * Errors follow SPEC.md §8: the inner message wrapped in 'Failed to load stock recommendations: {message}'.
 */
export async function fetchPublicStocks(action: PublicListAction, signal?: AbortSignal): Promise<AnalysisEntry[]> {
  try {
    return await fetchPublicList({ action }, signal);
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    throw error.withMessage(`Failed to load stock recommendations: ${error.message}`);
  }
}
