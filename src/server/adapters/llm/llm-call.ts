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
