import { describe, expect, it } from "vitest";
import { BUY_RULES, SELL_RULES, TRADING_RULES } from "./trading-rules";

describe("trading rules", () => {
  it("are the product's rules (docs/product.md), word for word and in its order", () => {
    const documented =
      "Buy: stocks above $20 a share with institutional acceptance; rising EPS over the past 3-4 quarters with current quarter up at least 20%; " +
      "buy at new highs after consolidation with 50%+ above average volume; strong technical setup such as a breakout; decide by price points. " +
      "Sell: sell if the price drops 8% below the purchase price; set profit expectations; consider selling when the P/E doubles; don't hold losers on emotion.";
    const words = `Buy: ${BUY_RULES.map((r) => r.text).join("; ")}. Sell: ${SELL_RULES.map((r) => r.text).join("; ")}.`;
    expect(words).toBe(documented);
  });

  it("groups them under the menu's titles, each rule with its own id", () => {
    expect(TRADING_RULES.buy).toEqual({ title: "Buy rules", rules: BUY_RULES });
    expect(TRADING_RULES.sell).toEqual({ title: "Sell rules", rules: SELL_RULES });
    const ids = [...BUY_RULES, ...SELL_RULES].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
