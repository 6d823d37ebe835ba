import { AppError } from "../app-error";
import type { Clock } from "../clock";
import type { RateLimitRepository } from "./rate-limit.repository";

/** One limit: at most `max` requests per key in a window of `windowMs` (opened by the key's first request). */
export interface RateLimitRule {
  /** Names the limit in the table ('symbol_search'); keys of different scopes never share a window. */
  scope: string;
  max: number;
  windowMs: number;
  /** The sentence a refused client reads (code `rate_limited`). */
  message: string;
}

export interface SharedRateLimiterOptions {
  repository: RateLimitRepository;
  now: Clock;
  /** Ended windows are deleted at most this often per instance, when a window opens; default 60 s. */
  purgeEveryMs?: number;
  log?: { warn(fields: Record<string, unknown>, message: string): void };
}

/**
 * Request limits counted in the database, so every instance shares them (one process cannot hand
 * out its own allowance). Fixed windows per key; ended windows are purged as new ones open, so the
 * table holds recent clients only.
 */
export class SharedRateLimiter {
  private readonly purgeEveryMs: number;
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: SharedRateLimiterOptions) {
    this.purgeEveryMs = options.purgeEveryMs ?? 60_000;
  }

  /** Counts one request of `key`; throws a 429 `rate_limited` AppError when it is over the rule's limit. */
  async take(rule: RateLimitRule, key: string): Promise<void> {
    const at = this.options.now();
    const counted = await this.options.repository.hit(rule.scope, key, at, rule.windowMs);
    if (counted.hits === 1) await this.purgeNowAndThen(at);
    if (counted.hits > rule.max) throw new AppError(429, "rate_limited", rule.message);
  }

  /** A limit bound to one rule, what a feature is given. */
  limit(rule: RateLimitRule): RateLimit {
    return { take: (key) => this.take(rule, key) };
  }

  private async purgeNowAndThen(at: Date): Promise<void> {
    if (at.getTime() - this.lastPurge < this.purgeEveryMs) return;
    this.lastPurge = at.getTime();
    try {
      await this.options.repository.deleteEnded(at);
    } catch (error) {
      this.options.log?.warn({ error: error instanceof Error ? error.message : String(error) }, "rate limits: ended windows could not be deleted");
    }
  }
}

/** One shared limit: `take` counts a request of `key` and throws a 429 `rate_limited` AppError past the limit. */
export interface RateLimit {
  take(key: string): Promise<void>;
}
