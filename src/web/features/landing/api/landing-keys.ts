import type { PublicListAction } from "../../../../contracts/public-list";

/** Query keys of the landing page's public lists. */
export const landingKeys = {
  /** GET /api/public-buy-stocks?action=BUY|WATCH */
  publicStocks: (action: PublicListAction) => ["public-stocks", action] as const,
  /** GET /api/news?page=&size= */
  news: (page: number, size: number) => ["news", page, size] as const,
};
