import { MarketDataUnavailableError } from "../../../core/market/market-data-provider";
import type { AppConfig, MarketProviderSetting } from "../../config";
import type { Database } from "../../db/database";
import { ProviderBudgetRepository, type Reservation } from "./provider-budget.repository";
import { retryAfterMs } from "./resilient-fetch";

/**
 * Upstream call budgets shared by every instance (decision 028): calls per second and per UTC day
 * counted in the database, and a provider's Retry-After kept there too, so N instances together
 * never send more than one may.
 */

/** Calls every instance together may send; null = no limit on that window. */
export interface ProviderLimits {
  perSecond: number | null;
  perDay: number | null;
}

type ConcreteProvider = Exclude<MarketProviderSetting, "auto">;

/**
 * The defaults when MARKET_CALLS_PER_SECOND / MARKET_CALLS_PER_DAY are not set. FMP's free plan
 * allows 250 calls a day; 5 a second (300 a minute, the Starter plan's rate) keeps a refresh from
 * bursting. Yahoo publishes no quota: no day limit, and 5 a second to stay a polite client. The
 * demo market calls nothing upstream, so it has no budget.
 */
const DEFAULT_PROVIDER_LIMITS: Record<ConcreteProvider, ProviderLimits | null> = {
  demo: null,
  yahoo: { perSecond: 5, perDay: null },
  fmp: { perSecond: 5, perDay: 250 },
};

/** The provider's limits: the configured ones where set, its defaults otherwise; null for the demo market. */
export function providerLimits(provider: ConcreteProvider, configured: AppConfig["market"]["budget"]): ProviderLimits | null {
  const defaults = DEFAULT_PROVIDER_LIMITS[provider];
  if (!defaults) return null;
  return { perSecond: configured.perSecond ?? defaults.perSecond, perDay: configured.perDay ?? defaults.perDay };
}

/**
 * The ticker suggestions' own share of a provider's day (MARKET_SEARCH_CALLS_PER_DAY): anonymous
 * visitors' look-ups spend it and nothing more, and analyses keep the rest of the day for
 * themselves (decision 035). Yahoo has no day limit; its look-ups are bounded all the same.
 */
const DEFAULT_SEARCH_CALLS_PER_DAY: Record<ConcreteProvider, number | null> = {
  demo: null,
  yahoo: 500,
  fmp: 25,
};

/**
 * Which share of the day a budget spends: `main` (analyses, the refresh, the chat) or `search` (the
 * ticker suggestions' look-ups). Both share the per-second rate; each has its own day counter.
 */
export type BudgetLane = "main" | "search";

/** The search lane's calls a day: the configured or default allowance, never more than half the day. */
function searchCallsPerDay(provider: ConcreteProvider, configured: AppConfig["market"]["budget"]): number | null {
  const total = providerLimits(provider, configured);
  if (!total) return null;
  const wanted = configured.searchPerDay ?? DEFAULT_SEARCH_CALLS_PER_DAY[provider];
  if (wanted === null) return null;
  return total.perDay === null ? wanted : Math.min(wanted, Math.floor(total.perDay / 2));
}

/**
 * A lane's limits: the search lane gets its allowance, the main lane the day minus that allowance
 * (so look-ups can never spend what analyses need); both get the provider's whole per-second rate.
 */
export function laneLimits(provider: ConcreteProvider, configured: AppConfig["market"]["budget"], lane: BudgetLane): ProviderLimits | null {
  const total = providerLimits(provider, configured);
  if (!total) return null;
  const search = searchCallsPerDay(provider, configured);
  if (lane === "search") return { perSecond: total.perSecond, perDay: search };
  return { perSecond: total.perSecond, perDay: total.perDay === null ? null : total.perDay - (search ?? 0) };
}

export type ProviderCallOutcome = "ok" | "error" | "rate_limited" | "budget_wait" | "budget_exhausted";

/**
 * What the budget tells the metrics (the composition connects it to /metrics). `onCall` once per
 * upstream attempt ("ok", "error", "rate_limited") and once per admission that had to wait
 * ("budget_wait") or was refused ("budget_exhausted"); `onBudgetLeft` after every reservation.
 */
export interface ProviderBudgetEvents {
  onCall?(provider: string, outcome: ProviderCallOutcome): void;
  onBudgetLeft?(provider: string, window: "second" | "day", left: number): void;
}

/** The day's calls are spent: no instance may call the provider before `resetsAt` (00:00 UTC). */
export class ProviderBudgetExhaustedError extends MarketDataUnavailableError {
  readonly code = "provider_budget_exhausted";
  constructor(
    sourceName: string,
    readonly limit: number,
    readonly resetsAt: Date,
  ) {
    super(sourceName, `the budget of ${limit} calls a day is used up; it resets at ${resetsAt.toISOString()} (00:00 UTC)`);
    this.name = "ProviderBudgetExhaustedError";
  }
}

/** The provider asked every instance to wait (Retry-After) for longer than a caller may wait. */
export class ProviderRateLimitedError extends MarketDataUnavailableError {
  readonly code = "provider_rate_limited";
  constructor(
    sourceName: string,
    readonly retryAt: Date,
    reason: string,
  ) {
    super(sourceName, `it asked Quanta to wait until ${retryAt.toISOString()} (${reason})`);
    this.name = "ProviderRateLimitedError";
  }
}

/** No per-second slot came free within the longest wait allowed (too many callers for the rate). */
class ProviderBudgetBusyError extends MarketDataUnavailableError {
  readonly code = "provider_budget_busy";
  constructor(sourceName: string, perSecond: number, waitedMs: number) {
    super(sourceName, `no call slot came free within ${Math.round(waitedMs / 1000)} s (${perSecond} calls a second across all instances)`);
    this.name = "ProviderBudgetBusyError";
  }
}

export interface ProviderBudgetLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface ProviderBudgetOptions {
  /** The id stored in the tables (`fmp`, `yahoo`). */
  provider: string;
  /** The name used in messages ('Financial Modeling Prep'). */
  sourceName: string;
  limits: ProviderLimits;
  /** Which day counter this budget spends; default `main`. */
  lane?: BudgetLane;
  repository: ProviderBudgetRepository;
  events?: ProviderBudgetEvents;
  log?: ProviderBudgetLog;
  /** The longest a caller waits for a slot or a block before a typed error; default 60 s. */
  maxWaitMs?: number;
  /** See ReservationRequest.guardMs; default 100 ms (no call leaves in a second's last 100 ms). */
  guardMs?: number;
  /** Expired windows are deleted at most this often per instance; default 60 s. */
  cleanupEveryMs?: number;
  /** Longest Retry-After stored; default 24 h. */
  maxBlockMs?: number;
  /** This process's clock, for the in-memory caches only (windows use the database's clock). */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const abortableSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

const DAY_MS = 86_400_000;

/** Resolves when `promise` settles, or rejects when the caller gives up first. */
function untilDone(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    void promise.then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
  });
}

/**
 * One provider's shared budget. `acquire` before every upstream attempt (retries included);
 * `observe` wraps the raw fetch to report outcomes and store a 429/503's Retry-After for every
 * instance. A block is remembered in memory until it ends (no database read per call while it
 * lasts); a block another instance wrote is seen at the next reservation, which reads
 * provider_blocks in the same statement.
 */
export class ProviderBudget {
  readonly provider: string;
  readonly sourceName: string;
  readonly limits: ProviderLimits;
  readonly lane: BudgetLane;
  private readonly repository: ProviderBudgetRepository;
  private readonly events: ProviderBudgetEvents;
  private readonly log: ProviderBudgetLog | undefined;
  private readonly maxWaitMs: number;
  private readonly guardMs: number;
  private readonly cleanupEveryMs: number;
  private readonly maxBlockMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Local clock: no call before this (a Retry-After, ours or read from the database). */
  private blockedUntil = 0;
  private blockReason = "";
  /** Local clock: the day's budget is spent until then. */
  private exhaustedUntil = 0;
  private exhaustedResetsAt = new Date(0);
  private lastCleanup = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(options: ProviderBudgetOptions) {
    this.provider = options.provider;
    this.sourceName = options.sourceName;
    this.limits = options.limits;
    this.lane = options.lane ?? "main";
    this.repository = options.repository;
    this.events = options.events ?? {};
    this.log = options.log;
    this.maxWaitMs = options.maxWaitMs ?? 60_000;
    this.guardMs = options.guardMs ?? 100;
    this.cleanupEveryMs = options.cleanupEveryMs ?? 60_000;
    this.maxBlockMs = options.maxBlockMs ?? DAY_MS;
    this.now = options.now ?? (() => Date.now());
    this.sleep = options.sleep ?? abortableSleep;
  }

  /**
   * Waits until one call may be sent and takes it from the budget. Throws
   * ProviderBudgetExhaustedError when the day is spent, ProviderRateLimitedError when a Retry-After
   * reaches beyond `maxWaitMs`, ProviderBudgetBusyError when no slot came free within it, and the
   * signal's reason when the caller gives up.
   */
  async acquire(signal?: AbortSignal): Promise<void> {
    const started = this.now();
    // One reservation at a time per instance: callers queue here, not in the database, so a
    // thousand waiting callers cost one statement per attempt, not a thousand.
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    try {
      await untilDone(previous, signal);
      await this.acquireInTurn(started, signal);
    } finally {
      release();
    }
  }

  private async acquireInTurn(started: number, signal: AbortSignal | undefined): Promise<void> {
    const deadline = started + this.maxWaitMs;
    let waited = false;
    for (;;) {
      signal?.throwIfAborted();
      const now = this.now();
      // A share of zero (MARKET_SEARCH_CALLS_PER_DAY=0): the reservation's insert would grant one.
      if (this.limits.perDay === 0) {
        this.emitCall("budget_exhausted");
        throw new ProviderBudgetExhaustedError(this.sourceName, 0, new Date(Math.floor(now / DAY_MS) * DAY_MS + DAY_MS));
      }
      if (now < this.exhaustedUntil) {
        this.emitCall("budget_exhausted");
        throw new ProviderBudgetExhaustedError(this.sourceName, this.limits.perDay ?? 0, this.exhaustedResetsAt);
      }
      if (now < this.blockedUntil) {
        if (this.blockedUntil > deadline) {
          this.emitCall("budget_exhausted");
          throw new ProviderRateLimitedError(this.sourceName, new Date(this.blockedUntil), this.blockReason);
        }
        waited = true;
        await this.sleep(this.blockedUntil - now, signal);
        continue;
      }
      const reservation = await this.reserve();
      const local = this.now();
      if (reservation.outcome === "granted") {
        this.emitLeft(reservation);
        this.cleanUpNowAndThen(local);
        // Sent at its place in the second; a slot whose second has passed meanwhile (a stalled
        // event loop) is left unused rather than sent into the next second.
        const pace = this.sendAt(reservation) - local;
        if (pace > 0) await this.sleep(pace, signal);
        if (this.now() > this.sendableUntil(reservation)) {
          if (this.limits.perDay !== null) await this.repository.releaseDay(this.provider, reservation.second, this.lane);
          waited = true;
          continue;
        }
        if (waited) this.emitCall("budget_wait");
        return;
      }
      const wait = this.refused(reservation, local);
      if (wait === 0) continue;
      // The second is full: try again when the next one opens (its guard band starts earlier).
      if (local + wait > deadline) {
        this.emitCall("budget_exhausted");
        throw new ProviderBudgetBusyError(this.sourceName, this.limits.perSecond ?? 0, local - started);
      }
      waited = true;
      await this.sleep(wait, signal);
    }
  }

  private reserve(): Promise<Reservation> {
    return this.repository.reserve({
      provider: this.provider,
      perSecond: this.limits.perSecond,
      perDay: this.limits.perDay,
      lane: this.lane,
      guardMs: this.guardMs,
    });
  }

  /**
   * Wraps the raw fetch (under the retries, so every attempt is seen): reports each outcome and,
   * when the provider answers 429 or 503 with Retry-After, blocks it for every instance.
   */
  observe(inner: typeof fetch): typeof fetch {
    const observed = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      let response: Response;
      try {
        response = await inner(input, init);
      } catch (error) {
        this.emitCall("error");
        throw error;
      }
      const status = response.status;
      this.emitCall(status === 429 ? "rate_limited" : status < 400 || status === 404 ? "ok" : "error");
      if (status === 429 || status === 503) {
        const ms = retryAfterMs(response.headers.get("retry-after"), Date.now());
        if (ms !== null && ms > 0) await this.block(Math.min(ms, this.maxBlockMs), `HTTP ${status} with Retry-After`);
      }
      return response;
    };
    return observed as typeof fetch;
  }

  /** Blocks the provider for every instance for `ms` (a failure to store it is logged, not thrown). */
  async block(ms: number, reason: string): Promise<void> {
    const until = this.now() + ms;
    if (until > this.blockedUntil) {
      this.blockedUntil = until;
      this.blockReason = reason;
    }
    try {
      await this.repository.block(this.provider, ms, reason);
    } catch (error) {
      this.log?.warn({ provider: this.provider, error: error instanceof Error ? error.message : String(error) }, "provider budget: the Retry-After block could not be stored");
    }
  }

  /** How long to wait before trying again (0: the block or the spent day, now remembered, decides). */
  private refused(reservation: Exclude<Reservation, { outcome: "granted" }>, local: number): number {
    switch (reservation.outcome) {
      case "blocked":
        this.blockedUntil = Math.max(this.blockedUntil, local + (reservation.blockedUntilMs - reservation.nowMs));
        this.blockReason = reservation.reason;
        return 0;
      case "second_full":
        this.events.onBudgetLeft?.(this.provider, "second", 0);
        return Math.max(1, (reservation.second + 1) * 1000 - this.guardMs - reservation.nowMs);
      case "day_full": {
        const resetsAtMs = Math.floor((reservation.second * 1000) / DAY_MS) * DAY_MS + DAY_MS;
        this.exhaustedResetsAt = new Date(resetsAtMs);
        this.exhaustedUntil = local + (resetsAtMs - reservation.nowMs);
        if (this.lane === "main") this.events.onBudgetLeft?.(this.provider, "day", 0);
        return 0;
      }
    }
  }

  /**
   * When the call leaves (epoch ms): the k-th call of a second is sent (k − 1)/limit into it, so a
   * second's calls are spread over it instead of leaving in one burst, and a call reserved in the
   * guard band before a second waits for it. Windows are counted on the database's clock; pacing
   * uses this process's, taken to be NTP-synchronised with it (a skew shifts the pacing by as much).
   */
  private sendAt(reservation: Extract<Reservation, { outcome: "granted" }>): number {
    const spacing = this.limits.perSecond === null ? 0 : ((reservation.secondCalls - 1) * 1000) / this.limits.perSecond;
    return reservation.second * 1000 + spacing;
  }

  /** The last moment (database clock) a call of this second may leave: the guard band is kept free. */
  private sendableUntil(reservation: Extract<Reservation, { outcome: "granted" }>): number {
    return (reservation.second + 1) * 1000 - this.guardMs;
  }

  private emitLeft(reservation: Extract<Reservation, { outcome: "granted" }>): void {
    if (!this.events.onBudgetLeft) return;
    if (this.limits.perSecond !== null) this.events.onBudgetLeft(this.provider, "second", Math.max(0, this.limits.perSecond - reservation.secondCalls));
    // The day gauge is the analyses' share; the look-ups' share is not a budget operators watch.
    if (this.limits.perDay !== null && this.lane === "main") this.events.onBudgetLeft(this.provider, "day", Math.max(0, this.limits.perDay - reservation.dayCalls));
  }

  private emitCall(outcome: ProviderCallOutcome): void {
    this.events.onCall?.(this.provider, outcome);
  }

  /** Deletes expired windows at most once per `cleanupEveryMs` per instance, in the background. */
  private cleanUpNowAndThen(local: number): void {
    if (local - this.lastCleanup < this.cleanupEveryMs) return;
    this.lastCleanup = local;
    this.repository.deleteExpired(this.provider).catch((error: unknown) => {
      this.log?.warn({ provider: this.provider, error: error instanceof Error ? error.message : String(error) }, "provider budget: expired windows could not be deleted");
    });
  }
}

/**
 * A fetch that takes a slot from the budget before each request and reports what came back. For
 * callers without the resilient fetch; with it, pass `acquire` as its `admit` and wrap the raw fetch
 * with `observe` instead (market-registry.ts), so the wait is not part of the request's time-out.
 */
export function createBudgetedFetch(budget: ProviderBudget, inner: typeof fetch): typeof fetch {
  const observed = budget.observe(inner);
  const budgeted = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    await budget.acquire(init?.signal ?? undefined);
    return observed(input, init);
  };
  return budgeted as typeof fetch;
}

/** What the composition passes to createMarketDataProvider to count calls in the database. */
export interface SharedBudgetOptions {
  /** The application's database (services' `database.db`). */
  database: Database;
  events?: ProviderBudgetEvents;
  log?: ProviderBudgetLog;
  /** Overrides for tests (waits, clocks). */
  tuning?: Pick<ProviderBudgetOptions, "maxWaitMs" | "guardMs" | "cleanupEveryMs" | "now" | "sleep">;
}

/** The shared budget of `provider`'s `lane` with the configured limits; null for the demo market. */
export function createProviderBudget(
  provider: ConcreteProvider,
  sourceName: string,
  configured: AppConfig["market"]["budget"],
  options: SharedBudgetOptions,
  lane: BudgetLane = "main",
): ProviderBudget | null {
  const limits = laneLimits(provider, configured, lane);
  if (!limits) return null;
  return new ProviderBudget({
    provider,
    sourceName,
    limits,
    lane,
    repository: new ProviderBudgetRepository(options.database),
    ...(options.events && { events: options.events }),
    ...(options.log && { log: options.log }),
    ...options.tuning,
  });
}
