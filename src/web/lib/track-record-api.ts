import { trackRecordSummarySchema, type TrackRecordSummary } from "../../contracts/track-record";
import { apiJson } from "./api-client";
import { takeEarlyAnswer } from "./early-request";
import { reworded } from "./request-error-message";

/**
 * The public track record (contracts/track-record.ts, no sign-in, no auth header). The summary is
 * read by the track-record page and by every report (its per-setup evidence line), so the fetcher
 * lives here; both answers are checked by their zod schema (neither is on the landing page's first
 * paint, decision 008). The page's calls are fetched by features/track-record/api.
 */

const TRACK_RECORD_FAILURE = "The track record could not be loaded. Please try again.";

/** How long a loaded summary is reused: the record changes once a day, after the daily screen. */
export const TRACK_RECORD_STALE_MS = 10 * 60_000;

/** The summary's path; the router starts it early when /track-record is opened. */
const TRACK_RECORD_SUMMARY_PATH = "/api/track-record";

/** GET /api/track-record (the early answer when the router started one and it is valid). */
export async function fetchTrackRecordSummary(signal?: AbortSignal): Promise<TrackRecordSummary> {
  const early = trackRecordSummarySchema.safeParse(await takeEarlyAnswer(TRACK_RECORD_SUMMARY_PATH));
  if (early.success) return early.data;
  try {
    return await apiJson(TRACK_RECORD_SUMMARY_PATH, { method: "GET", auth: false, signal }, trackRecordSummarySchema);
  } catch (error) {
    throw reworded(error, TRACK_RECORD_FAILURE);
  }
}
