import { DEMO_BENCHMARK, DEMO_COMPANIES, DEMO_SECTOR_ETFS, type DemoListingKind } from "./demo-universe";

/** What each archetype's chart shows at the end of every series, in the reader's words. */
const SHAPES: Record<DemoListingKind, string> = {
  vcp: "volatility contraction (VCP) base",
  "flat-base": "flat base",
  "cup-with-handle": "cup with handle",
  breakout: "fresh breakout on volume",
  extended: "extended far above its buy point",
  "stage-4": "stage-4 decline",
  "weak-fundamentals": "uptrend with weak earnings",
  neutral: "range-bound",
  benchmark: "benchmark",
  "sector-etf": "sector fund",
};

const cell = (text: string | null) => (text ?? "—").replace(/\|/g, "\\|");

/**
 * docs/demo-market.md: every ticker of the demo market, written from demo-universe.ts by
 * `npm run docs:demo-market` and kept true by demo-market-doc.test.ts.
 */
export function demoMarketDoc(): string {
  const rows = DEMO_COMPANIES.map((c) => `| ${c.ticker} | ${cell(c.name)} | ${cell(c.sector)} | ${cell(c.industry)} | ${SHAPES[c.kind]} |`);
  const funds = [DEMO_BENCHMARK, ...DEMO_SECTOR_ETFS].map((f) => `| ${f.ticker} | ${cell(f.name)} | ${SHAPES[f.kind]} |`);
  return [
    "# The demo market",
    "",
    "<!-- Generated from src/server/adapters/market/demo-universe.ts by `npm run docs:demo-market`; do not edit by hand. -->",
    "",
    "Without real market data (`MARKET_DATA_PROVIDER=demo`, or `auto` when Yahoo Finance does not answer at",
    "start-up) Quanta analyses these fictional companies. Their prices are simulated, deterministically from",
    "`DEMO_MARKET_SEED` and the date, so each chart always shows the situation named below. Every report made",
    "from them is labelled demo, and every page shows a 'Demo market' banner that lists them too.",
    "",
    `## Companies (${DEMO_COMPANIES.length})`,
    "",
    "| Ticker | Company | Sector | Industry | Chart at the last session |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    "",
    "## Benchmark and sector funds",
    "",
    "| Ticker | Fund | Role |",
    "| --- | --- | --- |",
    ...funds,
    "",
  ].join("\n");
}
