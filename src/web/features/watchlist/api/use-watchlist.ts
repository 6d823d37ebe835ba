import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateWatchRequest, Watchlist } from "../../../../contracts/watchlist";
import { watchlistKeys } from "../../../lib/query-keys";
import { addWatch, removeWatch, updateWatch } from "../../../lib/watchlist-api";
import { useWatchlistQuery, withItem, withoutTicker } from "../../../lib/watchlist-query";

/** The watch list, the same query the 'Watch' buttons read. */
export function useWatchlist() {
  return useWatchlistQuery();
}

export function useAddWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticker: string) => addWatch(ticker),
    onSuccess: (item) => {
      queryClient.setQueryData<Watchlist>(watchlistKeys.all, (list) => withItem(list, item));
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
      queryClient.setQueryData<Watchlist>(watchlistKeys.all, (list) => withItem(list, item));
    },
  });
}

export function useRemoveWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticker: string) => removeWatch(ticker),
    onSuccess: (_nothing, ticker) => {
      queryClient.setQueryData<Watchlist>(watchlistKeys.all, (list) => withoutTicker(list, ticker));
      return queryClient.invalidateQueries({ queryKey: watchlistKeys.all });
    },
  });
}
