/** What the analyze page says while an analysis runs; one every 1.5 s (docs/product.md), then from the top. */
export const ANALYSIS_LOADING_MESSAGES = [
  "Fetching price history…",
  "Checking the Trend Template…",
  "Looking for bases and pivots…",
  "Reading earnings growth…",
  "Weighing market direction…",
  "Writing the report…",
] as const;
