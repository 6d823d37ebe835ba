import type { IncomingMessage, ServerResponse } from "node:http";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { narrationSchema, type Narration } from "../../../contracts/narration";
import { analysisReportSchema } from "../../../contracts/stock-summary";
import { analyzeStock } from "../../../core/analysis/analyze-stock";
import type { AnalysisReport } from "../../../core/analysis/analysis-report";
import { createConfiguredModel } from "../../adapters/llm/llm-registry";
import { LlmUsageRepository } from "../../adapters/llm/llm-usage.repository";
import { ModelGateway, type ModelGatewayOptions } from "../../adapters/llm/model-gateway";
import { DemoMarketProvider } from "../../adapters/market/demo";
import { loadConfig } from "../../config";
import type { DatabaseHandle } from "../../db/database";
import { users } from "../../db/schema";
import { startLocalServer, type LocalServer } from "../../test-support/local-http-server";
import { testDatabaseKinds } from "../../test-support/test-database";
import { capturedLog, modelAnswer as answer } from "../../test-support/llm-test-kit";
import { NarrationService, mergeNarration } from "./llm-narrator";

const NOW = new Date("2026-11-20T22:00:00Z");
const DAY = "2026-11-20";
const SESSIONS = 520;

/**
 * A real engine report of the demo market (the stock-analysis feature's service does the same; a
 * feature may not import another one, so the test gathers the inputs itself).
 */
async function demoReport(ticker = "NWSC"): Promise<AnalysisReport> {
  const provider = new DemoMarketProvider({ seed: 42, today: () => NOW });
  const profile = (await provider.getProfile(ticker))!;
  const bars = (await provider.getDailyBars(ticker, SESSIONS))!;
  const sectorEtf = profile.sector ? provider.sectorEtf(profile.sector) : null;
  return analyzeStock({
    ticker,
    profile,
    bars,
    benchmark: await provider.getDailyBars(provider.benchmarkTicker, SESSIONS),
    sectorBars: sectorEtf ? await provider.getDailyBars(sectorEtf, SESSIONS) : null,
    sectorEtf,
    fundamentals: await provider.getFundamentals(ticker),
    universeRsScores: null,
    dataSource: "Quanta demo market",
    demo: true,
    generatedAt: NOW.toISOString(),
  });
}

/** The engine's text, rewritten the way a well-behaved model would: new words, the same figures. */
function plainRewrite(report: AnalysisReport): Narration {
  const text = narrationSchema.parse(report.stock_summary);
  const rewrite = (sentence: string) => `In plain words: ${sentence}`;
  const section = <T extends Record<string, string | string[]>>(fields: T): T =>
    Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, Array.isArray(value) ? value.map(rewrite) : rewrite(value)])) as T;
  return {
    recommendation: section(text.recommendation),
    technical_analysis: section(text.technical_analysis),
    fundamental_analysis: section(text.fundamental_analysis),
    risk_assessment: section(text.risk_assessment),
  };
}

/** Every number of a value with its path: the numbers of two reports must be identical. */
function numericFields(value: unknown, path = ""): Record<string, number> {
  if (typeof value === "number") return { [path]: value };
  if (value === null || typeof value !== "object") return {};
  return Object.assign({}, ...Object.entries(value).map(([key, inner]) => numericFields(inner, `${path}.${key}`)));
}



describe("mergeNarration", () => {
  it("keeps the engine's numbers, action, levels and labels even when the model sends its own", async () => {
    const report = await demoReport();
    const tampered = {
      ...plainRewrite(report),
      recommendation: { ...plainRewrite(report).recommendation, action: report.stock_summary.recommendation.action === "SELL" ? "BUY" : "SELL" },
      trade_setup: { buy_point: 1, stop_loss: 2, target_price: 3, setup_type: "Moonshot" },
      current_metrics: { price: 1 },
    };
    const merged = mergeNarration(report, tampered, "llm:test");
    expect(numericFields(merged.stock_summary)).toEqual(numericFields(report.stock_summary));
    expect(merged.stock_summary.recommendation.action).toBe(report.stock_summary.recommendation.action);
    expect(merged.stock_summary.trade_setup).toEqual(report.stock_summary.trade_setup);
    expect(merged.stock_summary.recommendation.triggers).toEqual(plainRewrite(report).recommendation.triggers);
  });

  it("rejects a list that lost or gained items", async () => {
    const report = await demoReport();
    const rewrite = plainRewrite(report);
    const shorter = { ...rewrite, recommendation: { ...rewrite.recommendation, risk_factors: rewrite.recommendation.risk_factors.slice(1) } };
    expect(() => mergeNarration(report, shorter, "llm:test")).toThrow(/risk_factors has/);
  });
});

describe.each(testDatabaseKinds("storage-only"))("LLM narrator on $name", (kind) => {
  let handle: DatabaseHandle;
  let usage: LlmUsageRepository;
  let engine: AnalysisReport;
  beforeEach(async () => {
    handle = await kind.open();
    await handle.db.insert(users).values([{ id: "u1", name: "One", email: "one@example.com" }]);
    usage = new LlmUsageRepository(handle.db);
    engine = await demoReport();
  });
  afterEach(async () => {
    await handle.close();
  });

  function service(model: ModelGatewayOptions["model"], overrides: Partial<ModelGatewayOptions> = {}) {
    const { log, lines } = capturedLog();
    const gateway = new ModelGateway({
      model,
      name: "test-model",
      timeoutMs: 5_000,
      dailyTokenBudget: 10_000,
      usage,
      log,
      now: () => NOW,
      ...overrides,
    });
    return { narration: new NarrationService({ gateway, log }), lines };
  }

  it("narrates the text fields, keeps every number, the action and the levels, records the tokens and says who wrote it", async () => {
    const rewrite = plainRewrite(engine);
    const model = new MockLanguageModelV3({ doGenerate: answer(JSON.stringify(rewrite)) });
    const { narration, lines } = service(model);

    const narrated = await narration.narrate(engine, { userId: "u1" });

    expect(analysisReportSchema.parse(narrated)).toEqual(narrated);
    expect(narrated.meta.narrator).toBe("llm:test-model");
    expect(engine.meta.narrator).toBe("rules");
    expect(narrationSchema.parse(narrated.stock_summary)).toEqual(rewrite);
    expect(numericFields(narrated.stock_summary)).toEqual(numericFields(engine.stock_summary));
    expect(Object.keys(numericFields(engine.stock_summary)).length).toBeGreaterThan(10);
    expect(narrated.stock_summary.recommendation.action).toBe(engine.stock_summary.recommendation.action);
    expect(narrated.stock_summary.trade_setup).toEqual(engine.stock_summary.trade_setup);
    expect(narrated.stock_summary.technical_analysis.moving_averages).toEqual(engine.stock_summary.technical_analysis.moving_averages);
    expect(narrated.stock_summary.technical_analysis.trend).toBe(engine.stock_summary.technical_analysis.trend);
    expect(narrated.stock_summary.market_analysis).toEqual(engine.stock_summary.market_analysis);
    expect({ ...narrated.meta, narrator: "rules" }).toEqual(engine.meta);
    expect(await usage.used({ userId: "u1" }, DAY)).toBe(1500);
    expect(lines).toEqual([]);

    // The model was given the facts and the rules, and asked for JSON in the narration's shape.
    const call = model.doGenerateCalls[0]!;
    const system = call.prompt.find((message) => message.role === "system")!.content as string;
    expect(system).toContain("Do not invent or change any number");
    expect(system).toContain("Keep every figure exactly as given");
    expect(system).toContain(JSON.stringify(engine));
    expect(call.responseFormat).toMatchObject({ type: "json", schema: { type: "object", required: expect.arrayContaining(["recommendation", "risk_assessment"]) } });
    expect(JSON.stringify(call.responseFormat)).not.toContain("minLength");
  });

  it("keeps the rules report when the model throws", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error("model exploded");
      },
    });
    const { narration, lines } = service(model);
    expect(await narration.narrate(engine, { userId: "u1" })).toBe(engine);
    expect(lines).toMatchObject([{ msg: "LLM narration failed; the rules narration is used", err: { message: "model exploded" } }]);
    expect(await usage.used({ userId: "u1" }, DAY)).toBe(0);
  });

  it("keeps the rules report when the model does not answer in time", async () => {
    const model = new MockLanguageModelV3({ doGenerate: () => new Promise(() => undefined) });
    const { narration, lines } = service(model, { timeoutMs: 50 });
    const started = Date.now();
    expect(await narration.narrate(engine, { userId: "u1" })).toBe(engine);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(lines[0]?.err?.message).toBe("the model did not answer within 50 ms");
  });

  it("keeps the rules report on output that is not JSON or not the narration's shape, and still counts the tokens", async () => {
    const rewrite = plainRewrite(engine);
    for (const text of [
      "Sure! Here is a friendlier version of the report.",
      JSON.stringify({ recommendation: rewrite.recommendation }),
      JSON.stringify({ ...rewrite, risk_assessment: { ...rewrite.risk_assessment, setup_risks: "" } }),
    ]) {
      const { narration, lines } = service(new MockLanguageModelV3({ doGenerate: answer(text, { input: 100, output: 10 }) }));
      expect(await narration.narrate(engine, { userId: "u1" }), text).toBe(engine);
      expect(lines, text).toHaveLength(1);
    }
    expect(await usage.used({ userId: "u1" }, DAY)).toBe(330);
  });

  it("keeps the rules report when the text changes or invents a figure", async () => {
    const rewrite = plainRewrite(engine);
    const changed = {
      ...rewrite,
      recommendation: { ...rewrite.recommendation, risk_management: "Buy around $999.99 and hold for a 87.65% gain." },
    };
    const { narration, lines } = service(new MockLanguageModelV3({ doGenerate: answer(JSON.stringify(changed)) }));
    expect(await narration.narrate(engine, { userId: "u1" })).toBe(engine);
    expect(lines[0]?.err?.message).toBe("figures not in the engine's report: 999.99, 87.65");
    expect(await usage.used({ userId: "u1" }, DAY)).toBe(1500);
  });

  it("does not call the model once the user's daily budget is spent, nor with a budget of 0", async () => {
    await usage.add({ userId: "u1" }, DAY, 10_000);
    const model = new MockLanguageModelV3({ doGenerate: answer(JSON.stringify(plainRewrite(engine))) });
    const spent = service(model);
    expect(await spent.narration.narrate(engine, { userId: "u1" })).toBe(engine);
    expect(spent.lines).toMatchObject([{ msg: expect.stringContaining("daily token budget is spent") }]);
    const none = service(model, { dailyTokenBudget: 0 });
    expect(await none.narration.narrate(engine, { userId: "u1" })).toBe(engine);
    expect(model.doGenerateCalls).toHaveLength(0);
    // Another day, a fresh budget.
    const tomorrow = service(model, { now: () => new Date("2026-11-21T09:00:00Z") });
    expect((await tomorrow.narration.narrate(engine, { userId: "u1" })).meta.narrator).toBe("llm:test-model");
  });

  describe("through a real OpenAI-compatible HTTP server", () => {
    let server: LocalServer;
    let bodies: Array<Record<string, unknown>>;
    let respond: (res: ServerResponse) => void;
    beforeEach(async () => {
      bodies = [];
      server = await startLocalServer((req: IncomingMessage, res: ServerResponse) => {
        let body = "";
        req.on("data", (chunk: Buffer) => (body += chunk.toString()));
        req.on("end", () => {
          bodies.push(JSON.parse(body) as Record<string, unknown>);
          respond(res);
        });
      });
    });
    afterEach(async () => {
      await server.close();
    });

    function configuredNarration() {
      const configured = createConfiguredModel(
        loadConfig({ LLM_PROVIDER: "openai-compatible", LLM_MODEL: "test-model", LLM_BASE_URL: `${server.url}/v1` }),
      )!;
      return service(configured.model, { name: configured.name, timeoutMs: configured.config.timeoutMs });
    }

    it("narrates through /v1/chat/completions", async () => {
      const rewrite = plainRewrite(engine);
      respond = (res) => {
        // Hand-written in OpenAI's documented chat-completion format (not a recording).
        const completion = {
          id: "chatcmpl-narration-1",
          object: "chat.completion",
          created: 1_763_676_000,
          model: "test-model",
          choices: [{ index: 0, message: { role: "assistant", content: JSON.stringify(rewrite) }, finish_reason: "stop" }],
          usage: { prompt_tokens: 900, completion_tokens: 250, total_tokens: 1150 },
        };
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(completion));
      };
      const { narration, lines } = configuredNarration();
      const narrated = await narration.narrate(engine, { userId: "u1" });

      expect(lines).toEqual([]);
      expect(narrated.meta.narrator).toBe("llm:test-model");
      expect(narrationSchema.parse(narrated.stock_summary)).toEqual(rewrite);
      expect(numericFields(narrated.stock_summary)).toEqual(numericFields(engine.stock_summary));
      expect(await usage.used({ userId: "u1" }, DAY)).toBe(1150);
      expect(server.requests).toEqual(["/v1/chat/completions"]);
      expect(bodies[0]).toMatchObject({ model: "test-model", response_format: { type: "json_schema" } });
      const messages = bodies[0]!.messages as Array<{ role: string; content: string }>;
      expect(messages[0]).toMatchObject({ role: "system", content: expect.stringContaining("Do not invent or change any number") });
    });

    it("keeps the rules report when the server answers 500", async () => {
      respond = (res) => {
        res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "overloaded", type: "server_error" } }));
      };
      const { narration, lines } = configuredNarration();
      expect(await narration.narrate(engine, { userId: "u1" })).toBe(engine);
      expect(lines).toHaveLength(1);
      expect(server.requests).toEqual(["/v1/chat/completions"]);
      expect(await usage.used({ userId: "u1" }, DAY)).toBe(0);
    });
  });
});
