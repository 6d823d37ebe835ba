import { parseAnalysisEntries, type AnalysisEntry } from "../../../lib/analysis-record";

export type PublicAction = "BUY" | "WATCH";

/**
 * GET /api/public-buy-stocks?action=BUY|WATCH without an auth header (SPEC.md §6). Records whose
 * analysis does not parse are skipped and logged. Errors follow SPEC.md §8: the inner
 * 'Failed to fetch stock recommendations: {status}' wrapped in 'Failed to load stock recommendations: {message}'.
 */
export async function fetchPublicStocks(action: PublicAction, signal?: AbortSignal): Promise<AnalysisEntry[]> {
  try {
    const response = await fetch(`/api/public-buy-stocks?action=${action}`, {
      method: "GET",
      headers: { accept: "application/json" },
      signal,
    });
    if (!response.ok) throw new Error(`Failed to fetch stock recommendations: ${String(response.status)}`);
    const body: unknown = await response.json();
    return parseAnalysisEntries(body);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Failed to load stock recommendations: ${message}`, { cause: error });
  }
}
