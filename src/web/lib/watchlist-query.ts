import { useQuery } from "@tanstack/react-query";
import type { WatchItem, Watchlist } from "../../contracts/watchlist";
import { watchlistKeys } from "./query-keys";

/**
 * The one GET /api/watchlist the 'Watch' buttons and the watch list page share (decision 033), and
 * the edits every change makes to it in the cache. The fetcher is loaded on first use: the button
 * sits on the landing page's cards (first-paint bundle), and the fetchers parse with zod, which
 * decision 008 keeps out of that bundle.
 */
export const watchlistApi = () => import("./watchlist-api");

/** How long a loaded watch list is reused before asking again. */
const WATCHLIST_STALE_MS = 60_000;

export function useWatchlistQuery(enabled = true) {
  return useQuery({
    queryKey: watchlistKeys.all,
    queryFn: async ({ signal }) => (await watchlistApi()).fetchWatchlist(signal),
    enabled,
    staleTime: WATCHLIST_STALE_MS,
  });
}

/** The list with `item` in place of the stock's old entry, or added at the end. */
export function withItem(list: Watchlist | undefined, item: WatchItem): Watchlist | undefined {
  if (!list) return list;
  const present = list.items.some((current) => current.ticker === item.ticker);
  return { ...list, items: present ? list.items.map((current) => (current.ticker === item.ticker ? item : current)) : [...list.items, item] };
}

/** The list without the stock. */
export function withoutTicker(list: Watchlist | undefined, ticker: string): Watchlist | undefined {
  return list ? { ...list, items: list.items.filter((item) => item.ticker !== ticker) } : list;
}
