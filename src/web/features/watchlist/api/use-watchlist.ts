import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UpdateWatchRequest, WatchItem, Watchlist } from "../../../../contracts/watchlist";
import { watchlistKeys } from "../../../lib/query-keys";
import { addWatch, fetchWatchlist, removeWatch, updateWatch } from "../../../lib/watchlist-api";

/** How long the page reuses a loaded watch list (the 'Watch' buttons share the same query). */
const WATCHLIST_STALE_MS = 60_000;

export function useWatchlist() {
  return useQuery({
    queryKey: watchlistKeys.all,
    queryFn: ({ signal }) => fetchWatchlist(signal),
    staleTime: WATCHLIST_STALE_MS,
  });
}

function replaceItem(list: Watchlist | undefined, item: WatchItem): Watchlist | undefined {
  return list ? { ...list, items: list.items.map((current) => (current.ticker === item.ticker ? item : current)) } : list;
}

export function useAddWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticker: string) => addWatch(ticker),
    onSuccess: (item) => {
      queryClient.setQueryData<Watchlist>(watchlistKeys.all, (list) =>
        list ? { ...list, items: [...list.items.filter((i) => i.ticker !== item.ticker), item] } : list,
      );
      return queryClient.invalidateQueries({ queryKey: watchlistKeys.all });
    },
  });
}

/** PATCH one stock: the answer replaces it in the cached list. */
export function useUpdateWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticker, update }: { ticker: string; update: UpdateWatchRequest }) => updateWatch(ticker, update),
    onSuccess: (item) => {
      queryClient.setQueryData<Watchlist>(watchlistKeys.all, (list) => replaceItem(list, item));
    },
  });
}

export function useRemoveWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticker: string) => removeWatch(ticker),
    onSuccess: (_nothing, ticker) => {
      queryClient.setQueryData<Watchlist>(watchlistKeys.all, (list) =>
        list ? { ...list, items: list.items.filter((i) => i.ticker !== ticker) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: watchlistKeys.all });
    },
  });
}
