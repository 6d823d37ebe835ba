import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateScreenRequest, ScreenerQuery } from "../../../../contracts/screener";
import { deleteScreen, fetchSavedScreens, fetchScreen, saveScreen, screenerKeys } from "./screener-api";

/** The API caches a screen for a minute (Cache-Control); the page reuses it as long. */
const SCREEN_STALE_MS = 60_000;

/** The rows of one screen; the previous screen's rows stay shown while the next one loads. */
export function useScreen(query: ScreenerQuery) {
  return useQuery({
    queryKey: screenerKeys.screen(query),
    queryFn: ({ signal }) => fetchScreen(query, signal),
    staleTime: SCREEN_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** The user's saved screens (verified users only: the server refuses the others). */
export function useSavedScreens(enabled: boolean) {
  return useQuery({ queryKey: screenerKeys.saved, queryFn: ({ signal }) => fetchSavedScreens(signal), enabled });
}

export function useSaveScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateScreenRequest) => saveScreen(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screenerKeys.saved }),
  });
}

export function useDeleteScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteScreen(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screenerKeys.saved }),
  });
}
