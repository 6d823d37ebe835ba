import { jsonSchema, Output } from "ai";
import { z } from "zod";

/** What an AI SDK usage object says was spent. */
export interface TokenUsage {
  totalTokens?: number | undefined;
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
}

/** Tokens of a call: the total, else input + output; 0 when the provider said nothing. */
export function tokensOf(usage: TokenUsage | undefined): number {
  if (!usage) return 0;
  return usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
}

/** The usage an AI SDK error carries (an answer that failed validation was still paid for). */
export function usageOfError(error: unknown): TokenUsage | undefined {
  return (error as { usage?: TokenUsage } | null)?.usage;
}

/**
 * Runs one model call with a time-out: past `timeoutMs` the call is aborted and `timedOut()` is
 * thrown, even if the provider ignores the abort, so a slow model never holds a request.
 */
export async function callWithTimeout<T>(start: (signal: AbortSignal) => Promise<T>, timeoutMs: number, timedOut: () => Error): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = timedOut();
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  const call = start(controller.signal);
  try {
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
    // A late answer must not reject unobserved after the time-out won.
    call.catch(() => undefined);
  }
}

/** Validation keywords some providers' strict structured outputs refuse; the zod schema checks them on the answer. */
const CONSTRAINT_KEYWORDS = new Set(["$schema", "minLength", "maxLength", "minItems", "maxItems"]);

function shapeOnly(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(shapeOnly);
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !CONSTRAINT_KEYWORDS.has(key)).map(([key, value]) => [key, shapeOnly(value)]));
}

/**
 * A structured output for `generateText`: the model is given the JSON shape of `schema`, and its
 * answer is validated with the zod schema itself (lengths and counts included).
 */
export function structuredOutput<T>(name: string, description: string, schema: z.ZodType<T>) {
  return Output.object({
    name,
    description,
    schema: jsonSchema<T>(shapeOnly(z.toJSONSchema(schema, { target: "draft-7", io: "output" })) as Parameters<typeof jsonSchema>[0], {
      validate: (value) => {
        const parsed = schema.safeParse(value);
        return parsed.success ? { success: true, value: parsed.data } : { success: false, error: parsed.error };
      },
    }),
  });
}
