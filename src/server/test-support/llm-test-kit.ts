import { Writable } from "node:stream";
import { pino } from "pino";
import type { BudgetKey } from "../adapters/llm/llm-usage.repository";
import type { TokenLedger } from "../adapters/llm/model-gateway";

/** A finished text answer in the shape the AI SDK's MockLanguageModelV3 `doGenerate` returns. */
export function modelAnswer(text: string, tokens = { input: 1200, output: 300 }) {
  return {
    content: [{ type: "text" as const, text }],
    finishReason: { unified: "stop" as const, raw: "stop" },
    usage: {
      inputTokens: { total: tokens.input, noCache: tokens.input, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: tokens.output, text: tokens.output, reasoning: undefined },
    },
    warnings: [],
  };
}

/** A pino logger (warn and up) whose lines the test reads. */
export function capturedLog() {
  const lines: Array<{ level: number; msg: string; err?: { message: string } }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string; err?: { message: string } });
      done();
    },
  });
  return { log: pino({ level: "warn" }, stream), lines };
}

/** LlmUsageRepository's budget rules in memory, for tests of a gateway's users without a database. */
export class MemoryTokenLedger implements TokenLedger {
  private readonly tokens = new Map<string, number>();

  used(key: BudgetKey, day: string): number {
    return this.tokens.get(`${JSON.stringify(key)} ${day}`) ?? 0;
  }

  async add(key: BudgetKey, day: string, tokens: number): Promise<number> {
    const total = this.used(key, day) + Math.max(0, Math.round(tokens));
    this.tokens.set(`${JSON.stringify(key)} ${day}`, total);
    return total;
  }

  async withinBudget(key: BudgetKey, day: string, budget: number): Promise<boolean> {
    return budget > 0 && this.used(key, day) < budget;
  }
}
