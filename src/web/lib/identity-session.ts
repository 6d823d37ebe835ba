/**
 * Identity session (docs/product.md, 'Accounts').
 *
 * Keeps the signed-in user and a short-lived JWT for Bearer calls to our API, and keeps that JWT
 * fresh in the background. Framework-free: every outside effect is injected, and timers are read
 * from the globals at call time so `vi.useFakeTimers()` drives them in tests.
 */

/** Refresh the token this long before it expires. */
export const REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;
/** Treat the token as expired this long before its real expiry (clock skew, request time). */
export const EXPIRY_SKEW_MS = 30_000;
/** First retry delay after a failed refresh; it doubles on every further failure… */
export const RETRY_START_MS = 30_000;
/** …up to this cap. */
export const RETRY_MAX_MS = 16 * 60_000;
/** Network time-out of one token request. */
export const TIMEOUT_MS = 30_000;
/** Network time-out of one token request on mobile connections. */
export const TIMEOUT_MOBILE_MS = 60_000;
/** Never schedule refreshes closer than this, even for tokens that live under five minutes. */
const MIN_REFRESH_DELAY_MS = 5_000;

export interface IdentityUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** The token endpoint answered with a non-OK status. */
export class TokenRequestError extends Error {
  readonly status: number;
  constructor(status: number, message = `The token request failed with status ${String(status)}.`) {
    super(message);
    this.name = "TokenRequestError";
    this.status = status;
  }
}

/** The token request took longer than the network time-out. */
class TokenTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The token request timed out after ${String(timeoutMs / 1000)} s.`);
    this.name = "TokenTimeoutError";
  }
}

/** There is no signed-in user (never was, signed out, or the session ended). */
class SignedOutError extends Error {
  constructor() {
    super("You are signed out.");
    this.name = "SignedOutError";
  }
}

export interface IdentitySessionOptions {
  /** Fetches a new JWT. Must reject with TokenRequestError for non-OK answers and honour the signal. */
  fetchToken: (signal: AbortSignal) => Promise<string>;
  /** Called once when the server says the session ended or the user is disabled (401/403). */
  onSignedOut: () => void;
  /** Mobile connections get the longer network time-out. */
  isMobile?: boolean;
  /** Milliseconds since the epoch; defaults to Date.now. */
  now?: () => number;
}

/** Retry delay after the n-th consecutive failure (0-based): 30 s, 60 s, 120 s … capped at 16 min. */
export function retryDelayMs(failures: number): number {
  const exponent = Math.min(Math.max(failures, 0), 30);
  return Math.min(RETRY_START_MS * 2 ** exponent, RETRY_MAX_MS);
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the `exp` claim of a JWT (without verifying it) as milliseconds since the epoch. */
export function decodeJwtExpiry(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (typeof claims !== "object" || claims === null) return null;
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export class IdentitySession {
  readonly #fetchToken: IdentitySessionOptions["fetchToken"];
  readonly #onSignedOut: IdentitySessionOptions["onSignedOut"];
  readonly #now: () => number;
  readonly #timeoutMs: number;

  #user: IdentityUser | null = null;
  #token: string | null = null;
  #expiresAt = 0;
  #failures = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #inflight: Promise<string> | null = null;
  #controller: AbortController | null = null;
  /** Bumped by start/stop so answers to requests of an older session are ignored. */
  #generation = 0;

  constructor(options: IdentitySessionOptions) {
    this.#fetchToken = options.fetchToken;
    this.#onSignedOut = options.onSignedOut;
    this.#now = options.now ?? (() => Date.now());
    this.#timeoutMs = options.isMobile ? TIMEOUT_MOBILE_MS : TIMEOUT_MS;
  }

  get user(): IdentityUser | null {
    return this.#user;
  }

  /** The current token, possibly stale; use getToken() for requests. */
  get token(): string | null {
    return this.#token;
  }

  /** Expiry of the current token in ms since the epoch, 0 when there is none. */
  get expiresAt(): number {
    return this.#expiresAt;
  }

  get timeoutMs(): number {
    return this.#timeoutMs;
  }

  /**
   * Starts (or updates) the session for a signed-in user and fetches a token. A different user, or a
   * change of e-mail or verification state (claims inside the JWT), fetches a new token at once.
   */
  start(user: IdentityUser): Promise<void> {
    const current = this.#user;
    const sameUser = current?.id === user.id;
    const claimsChanged = !sameUser || current.email !== user.email || current.emailVerified !== user.emailVerified;
    if (!sameUser) this.#reset();
    this.#user = { ...user };
    if (!claimsChanged && (this.#token || this.#inflight)) return Promise.resolve();
    if (claimsChanged && sameUser) this.#abortInflight();
    return this.refresh().then(
      () => undefined,
      () => undefined,
    );
  }

  /** Forgets user and token and cancels every timer and request, without calling onSignedOut. */
  stop(): void {
    this.#reset();
  }

  /** True when there is no token or it expires within EXPIRY_SKEW_MS. */
  isExpired(): boolean {
    return this.#token === null || this.#now() >= this.#expiresAt - EXPIRY_SKEW_MS;
  }

  /**
   * A token that is valid for at least EXPIRY_SKEW_MS, refreshing first when needed. Resolves null when
   * signed out; rejects when the refresh fails for another reason (network, time-out, server error).
   */
  async getToken(): Promise<string | null> {
    if (!this.#user) return null;
    if (this.#token && !this.isExpired()) return this.#token;
    try {
      return await this.refresh();
    } catch (error) {
      if (error instanceof SignedOutError) return null;
      throw error;
    }
  }

  /** Fetches a new token now (joining a request already under way). */
  refresh(): Promise<string> {
    if (!this.#user) return Promise.reject(new SignedOutError());
    if (this.#inflight) return this.#inflight;
    this.#clearTimer();
    const request = this.#runRefresh(this.#generation);
    this.#inflight = request;
    const release = () => {
      if (this.#inflight === request) this.#inflight = null;
    };
    request.then(release, release);
    return request;
  }

  async #runRefresh(generation: number): Promise<string> {
    let token: string;
    try {
      token = await this.#fetchWithTimeout();
    } catch (error) {
      if (generation !== this.#generation) throw new SignedOutError();
      if (error instanceof TokenRequestError && (error.status === 401 || error.status === 403)) {
        this.#reset();
        this.#onSignedOut();
        throw new SignedOutError();
      }
      this.#scheduleRetry();
      throw error;
    }
    if (generation !== this.#generation) throw new SignedOutError();
    const expiresAt = decodeJwtExpiry(token);
    if (expiresAt === null) {
      this.#scheduleRetry();
      throw new Error("The server sent a sign-in token without an expiry.");
    }
    this.#token = token;
    this.#expiresAt = expiresAt;
    this.#failures = 0;
    const delay = Math.max(expiresAt - REFRESH_BEFORE_EXPIRY_MS - this.#now(), MIN_REFRESH_DELAY_MS);
    this.#schedule(delay);
    return token;
  }

  #fetchWithTimeout(): Promise<string> {
    const controller = new AbortController();
    this.#controller = controller;
    const timeoutMs = this.#timeoutMs;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        const error = new TokenTimeoutError(timeoutMs);
        controller.abort(error);
        reject(error);
      }, timeoutMs);
      const settle = () => {
        clearTimeout(timer);
        if (this.#controller === controller) this.#controller = null;
      };
      controller.signal.addEventListener("abort", () => {
        settle();
        reject(controller.signal.reason instanceof Error ? controller.signal.reason : new SignedOutError());
      });
      let pending: Promise<string>;
      try {
        pending = this.#fetchToken(controller.signal);
      } catch (error) {
        settle();
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      pending.then(
        (token) => {
          settle();
          resolve(token);
        },
        (error: unknown) => {
          settle();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  #scheduleRetry(): void {
    const delay = retryDelayMs(this.#failures);
    this.#failures += 1;
    this.#schedule(delay);
  }

  #schedule(delay: number): void {
    this.#clearTimer();
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.refresh().catch(() => undefined);
    }, delay);
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
  }

  #abortInflight(): void {
    this.#generation += 1;
    this.#controller?.abort(new SignedOutError());
    this.#controller = null;
    this.#inflight = null;
  }

  #reset(): void {
    this.#abortInflight();
    this.#clearTimer();
    this.#user = null;
    this.#token = null;
    this.#expiresAt = 0;
    this.#failures = 0;
  }
}

