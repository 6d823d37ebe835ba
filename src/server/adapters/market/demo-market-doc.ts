import { DEMO_BENCHMARK, DEMO_COMPANIES, DEMO_SECTOR_ETFS, type DemoListingKind } from "./demo-universe";

/** How each kind of listing behaves over time, in the reader's words (demo-episodes.ts). */
const CHARACTERS: Record<DemoListingKind, string> = {
  vcp: "growth leader: mostly volatility contraction (VCP) bases",
  "flat-base": "growth leader: mostly flat bases",
  "cup-with-handle": "growth leader: mostly cups with handles",
  breakout: "growth leader: bases of every kind",
  extended: "growth leader: bases of every kind",
  "stage-4": "cyclical: long stage-4 declines, then a bottom and a rally",
  "weak-fundamentals": "growth chart, weak earnings",
  neutral: "range-bound",
  benchmark: "benchmark: an uptrend with a correction every year or so",
  "sector-etf": "sector fund",
};

const cell = (text: string | null) => (text ?? "—").replace(/\|/g, "\\|");

/**
 * docs/demo-market.md: every ticker of the demo market, written from demo-universe.ts by
 * `npm run docs:demo-market` and kept true by demo-market-doc.test.ts.
 */
export function demoMarketDoc(): string {
  const rows = DEMO_COMPANIES.map((c) => `| ${c.ticker} | ${cell(c.name)} | ${cell(c.sector)} | ${cell(c.industry)} | ${CHARACTERS[c.kind]} |`);
  const funds = [DEMO_BENCHMARK, ...DEMO_SECTOR_ETFS].map((f) => `| ${f.ticker} | ${cell(f.name)} | ${CHARACTERS[f.kind]} |`);
  return [
    "# The demo market",
    "",
    "<!-- Generated from src/server/adapters/market/demo-universe.ts by `npm run docs:demo-market`; do not edit by hand. -->",
    "",
    "Without real market data (`MARKET_DATA_PROVIDER=demo`, or `auto` when Yahoo Finance does not answer at",
    "start-up) Quanta analyses these fictional companies. Their prices are simulated from `DEMO_MARKET_SEED`",
    "alone: each company has one fixed price path, the same in every process and after a restart, and each",
    "new session appends a bar without changing an earlier one. From 2023-01-03 on the paths are drawn in",
    "episodes that play out over the following sessions as a market's would: a growth leader advances,",
    "builds a base, breaks out and then runs to its target, fails through its stop or stalls for months; a",
    "cyclical name declines in lower highs and lower lows, bottoms and rallies. Each company starts its",
    "episodes at its own time, so on any date some are basing, some breaking out and some resolving, and on",
    "some dates none is inside a buy window, as in a real market. Every report made from them is labelled",
    "demo, and every page shows a 'Demo market' banner that lists them too.",
    "",
    `## Companies (${DEMO_COMPANIES.length})`,
    "",
    "| Ticker | Company | Sector | Industry | How it behaves |",
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
