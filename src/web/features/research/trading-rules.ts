/** The trading rules shown to users, verbatim from SPEC.md §9. */
export const BUY_RULES = [
  "stocks above $20 a share with institutional acceptance",
  "rising EPS over the past 3-4 quarters with current quarter up at least 20%",
  "buy at new highs after consolidation with 50%+ above average volume",
  "strong technical setup such as a breakout",
  "decide by price points",
] as const;

export const SELL_RULES = [
  "sell if the price drops 8% below the purchase price",
  "set profit expectations",
  "consider selling when the P/E doubles",
  "don't hold losers on emotion",
] as const;
