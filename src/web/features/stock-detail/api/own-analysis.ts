import { historyResponseSchema } from "../../../../contracts/research";
import { parseAnalysisEntries, type AnalysisEntry } from "../../../lib/analysis-record";
import { apiJson } from "../../../lib/api-client";

/**
 * GET /user/stock-analyses/?ticker=X (Bearer): the signed-in user's own analyses of one ticker,
 * newest first, parsed as the history parses them (the same query key, so a new analysis refreshes
 * both). The stock page shows the newest when there is one.
 */
export async function fetchOwnAnalyses(ticker: string): Promise<AnalysisEntry[]> {
  const body = await apiJson(`/user/stock-analyses/?ticker=${encodeURIComponent(ticker)}`, { method: "GET" }, historyResponseSchema);
  return parseAnalysisEntries(body.analyses);
}
