import { describe, expect, it } from "vitest";
import { GIFT_CATALOGUE } from "./gift-catalogue";
import { BUDGETS, OCCASIONS, RELATIONSHIPS } from "./gift-types";

describe("the gift catalogue", () => {
  it("holds at least 150 gifts with unique ids and names", () => {
    expect(GIFT_CATALOGUE.length).toBeGreaterThanOrEqual(150);
    expect(new Set(GIFT_CATALOGUE.map((g) => g.id)).size).toBe(GIFT_CATALOGUE.length);
    expect(new Set(GIFT_CATALOGUE.map((g) => g.name)).size).toBe(GIFT_CATALOGUE.length);
  });

  it("tags every gift by interests, age bands, relationships, occasions, a price range and shops", () => {
    for (const gift of GIFT_CATALOGUE) {
      expect(gift.interests.length, gift.name).toBeGreaterThan(0);
      expect(gift.ages.length, gift.name).toBeGreaterThan(0);
      expect(gift.relationships.every((r) => (RELATIONSHIPS as readonly string[]).includes(r)), gift.name).toBe(true);
      expect(gift.occasions.every((o) => (OCCASIONS as readonly string[]).includes(o)), gift.name).toBe(true);
      expect(gift.low, gift.name).toBeGreaterThan(0);
      expect(gift.high, gift.name).toBeGreaterThanOrEqual(gift.low);
      expect(gift.where.length, gift.name).toBeGreaterThan(0);
      expect(gift.where.join(" "), gift.name).not.toMatch(/https?:|www\./);
    }
  });

  it("has at least ten gifts that reach into every budget band", () => {
    for (const budget of BUDGETS) {
      const fitting = GIFT_CATALOGUE.filter((g) => g.low <= budget.max && g.high >= budget.min);
      expect(fitting.length, budget.label).toBeGreaterThanOrEqual(10);
    }
  });
});
