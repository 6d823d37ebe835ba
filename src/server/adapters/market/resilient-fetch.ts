/**
 * The HTTP layer every market-data adapter fetches through: a time-out per attempt, retries with
 * jittered exponential backoff on 429 and 5xx (honouring Retry-After), and a circuit breaker per
 * provider, so a failing upstream is left alone for a while instead of being hammered.
 */

export interface ResilienceOptions {
  /** Extra attempts after the first (429, 5xx, network error or time-out). */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  timeoutMs: number;
  /** Consecutive failed calls that open the breaker, and how long it stays open. */
  failureThreshold: number;
  cooldownMs: number;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  random: () => number;
  /**
   * Waits for permission to send one attempt (the shared call budget, provider-budget.ts), before
   * the attempt's time-out starts. What it throws reaches the caller as it is: not retried, and not
   * counted as a failure of the provider.
   */
  admit?: (signal: AbortSignal | undefined) => Promise<void>;
}

const DEFAULT_RESILIENCE: ResilienceOptions = {
  retries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  timeoutMs: 10_000,
  failureThreshold: 5,
  cooldownMs: 30_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
  random: Math.random,
};

type BreakerState = "closed" | "open" | "half-open";

export class CircuitOpenError extends Error {
  constructor(
    readonly provider: string,
    readonly retryAt: number,
  ) {
    super(`${provider} is failing; Quanta will try it again after ${new Date(retryAt).toISOString()}.`);
    this.name = "CircuitOpenError";
  }
}

export class UpstreamTimeoutError extends Error {
  constructor(readonly provider: string, readonly timeoutMs: number) {
    super(`${provider} did not answer within ${timeoutMs / 1000} s.`);
    this.name = "UpstreamTimeoutError";
  }
}

const retryable = (status: number) => status === 429 || status >= 500;

/** An attempt the admission (the call budget) refused; unwrapped before it reaches the caller. */
class AdmissionRefused {
  constructor(readonly reason: unknown) {}
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; null when absent or bad. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export interface ResilientFetch {
  (input: string | URL | Request, init?: RequestInit): Promise<Response>;
  breakerState(): BreakerState;
}

export function createResilientFetch(
  provider: string,
  inner: typeof fetch,
  overrides: Partial<ResilienceOptions> = {},
): ResilientFetch {
  const options = { ...DEFAULT_RESILIENCE, ...overrides };
  let failures = 0;
  let openUntil = 0;
  let trialInFlight = false;

  const state = (): BreakerState => {
    if (failures < options.failureThreshold) return "closed";
    return options.now() < openUntil ? "open" : "half-open";
  };

  const recordFailure = () => {
    failures++;
    if (failures >= options.failureThreshold) openUntil = options.now() + options.cooldownMs;
  };

  const backoff = (attempt: number) => options.random() * Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);

  const attempt = async (input: string | URL | Request, init: RequestInit | undefined): Promise<Response> => {
    if (options.admit) {
      try {
        await options.admit(init?.signal ?? undefined);
      } catch (error) {
        throw new AdmissionRefused(error);
      }
    }
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    try {
      return await inner(input, { ...init, signal });
    } catch (error) {
      if (timeout.aborted && !init?.signal?.aborted) throw new UpstreamTimeoutError(provider, options.timeoutMs);
      throw error;
    }
  };

  const resilient = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const current = state();
    if (current === "open" || (current === "half-open" && trialInFlight)) throw new CircuitOpenError(provider, openUntil);
    const trial = current === "half-open";
    if (trial) trialInFlight = true;
    try {
      let lastError: unknown;
      for (let tryNumber = 0; tryNumber <= options.retries; tryNumber++) {
        try {
          const response = await attempt(input, init);
          if (!retryable(response.status)) {
            failures = 0;
            return response;
          }
          if (tryNumber === options.retries) {
            recordFailure();
            return response;
          }
          const wait = retryAfterMs(response.headers.get("retry-after"), options.now());
          await response.body?.cancel();
          await options.sleep(Math.min(options.maxDelayMs, wait ?? backoff(tryNumber)));
        } catch (error) {
          if (error instanceof AdmissionRefused) throw error.reason;
          if (init?.signal?.aborted) throw error;
          lastError = error;
          if (tryNumber === options.retries) break;
          await options.sleep(backoff(tryNumber));
        }
      }
      recordFailure();
      throw lastError;
    } finally {
      if (trial) trialInFlight = false;
    }
  };

  return Object.assign(resilient, { breakerState: state });
}
