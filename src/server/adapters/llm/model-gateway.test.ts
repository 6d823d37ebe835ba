import { MockLanguageModelV3, simulateReadableStream } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { capturedLog, MemoryTokenLedger, modelAnswer } from "../../test-support/llm-test-kit";
import { structuredOutput } from "./llm-call";
import type { BudgetKey } from "./llm-usage.repository";
import { ModelGateway, type ModelGatewayOptions, type StreamCall } from "./model-gateway";

type StreamPart = Awaited<ReturnType<MockLanguageModelV3["doStream"]>>["stream"] extends ReadableStream<infer Part> ? Part : never;

const DAY = "2026-11-20";
const USER: BudgetKey = { userId: "u1" };
const GIFT: BudgetKey = { shared: "gift" };
const output = structuredOutput("answer", "A short answer.", z.object({ answer: z.string().min(2) }));
const call = { system: "Answer briefly.", prompt: "Hello?", output, temperature: 0.2 };

function gateway(model: MockLanguageModelV3, overrides: Partial<ModelGatewayOptions> = {}) {
  const { log, lines } = capturedLog();
  const usage = new MemoryTokenLedger();
  const options = { model, name: "test-model", timeoutMs: 2_000, dailyTokenBudget: 1_000, usage, now: () => new Date(`${DAY}T12:00:00Z`), log };
  return { gateway: new ModelGateway({ ...options, ...overrides }), usage, lines };
}

const stepUsage = (input: number, output: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
});

function textStep(pieces: string[], finish = true): StreamPart[] {
  return [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t1" },
    ...pieces.map((delta): StreamPart => ({ type: "text-delta", id: "t1", delta })),
    ...(finish ? ([{ type: "text-end", id: "t1" }, { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage: stepUsage(300, 40) }] as StreamPart[]) : []),
  ];
}

const streamCall = (signal?: AbortSignal): StreamCall => ({ system: "Be brief.", messages: [{ role: "user", content: "Hi" }], tools: {}, maxSteps: 2, abortSignal: signal });

describe("ModelGateway.generate", () => {
  it("returns what the caller accepts and records the tokens under the budget key and day", async () => {
    const model = new MockLanguageModelV3({ doGenerate: modelAnswer(JSON.stringify({ answer: "Hi there" }), { input: 200, output: 50 }) });
    const { gateway: g, usage, lines } = gateway(model);
    const result = await g.generate(GIFT, call, (answer) => answer.answer.toUpperCase());
    expect(result).toEqual({ ok: true, value: "HI THERE" });
    expect(usage.used(GIFT, DAY)).toBe(250);
    expect(usage.used(USER, DAY)).toBe(0);
    expect(model.doGenerateCalls[0]!.temperature).toBe(0.2);
    expect(lines).toEqual([]);
  });

  it("does not call the model when the key's budget is spent, is 0, or cannot be read", async () => {
    const model = new MockLanguageModelV3({ doGenerate: modelAnswer(JSON.stringify({ answer: "Hi there" }), { input: 900, output: 200 }) });
    const { gateway: g, usage } = gateway(model);
    expect((await g.generate(USER, call, (a) => a)).ok).toBe(true);
    expect(await g.generate(USER, call, (a) => a)).toEqual({ ok: false, reason: "budget_spent" });
    // Another key has its own budget.
    expect((await g.generate(GIFT, call, (a) => a)).ok).toBe(true);
    expect(usage.used(USER, DAY)).toBe(1_100);
    expect(model.doGenerateCalls).toHaveLength(2);

    const zero = gateway(model, { dailyTokenBudget: 0 });
    expect(await zero.gateway.generate(USER, call, (a) => a)).toEqual({ ok: false, reason: "budget_spent" });
    const broken = new Error("database down");
    const unreadable = gateway(model, { usage: { withinBudget: () => Promise.reject(broken), add: () => Promise.resolve(0) } });
    expect(await unreadable.gateway.generate(USER, call, (a) => a)).toEqual({ ok: false, reason: "budget_unknown", error: broken });
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it("gives up at the time-out even when the provider ignores the abort", async () => {
    const model = new MockLanguageModelV3({ doGenerate: () => new Promise(() => undefined) });
    const { gateway: g } = gateway(model, { timeoutMs: 40 });
    const started = Date.now();
    const result = await g.generate(USER, call, (a) => a);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(result).toMatchObject({ ok: false, reason: "timed_out", error: { name: "ModelTimeoutError", message: "the model did not answer within 40 ms" } });
  });

  it("rejects output that is not the schema, or that the caller refuses, and still counts its tokens", async () => {
    const notJson = gateway(new MockLanguageModelV3({ doGenerate: modelAnswer("Sure! Here it is.", { input: 100, output: 10 }) }));
    expect(await notJson.gateway.generate(USER, call, (a) => a)).toMatchObject({ ok: false, reason: "rejected", error: { name: "AI_NoObjectGeneratedError" } });
    expect(notJson.usage.used(USER, DAY)).toBe(110);

    const refused = gateway(new MockLanguageModelV3({ doGenerate: modelAnswer(JSON.stringify({ answer: "Hi there" }), { input: 100, output: 10 }) }));
    const result = await refused.gateway.generate(USER, call, () => {
      throw new Error("not one of the candidates");
    });
    expect(result).toMatchObject({ ok: false, reason: "rejected", error: { message: "not one of the candidates" } });
    expect(refused.usage.used(USER, DAY)).toBe(110);
  });

  it("reports any other error as a failure", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error("connection refused");
      },
    });
    const { gateway: g, usage } = gateway(model);
    expect(await g.generate(USER, call, (a) => a)).toMatchObject({ ok: false, reason: "failed", error: { message: "connection refused" } });
    expect(usage.used(USER, DAY)).toBe(0);
  });

  it("keeps a good answer when its tokens cannot be recorded, and logs it", async () => {
    const model = new MockLanguageModelV3({ doGenerate: modelAnswer(JSON.stringify({ answer: "Hi there" })) });
    const usage = { withinBudget: async () => true, add: () => Promise.reject(new Error("database down")) };
    const { gateway: g, lines } = gateway(model, { usage });
    expect(await g.generate(GIFT, call, (a) => a.answer)).toEqual({ ok: true, value: "Hi there" });
    expect(lines).toMatchObject([{ msg: "could not record LLM token usage", err: { message: "database down" } }]);
  });
});

describe("ModelGateway.stream", () => {
  function streamed(steps: StreamPart[][], hangAfterLast = false) {
    let index = 0;
    return new MockLanguageModelV3({
      doStream: async ({ abortSignal }) => {
        const chunks = steps[index++] ?? textStep(["(no more steps)"]);
        if (!hangAfterLast) return { stream: simulateReadableStream({ chunks, chunkDelayInMs: 1 }) };
        // Sends its parts, then stalls without finishing; only an abort ends it.
        return {
          stream: new ReadableStream<StreamPart>({
            start(controller) {
              for (const chunk of chunks) controller.enqueue(chunk);
              abortSignal?.addEventListener("abort", () => controller.error(abortSignal.reason));
            },
          }),
        };
      },
    });
  }

  it("passes the text on as it streams and records the tokens of every step", async () => {
    const { gateway: g, usage } = gateway(streamed([textStep(["Hello ", "there."])]));
    const texts: string[] = [];
    expect(await g.stream(USER, streamCall(), (text) => texts.push(text))).toEqual({ ok: true, value: undefined });
    expect(texts).toEqual(["Hello ", "there."]);
    expect(usage.used(USER, DAY)).toBe(340);
  });

  it("reports a stalled stream as timed out, after the text it already passed on", async () => {
    const { gateway: g } = gateway(streamed([textStep(["Hello "], false)], true), { timeoutMs: 50 });
    const texts: string[] = [];
    const started = Date.now();
    const result = await g.stream(USER, streamCall(), (text) => texts.push(text));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(texts).toEqual(["Hello "]);
    expect(result).toMatchObject({ ok: false, reason: "timed_out", error: { name: "ModelTimeoutError" } });
  });

  it("treats the caller's own cancel as the end of the answer, not a failure", async () => {
    const { gateway: g } = gateway(streamed([textStep(["Hello "], false)], true), { timeoutMs: 5_000 });
    const controller = new AbortController();
    const result = await g.stream(USER, streamCall(controller.signal), () => controller.abort());
    expect(result).toEqual({ ok: true, value: undefined });
  });

  it("reports an error part as a failure and still records the tokens spent before it", async () => {
    const failing: StreamPart[] = [{ type: "stream-start", warnings: [] }, { type: "error", error: new Error("overloaded") }];
    const toolStep: StreamPart[] = [
      { type: "stream-start", warnings: [] },
      { type: "tool-call", toolCallId: "call-1", toolName: "ping", input: "{}" },
      { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage: stepUsage(100, 20) },
    ];
    const { gateway: g, usage } = gateway(streamed([toolStep, failing]));
    const ping = { description: "Ping", inputSchema: z.object({}), execute: async () => ({ pong: true }) };
    const result = await g.stream(USER, { ...streamCall(), tools: { ping } }, () => undefined);
    expect(result).toMatchObject({ ok: false, reason: "failed", error: { message: "overloaded" } });
    expect(usage.used(USER, DAY)).toBe(120);
  });

  it("does not call the model when the budget is spent", async () => {
    const model = streamed([textStep(["never"])]);
    const { gateway: g } = gateway(model, { dailyTokenBudget: 0 });
    expect(await g.stream(USER, streamCall(), () => undefined)).toEqual({ ok: false, reason: "budget_spent" });
    expect(model.doStreamCalls).toHaveLength(0);
  });
});
