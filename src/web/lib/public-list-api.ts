import type { PublicListAction, PublicListResponse } from "../../contracts/public-list";
import { parseAnalysisEntries, type AnalysisEntry } from "./analysis-record";
import { ApiRequestError, apiJson } from "./api-client";
import { checkedBody, isRecord } from "./body-checks";

/**
 * GET /api/public-buy-stocks: the public recommendations, read by the landing page's lists and the
 * public stock page (two features, so the fetcher is shared here). The landing page reads it at
 * first paint, so its answer is checked by hand, not by zod (decision 008); public-list-api.test.ts
 * runs the check against contracts/public-list.ts.
 */

/** contracts/public-list.ts `publicListResponseSchema`, by hand. */
export function parsePublicList(body: unknown): PublicListResponse | null {
  if (!isRecord(body) || !Array.isArray(body.analyses)) return null;
  const valid = body.analyses.every(
    (item) => isRecord(item) && typeof item.id === "string" && typeof item.analysis === "string" && typeof item.timestamp === "string",
  );
  return valid ? (body as PublicListResponse) : null;
}

const publicListBody = checkedBody(parsePublicList);

/** One list: BUY or WATCH (the landing page), or one ticker's records (the stock page). */
export type PublicListRequest = { action: PublicListAction } | { ticker: string };

function publicListPath(query: PublicListRequest): string {
  return "ticker" in query
    ? `/api/public-buy-stocks?ticker=${encodeURIComponent(query.ticker)}`
    : `/api/public-buy-stocks?action=${query.action}`;
}

/**
 * The list for an action (BUY or WATCH) or a ticker, without an auth header (SPEC.md §6); records
 * whose analysis does not parse are skipped and logged. An HTTP failure rejects with SPEC.md §8's
 * 'Failed to fetch stock recommendations: {status}' (an ApiRequestError keeping the server's status and code).
 */
export async function fetchPublicList(query: PublicListRequest, signal?: AbortSignal): Promise<AnalysisEntry[]> {
  try {
    const body = await apiJson(publicListPath(query), { method: "GET", auth: false, signal }, publicListBody);
    return parseAnalysisEntries(body.analyses);
  } catch (error) {
    if (error instanceof ApiRequestError && error.httpFailure) {
      throw error.withMessage(`Failed to fetch stock recommendations: ${String(error.status)}`);
    }
    throw error;
  }
}
