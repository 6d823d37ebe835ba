import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  EXPIRY_SKEW_MS,
  IdentitySession,
  REFRESH_BEFORE_EXPIRY_MS,
  RETRY_MAX_MS,
  RETRY_START_MS,
  TIMEOUT_MOBILE_MS,
  TIMEOUT_MS,
  TokenRequestError,
  decodeJwtExpiry,
  retryDelayMs,
} from "./identity-session";

const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);
const TOKEN_LIFETIME_MS = 15 * 60_000;
const USER = { id: "u1", email: "ada@example.com", emailVerified: true };

type FetchToken = (signal: AbortSignal) => Promise<string>;

function base64url(value: string): string {
  return btoa(value).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function makeJwt(expMs: number, extra: Record<string, unknown> = {}): string {
  const header = base64url(JSON.stringify({ alg: "EdDSA", typ: "JWT" }));
  const payload = base64url(JSON.stringify({ sub: "u1", exp: Math.floor(expMs / 1000), ...extra }));
  return `${header}.${payload}.signature`;
}

/** A token endpoint that always answers with a token valid for 15 minutes from "now". */
function freshTokens() {
  return vi.fn<FetchToken>(() => Promise.resolve(makeJwt(Date.now() + TOKEN_LIFETIME_MS)));
}

/** A token endpoint that never answers on its own, only rejects when aborted. */
function hangingFetch() {
  const signals: AbortSignal[] = [];
  const fn = vi.fn<FetchToken>(
    (signal) =>
      new Promise<string>((_resolve, reject) => {
        signals.push(signal);
        signal.addEventListener("abort", () => {
          reject(new DOMException("Aborted", "AbortError"));
        });
      }),
  );
  return { fn, signals };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("constants", () => {
  it("match docs/product.md", () => {
    expect(REFRESH_BEFORE_EXPIRY_MS).toBe(5 * 60_000);
    expect(EXPIRY_SKEW_MS).toBe(30_000);
    expect(RETRY_START_MS).toBe(30_000);
    expect(RETRY_MAX_MS).toBe(16 * 60_000);
    expect(TIMEOUT_MS).toBe(30_000);
    expect(TIMEOUT_MOBILE_MS).toBe(60_000);
  });
});

describe("decodeJwtExpiry", () => {
  it("reads exp from a base64url payload as milliseconds", () => {
    // The e-mail makes the payload contain characters that differ between base64 and base64url.
    const token = makeJwt(T0 + 60_000, { email: "a~~~?>>>@example.com", name: "Zoë" });
    expect(decodeJwtExpiry(token)).toBe(Math.floor((T0 + 60_000) / 1000) * 1000);
  });

  it("returns null for malformed tokens", () => {
    expect(decodeJwtExpiry("not-a-jwt")).toBeNull();
    expect(decodeJwtExpiry("a.%%%.c")).toBeNull();
    expect(decodeJwtExpiry(`a.${base64url(JSON.stringify({ sub: "x" }))}.c`)).toBeNull();
  });
});

describe("IdentitySession", () => {
  it("keeps the user and the token after start", async () => {
    const fetchToken = freshTokens();
    const session = new IdentitySession({ fetchToken, onSignedOut: vi.fn() });
    expect(await session.getToken()).toBeNull();
    await session.start(USER);
    expect(session.user).toEqual(USER);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    expect(await session.getToken()).toBe(session.token);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    session.stop();
  });

  it("refreshes 5 minutes before expiry and not before", async () => {
    const fetchToken = freshTokens();
    const session = new IdentitySession({ fetchToken, onSignedOut: vi.fn() });
    await session.start(USER);
    const expiresAt = session.expiresAt;
    const refreshAt = expiresAt - REFRESH_BEFORE_EXPIRY_MS;

    await vi.advanceTimersByTimeAsync(refreshAt - Date.now() - 1);
    expect(fetchToken).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(Date.now()).toBe(refreshAt);
    expect(session.expiresAt).toBeGreaterThan(expiresAt);
    session.stop();
  });

  it("treats the token as expired from 30 s before expiry", async () => {
    const token = makeJwt(T0 + TOKEN_LIFETIME_MS);
    // The server keeps answering 503 after the first token, so the first token stays in place.
    const fetchToken = vi
      .fn<FetchToken>()
      .mockResolvedValueOnce(token)
      .mockRejectedValue(new TokenRequestError(503));
    const session = new IdentitySession({ fetchToken, onSignedOut: vi.fn() });
    await session.start(USER);
    expect(session.isExpired()).toBe(false);

    const expiresAt = session.expiresAt;
    await vi.advanceTimersByTimeAsync(expiresAt - EXPIRY_SKEW_MS - Date.now() - 1);
    expect(session.token).toBe(token);
    expect(session.isExpired()).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(session.isExpired()).toBe(true);
    session.stop();
  });

  it("getToken refreshes first when the token is expired", async () => {
    let calls = 0;
    const fetchToken = vi.fn<FetchToken>(() => {
      calls += 1;
      // The first token is already inside the 30 s skew window.
      const exp = calls === 1 ? Date.now() + EXPIRY_SKEW_MS - 1000 : Date.now() + TOKEN_LIFETIME_MS;
      return Promise.resolve(makeJwt(exp));
    });
    const session = new IdentitySession({ fetchToken, onSignedOut: vi.fn() });
    await session.start(USER);
    const first = session.token;
    expect(session.isExpired()).toBe(true);

    const token = await session.getToken();
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(token).not.toBe(first);
    expect(session.isExpired()).toBe(false);
    session.stop();
  });

  it("retries failed refreshes after 30 s, 60 s, 120 s … doubling up to 16 minutes", async () => {
    const fetchToken = vi.fn<FetchToken>(() => Promise.reject(new TokenRequestError(503)));
    const session = new IdentitySession({ fetchToken, onSignedOut: vi.fn() });
    await session.start(USER);
    expect(fetchToken).toHaveBeenCalledTimes(1);

    const expected = [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000];
    for (const [index, delay] of expected.entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(fetchToken).toHaveBeenCalledTimes(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchToken).toHaveBeenCalledTimes(index + 2);
    }
    expect(expected.at(-1)).toBe(RETRY_MAX_MS);
    session.stop();
  });

  it("retries after network errors and resets the backoff after a success", async () => {
    const fetchToken = vi
      .fn<FetchToken>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockImplementation(() => Promise.resolve(makeJwt(Date.now() + TOKEN_LIFETIME_MS)));
    const session = new IdentitySession({ fetchToken, onSignedOut: vi.fn() });
    await session.start(USER);
    await vi.advanceTimersByTimeAsync(RETRY_START_MS);
    await vi.advanceTimersByTimeAsync(RETRY_START_MS * 2);
    expect(fetchToken).toHaveBeenCalledTimes(3);
    expect(session.isExpired()).toBe(false);

    // After a success the next refresh is the regular one, 5 minutes before expiry.
    await vi.advanceTimersByTimeAsync(TOKEN_LIFETIME_MS - REFRESH_BEFORE_EXPIRY_MS);
    expect(fetchToken).toHaveBeenCalledTimes(4);
    session.stop();
  });

  it("retryDelayMs follows the same sequence", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000,
    ]);
  });

  it("aborts a token request after 30 s and retries", async () => {
    const { fn, signals } = hangingFetch();
    const session = new IdentitySession({ fetchToken: fn, onSignedOut: vi.fn() });
    void session.start(USER);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]?.aborted).toBe(true);

    await vi.advanceTimersByTimeAsync(RETRY_START_MS);
    expect(fn).toHaveBeenCalledTimes(2);
    session.stop();
  });

  it("uses a 60 s time-out on mobile", async () => {
    const { fn, signals } = hangingFetch();
    const session = new IdentitySession({ fetchToken: fn, onSignedOut: vi.fn(), isMobile: true });
    expect(session.timeoutMs).toBe(TIMEOUT_MOBILE_MS);
    void session.start(USER);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MOBILE_MS - TIMEOUT_MS - 1);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]?.aborted).toBe(true);
    session.stop();
  });

  it("getToken rejects when an expired token cannot be refreshed", async () => {
    const fetchToken = vi.fn<FetchToken>(() => Promise.reject(new TokenRequestError(502)));
    const session = new IdentitySession({ fetchToken, onSignedOut: vi.fn() });
    await session.start(USER);
    await expect(session.getToken()).rejects.toBeInstanceOf(TokenRequestError);
    session.stop();
  });

  it.each([401, 403])("signs out when the token endpoint answers %i", async (status) => {
    const onSignedOut = vi.fn();
    const fetchToken = vi
      .fn<FetchToken>()
      .mockImplementationOnce(() => Promise.resolve(makeJwt(Date.now() + TOKEN_LIFETIME_MS)))
      .mockRejectedValue(new TokenRequestError(status));
    const session = new IdentitySession({ fetchToken, onSignedOut });
    await session.start(USER);
    expect(session.token).not.toBeNull();

    await vi.advanceTimersByTimeAsync(TOKEN_LIFETIME_MS - REFRESH_BEFORE_EXPIRY_MS);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(session.user).toBeNull();
    expect(session.token).toBeNull();
    expect(await session.getToken()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("stop cancels timers without calling onSignedOut", async () => {
    const onSignedOut = vi.fn();
    const session = new IdentitySession({ fetchToken: freshTokens(), onSignedOut });
    await session.start(USER);
    expect(vi.getTimerCount()).toBe(1);
    session.stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(session.user).toBeNull();
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it("ignores a token that arrives after stop", async () => {
    let resolveToken: (token: string) => void = () => undefined;
    const fetchToken = vi.fn<FetchToken>(
      () =>
        new Promise<string>((resolve) => {
          resolveToken = resolve;
        }),
    );
    const session = new IdentitySession({ fetchToken, onSignedOut: vi.fn() });
    const started = session.start(USER);
    session.stop();
    resolveToken(makeJwt(Date.now() + TOKEN_LIFETIME_MS));
    await started;
    expect(session.token).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("fetches a new token when the verification state changes", async () => {
    const fetchToken = freshTokens();
    const session = new IdentitySession({ fetchToken, onSignedOut: vi.fn() });
    await session.start({ ...USER, emailVerified: false });
    await session.start({ ...USER, emailVerified: false });
    expect(fetchToken).toHaveBeenCalledTimes(1);
    await session.start(USER);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(session.user?.emailVerified).toBe(true);
    session.stop();
  });
});
