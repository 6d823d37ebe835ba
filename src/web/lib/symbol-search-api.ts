import type { SymbolSearchResponse, SymbolSuggestion } from "../../contracts/symbol-search";
import { apiJson } from "./api-client";
import { checkedBody, isRecord } from "./body-checks";

/**
 * contracts/symbol-search.ts `symbolSearchResponseSchema`, checked by hand: the demo-market banner
 * is on the landing page, whose first-paint JavaScript carries no zod (decision 008).
 */
export function parseSymbolSearch(body: unknown): SymbolSearchResponse | null {
  if (!isRecord(body) || typeof body.demo !== "boolean" || !Array.isArray(body.matches)) return null;
  const matches: SymbolSuggestion[] = [];
  for (const match of body.matches as unknown[]) {
    if (!isRecord(match) || typeof match.ticker !== "string" || typeof match.name !== "string") return null;
    if (match.sector !== null && typeof match.sector !== "string") return null;
    matches.push({ ticker: match.ticker, name: match.name, sector: match.sector });
  }
  return { demo: body.demo, matches };
}

const symbolSearchBody = checkedBody(parseSymbolSearch);

/** GET /api/symbols?q=&limit=: tickers and names matching `query` (an empty one lists the demo market). */
export function fetchSymbolSuggestions(query: string, limit: number, signal?: AbortSignal): Promise<SymbolSearchResponse> {
  const params = new URLSearchParams({ q: query.trim(), limit: String(limit) });
  return apiJson(`/api/symbols?${params.toString()}`, { method: "GET", auth: false, ...(signal && { signal }) }, symbolSearchBody);
}
