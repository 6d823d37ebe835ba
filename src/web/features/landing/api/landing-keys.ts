import type { PublicListAction } from "../../../../contracts/public-list";

/** Query keys of the landing page's public lists. */
export const landingKeys = {
  /** GET /api/public-buy-stocks?action=BUY|WATCH */
  publicStocks: (action: PublicListAction) => ["public-stocks", action] as const,
  /** Both lists (refetched together when the daily screen finishes). */
  allPublicStocks: ["public-stocks"] as const,
  /** GET /api/public-lists/status */
  refreshStatus: ["public-lists-status"] as const,
  /** GET /api/news?page=&size= */
  news: (page: number, size: number) => ["news", page, size] as const,
};
