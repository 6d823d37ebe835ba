import { barsResponseSchema, type BarsResponse } from "../../contracts/market-bars";
import { apiJson } from "./api-client";

/**
 * GET /api/stocks/:ticker/bars?sessions=[&benchmark=1] (Bearer, contracts/market-bars.ts): daily bars,
 * oldest first; with `benchmark`, the benchmark's closes on the same dates too.
 */
export function fetchBars(ticker: string, sessions: number, options: { benchmark?: boolean } = {}): Promise<BarsResponse> {
  const benchmark = options.benchmark ? "&benchmark=1" : "";
  return apiJson(`/api/stocks/${encodeURIComponent(ticker)}/bars?sessions=${String(sessions)}${benchmark}`, { method: "GET" }, barsResponseSchema);
}
