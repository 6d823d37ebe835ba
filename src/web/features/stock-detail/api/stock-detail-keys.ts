/** Query keys of the public stock page. */
export const stockDetailKeys = {
  /** GET /api/public-buy-stocks?ticker=X: the ticker's latest public analysis. */
  publicAnalysis: (ticker: string) => ["public-analysis", ticker] as const,
};
