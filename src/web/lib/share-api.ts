import { shareResponseSchema, sharedAnalysisResponseSchema, type ShareResponse, type SharedAnalysisResponse } from "../../contracts/analysis-sharing";
import { successSchema } from "../../contracts/api-error";
import { apiJson } from "./api-client";

// Sharing an analysis (contracts/analysis-sharing.ts): the analyze page shares, the history stops
// sharing and the shared page reads, three features, so the calls are here.

const sharePath = (id: string) => `/api/analyses/${encodeURIComponent(id)}/share`;

/** POST /api/analyses/:id/share: the read-only link of one of the caller's analyses (made once, then the same). */
export function shareAnalysis(id: string): Promise<ShareResponse> {
  return apiJson(sharePath(id), { method: "POST" }, shareResponseSchema);
}

/** DELETE /api/analyses/:id/share: the link stops working. */
export async function stopSharing(id: string): Promise<void> {
  await apiJson(sharePath(id), { method: "DELETE" }, successSchema);
}

/** GET /api/shared/:token (anyone): the shared report and its date; 404 `share_not_found` once it is stopped. */
export function fetchSharedAnalysis(token: string): Promise<SharedAnalysisResponse> {
  return apiJson(`/api/shared/${encodeURIComponent(token)}`, { method: "GET" }, sharedAnalysisResponseSchema);
}
