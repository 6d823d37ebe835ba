import { barsResponseSchema, type BarsResponse } from "../../contracts/market-bars";
import { apiJson } from "./api-client";

/** GET /api/stocks/:ticker/bars?sessions= (Bearer, contracts/market-bars.ts): daily bars, oldest first. */
export function fetchBars(ticker: string, sessions: number): Promise<BarsResponse> {
  return apiJson(`/api/stocks/${encodeURIComponent(ticker)}/bars?sessions=${String(sessions)}`, { method: "GET" }, barsResponseSchema);
}
