import { MockLanguageModelV3 } from "ai/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pickDiverse, scoreCandidates } from "../../../core/gift/gift-scoring";
import type { GiftRequest } from "../../../core/gift/gift-types";
import { LlmUsageRepository } from "../../adapters/llm/llm-usage.repository";
import { ModelGateway } from "../../adapters/llm/model-gateway";
import type { DatabaseHandle } from "../../db/database";
import { capturedLog, modelAnswer } from "../../test-support/llm-test-kit";
import { testDatabaseKinds } from "../../test-support/test-database";
import { GIFT_BUDGET, GiftService } from "./gift.service";

const REQUEST: GiftRequest = { name: "Ada", age: 36, relationship: "friend", interests: "cooking, hiking", budget: "50_100", occasion: "birthday" };
const refinement = JSON.stringify({ ideas: pickDiverse(scoreCandidates(REQUEST), 12).slice(0, 6).map((c) => ({ id: c.gift.id, why: "A lovely idea for Ada." })) });

describe.each(testDatabaseKinds("database-behaviour"))("the gift token budget on $name", (kind) => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await kind.open();
  });
  afterEach(async () => {
    await handle.close();
  });

  // Two server instances on one database: the anonymous form's day budget is counted once, for both.
  it("is one budget per UTC day for every instance on the database", async () => {
    let now = new Date("2026-11-20T12:00:00Z");
    const { log, lines } = capturedLog();
    const instance = (model: MockLanguageModelV3) => {
      const gateway = new ModelGateway({ model, name: "test-model", timeoutMs: 2_000, dailyTokenBudget: 1_000, usage: new LlmUsageRepository(handle.db), now: () => now, log });
      return new GiftService({ gateway, log });
    };
    const firstModel = new MockLanguageModelV3({ doGenerate: modelAnswer(refinement, { input: 900, output: 200 }) });
    const secondModel = new MockLanguageModelV3({ doGenerate: modelAnswer(refinement, { input: 900, output: 200 }) });
    const first = instance(firstModel);
    const second = instance(secondModel);

    expect((await first.recommend(REQUEST)).source).toBe("llm:test-model");
    expect(await new LlmUsageRepository(handle.db).used(GIFT_BUDGET, "2026-11-20")).toBe(1_100);
    expect((await second.recommend(REQUEST)).source).toBe("catalogue");
    expect(secondModel.doGenerateCalls).toHaveLength(0);
    expect(lines.map((l) => l.msg)).toEqual(["gift refinement skipped: the day's token budget is spent; the catalogue ranking is used"]);

    // The next UTC day has a fresh budget.
    now = new Date("2026-11-21T00:00:01Z");
    expect((await second.recommend(REQUEST)).source).toBe("llm:test-model");
    expect(secondModel.doGenerateCalls).toHaveLength(1);
  });
});
