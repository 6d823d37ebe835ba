import {
  watchItemSchema,
  watchlistSchema,
  type UpdateWatchRequest,
  type WatchItem,
  type Watchlist,
} from "../../contracts/watchlist";
import { apiFetch, apiJson } from "./api-client";
import { reworded } from "./request-error-message";

/**
 * The signed-in user's watch list (contracts/watchlist.ts). Read by the watch list page,
 * every 'Watch' button (reports, landing cards, the stock page) and so shared here; answers are
 * checked by their zod schema. The 'Watch' button sits on the landing page's cards, which are in
 * the first-paint bundle (decision 008 keeps zod out of it), so eager code loads this module with
 * `import()` (decision 033).
 *
 * Failures keep the server's own sentence ('You can watch up to 10 stocks…') and stable `code`.
 */

export const WATCHLIST_FAILURE = "Your watch list could not be loaded. Please try again.";
export const WATCH_ADD_FAILURE = "The stock could not be added to your watch list. Please try again.";
export const WATCH_UPDATE_FAILURE = "The alert could not be saved. Please try again.";
export const WATCH_REMOVE_FAILURE = "The stock could not be removed from your watch list. Please try again.";

const JSON_HEADERS = { "content-type": "application/json" };

function tickerPath(ticker: string): string {
  return `/api/watchlist/${encodeURIComponent(ticker.trim().toUpperCase())}`;
}

/** GET /api/watchlist. */
export async function fetchWatchlist(signal?: AbortSignal): Promise<Watchlist> {
  try {
    return await apiJson("/api/watchlist", { method: "GET", signal }, watchlistSchema);
  } catch (error) {
    throw reworded(error, WATCHLIST_FAILURE);
  }
}

/** POST /api/watchlist { ticker } → 201 the new item. */
export async function addWatch(ticker: string): Promise<WatchItem> {
  try {
    return await apiJson(
      "/api/watchlist",
      { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ ticker: ticker.trim() }) },
      watchItemSchema,
    );
  } catch (error) {
    throw reworded(error, WATCH_ADD_FAILURE);
  }
}

/** PATCH /api/watchlist/:ticker: switch rules, set (a number) or clear (null) price alerts. */
export async function updateWatch(ticker: string, update: UpdateWatchRequest): Promise<WatchItem> {
  try {
    return await apiJson(tickerPath(ticker), { method: "PATCH", headers: JSON_HEADERS, body: JSON.stringify(update) }, watchItemSchema);
  } catch (error) {
    throw reworded(error, WATCH_UPDATE_FAILURE);
  }
}

/** DELETE /api/watchlist/:ticker → 204. */
export async function removeWatch(ticker: string): Promise<void> {
  try {
    await apiFetch(tickerPath(ticker), { method: "DELETE" });
  } catch (error) {
    throw reworded(error, WATCH_REMOVE_FAILURE);
  }
}
