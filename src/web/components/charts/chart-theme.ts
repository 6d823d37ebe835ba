/**
 * The look every chart of the app shares (the report's price chart, the market page's benchmark, the
 * track record's equity curve): white ground, slate text and borders, faint grid, no vendor logo in
 * the plot (the attribution is a link under each chart). Spread into `createChart` and extended.
 */
export const CHART_THEME = {
  autoSize: true,
  layout: { background: { color: "#ffffff" }, textColor: "#475569", attributionLogo: false },
  grid: { vertLines: { color: "#f1f5f9" }, horzLines: { color: "#f1f5f9" } },
  rightPriceScale: { borderColor: "#e2e8f0" },
  timeScale: { borderColor: "#e2e8f0" },
} as const;
