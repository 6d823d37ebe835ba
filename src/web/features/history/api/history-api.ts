import { isAnalysisList, parseAnalysisEntries, type AnalysisEntry } from "../../../lib/analysis-record";
import { apiFetch, apiJson } from "../../../lib/api-client";

/** GET /user/stock-analyses/ (optionally ?ticker=X): the caller's analyses, newest first; broken ones skipped. */
export async function fetchAnalyses(ticker: string | null): Promise<AnalysisEntry[]> {
  const path = ticker ? `/user/stock-analyses/?ticker=${encodeURIComponent(ticker)}` : "/user/stock-analyses/";
  const body = await apiJson<unknown>(path, { method: "GET" });
  if (!isAnalysisList(body)) throw new Error("Invalid response format from server");
  return parseAnalysisEntries(body);
}

/** DELETE /user/stock-analyses/:id (restorable for an hour). */
export async function removeAnalysis(id: string): Promise<void> {
  await apiFetch(`/user/stock-analyses/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** POST /user/stock-analyses/:id/restore: undoes a removal. */
export async function restoreAnalysis(id: string): Promise<void> {
  await apiFetch(`/user/stock-analyses/${encodeURIComponent(id)}/restore`, { method: "POST" });
}
