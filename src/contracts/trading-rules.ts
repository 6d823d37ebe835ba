/**
 * The trading rules shown to users, worded as docs/product.md lists them
 * (kept literally, docs/architecture.md). The web's Trading Rules menu and the chat assistants
 * both read this list; each rule has a stable id so a surface that words a rule its own way (the
 * chat's full sentences) is keyed to the rule and cannot miss one.
 */

export const BUY_RULES = [
  { id: "price-and-institutions", text: "stocks above $20 a share with institutional acceptance" },
  { id: "eps-growth", text: "rising EPS over the past 3-4 quarters with current quarter up at least 20%" },
  { id: "new-highs-on-volume", text: "buy at new highs after consolidation with 50%+ above average volume" },
  { id: "technical-setup", text: "strong technical setup such as a breakout" },
  { id: "price-points", text: "decide by price points" },
] as const;

export const SELL_RULES = [
  { id: "eight-percent-loss", text: "sell if the price drops 8% below the purchase price" },
  { id: "profit-expectations", text: "set profit expectations" },
  { id: "pe-doubles", text: "consider selling when the P/E doubles" },
  { id: "no-emotion", text: "don't hold losers on emotion" },
] as const;

export const TRADING_RULES = {
  buy: { title: "Buy rules", rules: BUY_RULES },
  sell: { title: "Sell rules", rules: SELL_RULES },
} as const;

export type TradingRuleId = (typeof BUY_RULES)[number]["id"] | (typeof SELL_RULES)[number]["id"];
