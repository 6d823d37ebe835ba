import { Writable } from "node:stream";
import { pino } from "pino";

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
