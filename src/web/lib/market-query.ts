import { useQuery } from "@tanstack/react-query";
import { marketResponseSchema, type MarketResponse } from "../../contracts/market";
import { apiJson } from "./api-client";
import { takeEarlyAnswer } from "./early-request";
import { reworded } from "./request-error-message";

const MARKET_PATH = "/api/market";
const MARKET_FAILURE = "The market page could not be loaded. Please try again.";
/** The page changes once a session, after the daily screen. */
const MARKET_STALE_MS = 5 * 60_000;

async function fetchMarket(signal?: AbortSignal): Promise<MarketResponse> {
  const early = marketResponseSchema.safeParse(await takeEarlyAnswer(MARKET_PATH));
  if (early.success) return early.data;
  try {
    return await apiJson(MARKET_PATH, { method: "GET", auth: false, signal }, marketResponseSchema);
  } catch (error) {
    throw reworded(error, MARKET_FAILURE);
  }
}

/** GET /api/market (public): the stored market page of the latest session (the market page; the screener's group names). */
export function useMarket() {
  return useQuery({ queryKey: ["market"], queryFn: ({ signal }) => fetchMarket(signal), staleTime: MARKET_STALE_MS });
}
