import type { PublicListAction, PublicListResponse, PublicListSetup } from "../../contracts/public-list";
import { parseAnalysisEntries, type AnalysisEntry } from "./analysis-record";
import { ApiRequestError, apiJson } from "./api-client";
import { checkedBody, isRecord } from "./body-checks";
import { requestErrorMessage } from "./request-error-message";

/**
 * GET /api/public-buy-stocks: the public recommendations, read by the landing page's lists and the
 * public stock page (two features, so the fetcher is shared here). The landing page reads it at
 * first paint, so its answer is checked by hand, not by zod (decision 008); public-list-api.test.ts
 * runs the check against contracts/public-list.ts.
 */

const isNullableFinite = (value: unknown) => value === null || (typeof value === "number" && Number.isFinite(value));

/** contracts/public-list.ts `publicListSetupSchema`, by hand. */
function isPublicListSetup(value: unknown): value is PublicListSetup {
  return (
    isRecord(value) &&
    typeof value.rank === "number" &&
    Number.isInteger(value.rank) &&
    value.rank > 0 &&
    isNullableFinite(value.distance) &&
    typeof value.extended === "boolean" &&
    isNullableFinite(value.risk)
  );
}

/** contracts/public-list.ts `publicListResponseSchema`, by hand. */
export function parsePublicList(body: unknown): PublicListResponse | null {
  if (!isRecord(body) || !Array.isArray(body.analyses)) return null;
  const valid = body.analyses.every(
    (item) =>
      isRecord(item) &&
      typeof item.id === "string" &&
      typeof item.analysis === "string" &&
      typeof item.timestamp === "string" &&
      (item.setup === undefined || isPublicListSetup(item.setup)),
  );
  return valid ? (body as PublicListResponse) : null;
}

/** A public list's entry: the analysis, and where it stands against its buy point when the server said. */
export interface PublicListEntry extends AnalysisEntry {
  setup?: PublicListSetup | undefined;
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
 * The sentence for a list that cannot be loaded when the server does not say why; the landing page
 * puts it after 'Failed to load stock recommendations: ' (docs/product.md).
 */
export const PUBLIC_LIST_FAILURE = "The server could not send the lists. Please try again.";

function failureSentence(query: PublicListRequest): string {
  return "ticker" in query ? `The analyses of ${query.ticker} could not be loaded. Please try again.` : PUBLIC_LIST_FAILURE;
}

/**
 * The list for an action (BUY or WATCH) or a ticker, without an auth header (docs/product.md); records
 * whose analysis does not parse are skipped and logged. A failure rejects with an ApiRequestError
 * (the server's status and code kept) worded as one sentence by lib/request-error-message.ts: the
 * server's own, or PUBLIC_LIST_FAILURE (never a chain of
 * 'Failed to …: 500' prefixes).
 */
export async function fetchPublicList(query: PublicListRequest, signal?: AbortSignal): Promise<PublicListEntry[]> {
  try {
    const body = await apiJson(publicListPath(query), { method: "GET", auth: false, signal }, publicListBody);
    const setups = new Map(body.analyses.map((item) => [item.id, item.setup]));
    return parseAnalysisEntries(body.analyses).map((entry) => ({ ...entry, setup: setups.get(entry.id) }));
  } catch (error) {
    if (error instanceof ApiRequestError) throw error.withMessage(requestErrorMessage(error, { failure: failureSentence(query) }));
    throw error;
  }
}
