import { generateText, NoObjectGeneratedError, stepCountIs, streamText, type LanguageModel, type ModelMessage, type OutputInterface, type ToolSet } from "ai";
import type { Clock } from "../../clock";
import type { Logger } from "../../logger";
import { callWithTimeout, tokensOf, usageOfError } from "./llm-call";
import type { BudgetKey, LlmUsageRepository } from "./llm-usage.repository";

/**
 * The one way the product calls its language model (narration, the chat's LLM assistant, the gift
 * assistant). It owns what every use must do the same way: check the day's token budget of the
 * budget key before the call, bound the call by LLM_TIMEOUT_MS, record the tokens spent in the
 * database (also when the answer is then refused: they were paid for), and tell the caller when it
 * must answer with its rules instead. Callers keep their prompts, their checks and their log lines.
 */

/** The token account (LlmUsageRepository in the product). */
export type TokenLedger = Pick<LlmUsageRepository, "withinBudget" | "add">;

export interface ModelGatewayOptions {
  model: Exclude<LanguageModel, string>;
  /** LLM_MODEL, as reports ('llm:<name>') and logs name it. */
  name: string;
  /** LLM_TIMEOUT_MS: for a structured answer, and for each step of a stream. */
  timeoutMs: number;
  /** LLM_DAILY_TOKEN_BUDGET per budget key and UTC day; 0 = never call the model. */
  dailyTokenBudget: number;
  usage: TokenLedger;
  now: Clock;
  log: Pick<Logger, "warn">;
}

/**
 * Why the caller must answer with its rules: the key's tokens for today are spent, the ledger could
 * not be read, the model was too slow, its answer was refused (not the schema, or the caller's
 * check threw), or any other error (HTTP, network, provider).
 */
type FallbackReason = "budget_spent" | "budget_unknown" | "timed_out" | "rejected" | "failed";

export type ModelResult<T> =
  | { ok: true; value: T }
  | { ok: false; reason: "budget_spent" }
  | { ok: false; reason: Exclude<FallbackReason, "budget_spent">; error: unknown };

class ModelTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ModelTimeoutError";
  }
}

/** A one-shot call whose answer is structured output (see `structuredOutput` in llm-call.ts). */
export interface StructuredCall<T> {
  system: string;
  prompt: string;
  output: OutputInterface<T, unknown>;
  temperature: number;
}

/** A streamed answer with tools (the chat). */
export interface StreamCall {
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
  /** Model steps at most (each tool round-trip is one). */
  maxSteps: number;
  /** The caller's own cancel (a client that went away): the stream stops and it is not a failure. */
  abortSignal?: AbortSignal | undefined;
}

function reasonOf(error: unknown): "timed_out" | "rejected" | "failed" {
  if (error instanceof ModelTimeoutError || (error instanceof Error && error.name === "TimeoutError")) return "timed_out";
  if (NoObjectGeneratedError.isInstance(error)) return "rejected";
  return "failed";
}

export class ModelGateway {
  constructor(private readonly options: ModelGatewayOptions) {}

  /** LLM_MODEL as configured. */
  get name(): string {
    return this.options.name;
  }

  /**
   * One structured answer, passed to `accept` (the caller's merge and checks; what it throws is a
   * rejection). One attempt and a time-out that wins even over a provider ignoring the abort: the
   * rules answer now is worth more than a model's answer late.
   */
  async generate<T, R>(key: BudgetKey, call: StructuredCall<T>, accept: (output: T) => R): Promise<ModelResult<R>> {
    const day = this.today();
    const refused = await this.refusal(key, day);
    if (refused) return refused;
    const { model, timeoutMs } = this.options;
    let output: T;
    try {
      output = await callWithTimeout(
        (abortSignal) =>
          generateText({ model, system: call.system, prompt: call.prompt, output: call.output, temperature: call.temperature, maxRetries: 0, abortSignal }).then(
            async (result) => {
              await this.record(key, day, tokensOf(result.usage));
              return result.output as T;
            },
            async (error: unknown) => {
              await this.record(key, day, tokensOf(usageOfError(error)));
              throw error;
            },
          ),
        timeoutMs,
        () => new ModelTimeoutError(`the model did not answer within ${timeoutMs} ms`),
      );
    } catch (error) {
      return { ok: false, reason: reasonOf(error), error };
    }
    try {
      return { ok: true, value: accept(output) };
    } catch (error) {
      return { ok: false, reason: "rejected", error };
    }
  }

  /**
   * A streamed answer: text deltas go to `onText` as they come, tool calls run in between. Each step
   * is bounded by the time-out (the whole answer by three times it). A failure after some text has
   * streamed is still a failure: the caller decides what to do with the part already shown.
   */
  async stream(key: BudgetKey, call: StreamCall, onText: (text: string) => void): Promise<ModelResult<void>> {
    const day = this.today();
    const refused = await this.refusal(key, day);
    if (refused) return refused;
    const { model, timeoutMs } = this.options;
    let tokens = 0;
    try {
      const result = streamText({
        model,
        system: call.system,
        messages: call.messages,
        tools: call.tools,
        stopWhen: stepCountIs(call.maxSteps),
        // One retry: a stream that fails before its first token is retried once.
        maxRetries: 1,
        timeout: { stepMs: timeoutMs, totalMs: timeoutMs * 3 },
        ...(call.abortSignal && { abortSignal: call.abortSignal }),
        // Errors arrive as 'error' parts below; the default handler would print them.
        onError: () => undefined,
      });
      for await (const part of result.fullStream) {
        if (part.type === "text-delta" && part.text) {
          onText(part.text);
        } else if (part.type === "finish-step") {
          tokens += tokensOf(part.usage);
        } else if (part.type === "error") {
          throw part.error;
        } else if (part.type === "abort") {
          // The SDK ends a timed-out stream with an abort, like the caller's own cancel.
          if (call.abortSignal?.aborted) break;
          throw new ModelTimeoutError(part.reason ?? `the model did not answer within ${timeoutMs} ms`);
        }
      }
      return { ok: true, value: undefined };
    } catch (error) {
      return { ok: false, reason: reasonOf(error), error };
    } finally {
      await this.record(key, day, tokens);
    }
  }

  private today(): string {
    return this.options.now().toISOString().slice(0, 10);
  }

  /** A budget that is spent, zero or unreadable means no call. */
  private async refusal(key: BudgetKey, day: string): Promise<ModelResult<never> | null> {
    try {
      return (await this.options.usage.withinBudget(key, day, this.options.dailyTokenBudget)) ? null : { ok: false, reason: "budget_spent" };
    } catch (error) {
      return { ok: false, reason: "budget_unknown", error };
    }
  }

  /** A lost count must not turn a good answer into a failure: it is logged. */
  private async record(key: BudgetKey, day: string, tokens: number): Promise<void> {
    if (tokens <= 0) return;
    try {
      await this.options.usage.add(key, day, tokens);
    } catch (error) {
      this.options.log.warn({ err: error, ...("userId" in key ? { userId: key.userId } : { budget: key.shared }) }, "could not record LLM token usage");
    }
  }
}
