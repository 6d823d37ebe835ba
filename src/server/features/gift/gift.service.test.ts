import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { GIFT_CATALOGUE } from "../../../core/gift/gift-catalogue";
import { pickDiverse, recommendGifts, scoreCandidates } from "../../../core/gift/gift-scoring";
import type { GiftRequest } from "../../../core/gift/gift-types";
import { ModelGateway, type ModelGatewayOptions } from "../../adapters/llm/model-gateway";
import { GiftService } from "./gift.service";
import { capturedLog, MemoryTokenLedger, modelAnswer } from "../../test-support/llm-test-kit";

const answer = (text: string, tokens = { input: 800, output: 200 }) => modelAnswer(text, tokens);

const REQUEST: GiftRequest = { name: "Ada", age: 36, relationship: "friend", interests: "cooking, hiking", budget: "50_100", occasion: "birthday", previousGifts: "Pasta maker" };
const NOW = new Date("2026-11-20T12:00:00Z");



function service(model: MockLanguageModelV3, overrides: Partial<ModelGatewayOptions> = {}) {
  const { log, lines } = capturedLog();
  const gateway = new ModelGateway({
    model,
    name: "test-model",
    timeoutMs: 2_000,
    dailyTokenBudget: 10_000,
    usage: new MemoryTokenLedger(),
    now: () => NOW,
    log,
    ...overrides,
  });
  return { gifts: new GiftService({ gateway, log }), lines };
}

/** The ids the model may choose from: the scorer's diverse top 12. */
const candidates = pickDiverse(scoreCandidates(REQUEST), 12);
const deterministic = recommendGifts(REQUEST);

describe("GiftService", () => {
  it("answers the catalogue ranking without a model", async () => {
    const { log } = capturedLog();
    const result = await new GiftService({ gateway: null, log }).recommend(REQUEST);
    expect(result).toEqual({ ideas: deterministic, source: "catalogue" });
    expect(result.ideas.map((i) => i.name)).not.toContain("Pasta maker");
  });

  it("lets the model re-order the candidates and rewrite the why text; names, prices and shops stay the catalogue's", async () => {
    const chosen = [candidates[5]!, candidates[0]!, candidates[9]!, candidates[2]!, candidates[7]!, candidates[1]!];
    const model = new MockLanguageModelV3({
      doGenerate: answer(JSON.stringify({ ideas: chosen.map((c) => ({ id: c.gift.id, why: `Ada would love this ${c.gift.category} idea on her birthday.` })) })),
    });
    const { gifts, lines } = service(model);

    const result = await gifts.recommend(REQUEST);

    expect(result.source).toBe("llm:test-model");
    expect(result.ideas.map((i) => i.id)).toEqual(chosen.map((c) => c.gift.id));
    for (const [index, idea] of result.ideas.entries()) {
      const entry = GIFT_CATALOGUE.find((g) => g.id === idea.id)!;
      expect(idea.name).toBe(entry.name);
      expect(idea.where).toEqual(entry.where);
      expect([idea.priceLow, idea.priceHigh]).toEqual([chosen[index]!.priceLow, chosen[index]!.priceHigh]);
      expect(idea.priceHigh).toBeLessThanOrEqual(100);
      expect(idea.why).toBe(`Ada would love this ${entry.category} idea on her birthday.`);
    }
    expect(lines).toEqual([]);

    // The model saw the form and the candidates, and the rules.
    const call = model.doGenerateCalls[0]!;
    const system = call.prompt.find((m) => m.role === "system")!.content as string;
    expect(system).toContain("never invent a gift");
    expect(JSON.stringify(call.prompt)).toContain(candidates[11]!.gift.id);
    expect(JSON.stringify(call.prompt)).toContain("Pasta maker");
  });

  it.each([
    ["an id that is not a candidate", { ideas: [...candidates.slice(0, 4), { gift: { id: "gift-999" } }].map((c) => ({ id: c.gift.id, why: "A lovely idea for Ada." })) }],
    ["an id chosen twice", { ideas: [candidates[0]!, ...candidates.slice(0, 5)].map((c) => ({ id: c.gift.id, why: "A lovely idea for Ada." })) }],
    ["fewer than five ideas", { ideas: candidates.slice(0, 3).map((c) => ({ id: c.gift.id, why: "A lovely idea for Ada." })) }],
    ["a price in the text", { ideas: candidates.slice(0, 6).map((c) => ({ id: c.gift.id, why: "Only $20 and Ada will love it." })) }],
    ["the wrong shape", { gifts: ["knife"] }],
  ])("falls back to the catalogue ranking on %s, with a warning", async (_case, output) => {
    const { gifts, lines } = service(new MockLanguageModelV3({ doGenerate: answer(JSON.stringify(output)) }));
    const result = await gifts.recommend(REQUEST);
    expect(result).toEqual({ ideas: deterministic, source: "catalogue" });
    expect(lines.map((l) => l.msg)).toEqual(["gift refinement failed; the catalogue ranking is used"]);
  });

  it("falls back when the model throws", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error("model exploded");
      },
    });
    const { gifts, lines } = service(model);
    expect(await gifts.recommend(REQUEST)).toEqual({ ideas: deterministic, source: "catalogue" });
    expect(lines[0]!.err!.message).toContain("model exploded");
  });

  it("falls back when the model does not answer in time", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: ({ abortSignal }) =>
        new Promise((_, reject) => {
          abortSignal?.addEventListener("abort", () => reject(abortSignal.reason as Error));
        }),
    });
    const { gifts, lines } = service(model, { timeoutMs: 30 });
    const started = Date.now();
    expect(await gifts.recommend(REQUEST)).toEqual({ ideas: deterministic, source: "catalogue" });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(lines[0]!.err!.message).toContain("did not answer within 30 ms");
  });

  it("stops calling the model once the day's token budget is spent, and never with a budget of 0", async () => {
    const ok = JSON.stringify({ ideas: candidates.slice(0, 6).map((c) => ({ id: c.gift.id, why: "A lovely idea for Ada." })) });
    const model = new MockLanguageModelV3({ doGenerate: answer(ok, { input: 900, output: 200 }) });
    const { gifts, lines } = service(model, { dailyTokenBudget: 1_000 });
    expect((await gifts.recommend(REQUEST)).source).toBe("llm:test-model");
    expect((await gifts.recommend(REQUEST)).source).toBe("catalogue");
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(lines.map((l) => l.msg)).toEqual(["gift refinement skipped: the day's token budget is spent; the catalogue ranking is used"]);

    const never = new MockLanguageModelV3({ doGenerate: answer(ok) });
    const zero = service(never, { dailyTokenBudget: 0 });
    expect((await zero.gifts.recommend(REQUEST)).source).toBe("catalogue");
    expect(never.doGenerateCalls).toHaveLength(0);
  });
});
