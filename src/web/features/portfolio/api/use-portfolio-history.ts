import { useQuery } from "@tanstack/react-query";
import { portfolioHistorySchema, type PortfolioHistory } from "../../../../contracts/portfolio";
import { apiJson } from "../../../lib/api-client";
import { reworded } from "../../../lib/request-error-message";

const HISTORY_FAILURE = "The portfolio's history could not be loaded. Please try again.";

/** Under the portfolio's key, so every change that refreshes the portfolio refreshes the chart too. */
const HISTORY_KEY = ["portfolio", "history"] as const;

async function fetchPortfolioHistory(signal?: AbortSignal): Promise<PortfolioHistory> {
  try {
    return await apiJson("/api/portfolio/history", { method: "GET", signal }, portfolioHistorySchema);
  } catch (error) {
    throw reworded(error, HISTORY_FAILURE);
  }
}

/** GET /api/portfolio/history: the value of the user's holdings and of the same dollars in the benchmark. */
export function usePortfolioHistory() {
  return useQuery({ queryKey: HISTORY_KEY, queryFn: ({ signal }) => fetchPortfolioHistory(signal), staleTime: 5 * 60_000 });
}
