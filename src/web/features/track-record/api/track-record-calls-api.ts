import { trackRecordCallsPageSchema, type TrackRecordCallsPage } from "../../../../contracts/track-record";
import { apiJson } from "../../../lib/api-client";
import { trackRecordKeys } from "../../../lib/query-keys";
import { reworded } from "../../../lib/request-error-message";

const TRACK_RECORD_CALLS_FAILURE = "The calls could not be loaded. Please try again.";

export type TrackRecordAction = "BUY" | "WATCH" | "SELL";
export const TRACK_RECORD_ACTIONS: readonly TrackRecordAction[] = ["BUY", "WATCH", "SELL"];

/** Calls per page of the table. */
export const CALLS_PAGE_SIZE = 25;

export interface TrackRecordCallsRequest {
  action?: TrackRecordAction | undefined;
  ticker?: string | undefined;
  page: number;
  pageSize: number;
}

/** Query keys of the page's table (the summary's key is shared: lib/query-keys.ts). */
export const trackRecordCallsKeys = {
  page: (request: TrackRecordCallsRequest) =>
    [...trackRecordKeys.all, "calls", request.action ?? "", request.ticker ?? "", request.page, request.pageSize] as const,
};

/** The path of GET /api/track-record/calls with its query (empty filters left out). */
function trackRecordCallsPath(request: TrackRecordCallsRequest): string {
  const query = new URLSearchParams();
  if (request.action) query.set("action", request.action);
  if (request.ticker) query.set("ticker", request.ticker);
  query.set("page", String(request.page));
  query.set("page_size", String(request.pageSize));
  return `/api/track-record/calls?${query.toString()}`;
}

/** GET /api/track-record/calls?action=&ticker=&page=&page_size= (public, contracts/track-record.ts). */
export async function fetchTrackRecordCalls(request: TrackRecordCallsRequest, signal?: AbortSignal): Promise<TrackRecordCallsPage> {
  try {
    return await apiJson(trackRecordCallsPath(request), { method: "GET", auth: false, signal }, trackRecordCallsPageSchema);
  } catch (error) {
    throw reworded(error, TRACK_RECORD_CALLS_FAILURE);
  }
}
