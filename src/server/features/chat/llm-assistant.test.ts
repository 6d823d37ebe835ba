import { MockLanguageModelV3, simulateReadableStream } from "ai/test";
import { describe, expect, it } from "vitest";
import { FakeTools, REPORTS, USER, citation, recorder } from "./chat-test-fixtures";
import type { BudgetKey } from "../../adapters/llm/llm-usage.repository";
import { ModelGateway, type TokenLedger } from "../../adapters/llm/model-gateway";
import { LlmAssistant } from "./llm-assistant";
import { RulesAssistant } from "./rules-assistant";

/** A part of a model's stream (the provider spec's type, taken from the mock so no extra package is imported). */
type LanguageModelV3StreamPart = Awaited<ReturnType<MockLanguageModelV3["doStream"]>>["stream"] extends ReadableStream<infer Part> ? Part : never;

const usage = (input: number, output: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
});

function toolCallStep(toolName: string, input: object): LanguageModelV3StreamPart[] {
  return [
    { type: "stream-start", warnings: [] },
    { type: "tool-call", toolCallId: "call-1", toolName, input: JSON.stringify(input) },
    { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage: usage(100, 20) },
  ];
}

function textStep(pieces: string[]): LanguageModelV3StreamPart[] {
  return [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t1" },
    ...pieces.map((delta): LanguageModelV3StreamPart => ({ type: "text-delta", id: "t1", delta })),
    { type: "text-end", id: "t1" },
    { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage: usage(300, 40) },
  ];
}

function scriptedModel(steps: LanguageModelV3StreamPart[][]) {
  let call = 0;
  return new MockLanguageModelV3({
    doStream: async () => ({ stream: simulateReadableStream({ chunks: steps[call++] ?? textStep(["(no more steps)"]), chunkDelayInMs: 1 }) }),
  });
}

class MemoryBudget implements TokenLedger {
  used = 0;
  constructor(private readonly budget: number) {}
  async withinBudget(_key: BudgetKey, _day: string, budget: number) {
    return budget > 0 && this.used < Math.min(budget, this.budget);
  }
  async add(_key: BudgetKey, _day: string, tokens: number) {
    this.used += tokens;
    return this.used;
  }
}

function setup(model: MockLanguageModelV3, budget = new MemoryBudget(10_000), timeoutMs = 5_000) {
  const tools = new FakeTools();
  const warnings: string[] = [];
  const now = () => new Date("2026-11-22T10:00:00Z");
  const log = { warn: (_details: object, message: string) => warnings.push(message) };
  const gateway = new ModelGateway({ model, name: "test-model", usage: budget, dailyTokenBudget: 10_000, timeoutMs, now, log });
  const assistant = new LlmAssistant({ gateway, tools, fallback: new RulesAssistant({ tools, chunkDelayMs: 0 }), now, log });
  return { assistant, tools, budget, warnings };
}

describe("LlmAssistant", () => {
  it("calls a tool, streams the model's text as deltas, cites the analysis and records the tokens", async () => {
    const model = scriptedModel([toolCallStep("latest_analysis", { ticker: "nwsc" }), textStep(["NWSC is a ", "WATCH: wait ", "for the breakout."])]);
    const { assistant, budget } = setup(model);
    const out = recorder();
    const answer = await assistant.answer({ user: USER, message: "Should I buy NWSC?", history: [] }, out);

    expect(out.tools).toEqual([{ name: "latest_analysis", label: "Looking up NWSC…" }]);
    expect(out.deltas.slice(0, 3)).toEqual(["NWSC is a ", "WATCH: wait ", "for the breakout."]);
    expect(out.text()).toBe(answer.content);
    expect(answer.content).toBe(`NWSC is a WATCH: wait for the breakout.\n\n**Sources:** NWSC · as of ${REPORTS.NWSC!.meta.as_of} (your history)`);
    expect(answer.citations).toEqual([citation("NWSC", "history")]);
    expect(budget.used).toBe(460);

    // The tool's result went back to the model with the figures as the app formats them.
    const secondCall = JSON.stringify(model.doStreamCalls[1]!.prompt);
    expect(secondCall).toContain(`"buy_point":"${(REPORTS.NWSC!.stock_summary.trade_setup.buy_point as number).toFixed(2)}"`);
    expect(JSON.stringify(model.doStreamCalls[0]!.prompt)).toContain("Should I buy NWSC?");
  });

  it("gives the model the track record's key figures, formatted, with the simulated label and the 30-trade rule", async () => {
    const model = scriptedModel([toolCallStep("track_record", {}), textStep(["BUY calls: 41 trades, +0.40R on average (simulated)."])]);
    const { assistant } = setup(model);
    const out = recorder();
    const answer = await assistant.answer({ user: USER, message: "How good are your calls?", history: [] }, out);
    expect(out.tools).toEqual([{ name: "track_record", label: "Reading the track record…" }]);
    expect(answer.content).toBe("BUY calls: 41 trades, +0.40R on average (simulated).");
    expect(answer.citations).toEqual([]);
    const system = JSON.stringify(model.doStreamCalls[0]!.prompt[0]);
    expect(system).toContain("call track_record");
    expect(system).toContain("Past results do not guarantee future results.");
    // The tool's result as the model received it.
    const toolMessage = model.doStreamCalls[1]!.prompt.find((m) => m.role === "tool");
    const part = toolMessage?.role === "tool" ? toolMessage.content[0] : undefined;
    const output = part?.type === "tool-result" && part.output.type === "json" ? (part.output.value as Record<string, unknown>) : null;
    expect(output).toMatchObject({
      simulated: true,
      engine_versions: ["2.0.0", "2.1.0"],
      minimum_trades_to_judge: 30,
      actions: { BUY: { calls: 1200, setups: 140, still_open: 30, hit_rate_63_sessions: "54.1%", median_excess_return: { d63: "+1.2%" } } },
      buy_trades: { trades: 41, win_rate: "53.7%", average_r: "+0.40R", average_r_95_interval: "+0.05R to +0.75R", too_few_trades_to_judge: false },
      buy_trades_by_base: { "Flat base": { trades: 12, average_r: "+0.20R", too_few_trades_to_judge: true } },
      notice: "Past results do not guarantee future results.",
      page: "/track-record",
    });
    expect((output?.historical_simulations as string[])[0]).toContain("so BUY did not beat trades on random dates");
  });

  it("passes a tool's daily-limit error to the model to tell the user", async () => {
    const model = scriptedModel([toolCallStep("run_analysis", { query: "NWSC" }), textStep(["You have used today's free analyses."])]);
    const { assistant, tools } = setup(model);
    tools.limitReached = true;
    const answer = await assistant.answer({ user: USER, message: "Analyse NWSC", history: [] }, recorder());
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).toContain("daily_limit");
    expect(answer.content).toBe("You have used today's free analyses.");
    expect(answer.citations).toEqual([]);
  });

  it("falls back to the rules assistant when the model fails", async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => {
        throw new Error("connection refused");
      },
    });
    const { assistant, warnings } = setup(model);
    const out = recorder();
    const answer = await assistant.answer({ user: USER, message: "Should I buy NWSC?", history: [] }, out);
    expect(answer.content).toContain("**NWSC · Northwind Semiconductor");
    expect(answer.citations).toEqual([citation("NWSC", "history")]);
    expect(out.text()).toBe(answer.content);
    expect(warnings).toEqual(["chat model failed; the rules assistant answers"]);
  });

  it("hands over to the rules assistant, after a rule, when the model stalls in the middle of its answer", async () => {
    const model = new MockLanguageModelV3({
      doStream: async ({ abortSignal }) => ({
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            for (const part of textStep(["NWSC is a "]).slice(0, 3)) controller.enqueue(part);
            abortSignal?.addEventListener("abort", () => controller.error(abortSignal.reason));
          },
        }),
      }),
    });
    const { assistant, warnings } = setup(model, undefined, 50);
    const out = recorder();
    const answer = await assistant.answer({ user: USER, message: "Should I buy NWSC?", history: [] }, out);
    expect(answer.content).toMatch(/^NWSC is a \n\n---\n\n\*\*NWSC · Northwind Semiconductor/);
    expect(answer.citations).toEqual([citation("NWSC", "history")]);
    expect(out.text()).toBe(answer.content);
    expect(warnings).toEqual(["chat model failed; the rules assistant answers"]);
  });

  it("falls back to the rules assistant, without calling the model, when the day's tokens are spent", async () => {
    const model = scriptedModel([textStep(["never"])]);
    const budget = new MemoryBudget(100);
    budget.used = 100;
    const { assistant } = setup(model, budget);
    const answer = await assistant.answer({ user: USER, message: "What is the market doing?", history: [] }, recorder());
    expect(model.doStreamCalls).toHaveLength(0);
    expect(answer.content).toContain("Confirmed uptrend");
  });

  it("sends the conversation's earlier messages to the model", async () => {
    const model = scriptedModel([textStep(["Its stop is below the base."])]);
    const { assistant } = setup(model);
    await assistant.answer(
      {
        user: USER,
        message: "And its stop?",
        history: [
          { role: "user", content: "Should I buy NWSC?", citations: [] },
          { role: "assistant", content: "NWSC is a WATCH.", citations: [] },
        ],
      },
      recorder(),
    );
    const prompt = model.doStreamCalls[0]!.prompt;
    expect(prompt.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
  });
});
