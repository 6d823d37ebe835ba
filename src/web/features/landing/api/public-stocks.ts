import type { PublicListAction } from "../../../../contracts/public-list";
import { fetchPublicList, type PublicListEntry } from "../../../lib/public-list-api";

/**
 * The landing page's BUY or WATCH list (GET /api/public-buy-stocks?action=, lib/public-list-api.ts).
 * A failure is already one sentence there ('The lists could not be loaded. Please try again.' or
 * the server's own): it is not wrapped again (decision 019: no nested prefixes).
 */
export async function fetchPublicStocks(action: PublicListAction, signal?: AbortSignal): Promise<PublicListEntry[]> {
  return fetchPublicList({ action }, signal);
}
