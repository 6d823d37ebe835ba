import type { PublicAction } from "./public-stocks";

/** Query keys of the landing page's public lists. */
export const landingKeys = {
  /** GET /api/public-buy-stocks?action=BUY|WATCH */
  publicStocks: (action: PublicAction) => ["public-stocks", action] as const,
  /** GET /api/news?page=&size= */
  news: (page: number, size: number) => ["news", page, size] as const,
};
