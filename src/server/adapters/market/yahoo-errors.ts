import { MarketDataUnavailableError } from "../../../core/market/market-data-provider";

const YAHOO_PROVIDER_NAME = "Yahoo Finance";

/** A refused or failed HTTP exchange with Yahoo, raised by the adapter's fetch wrapper. */
class YahooHttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    /** Seconds from a Retry-After header, when Yahoo sent one. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(`HTTP ${status} from ${new URL(url).host}${new URL(url).pathname}`);
    this.name = "YahooHttpError";
  }
}

/** Yahoo could not be used; `status` and `retryAfterSeconds` let a resilience layer decide on a retry. */
export class YahooUnavailableError extends MarketDataUnavailableError {
  constructor(
    detail: string,
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
    readonly kind: YahooFailureKind = "other",
  ) {
    super(YAHOO_PROVIDER_NAME, detail);
    this.name = "YahooUnavailableError";
  }
}

export type YahooFailureKind = "rate-limited" | "http" | "timeout" | "network" | "not-json" | "crumb" | "unexpected-shape" | "other";

/** Retry-After as seconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null || value.trim() === "") return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, Math.round((at - now) / 1000)) : null;
}

function isCrumbUrl(url: string): boolean {
  return /getcrumb|fc\.yahoo\.com|\/\/finance\.yahoo\.com|guce\.yahoo|consent\.yahoo/i.test(url);
}

function urlOf(input: string | URL | Request): string {
  if (typeof input === "string") return input;
  if (input instanceof URL) return input.toString();
  return input.url;
}

/**
 * Wraps a fetch for yahoo-finance2: a time-out per request, and every 4xx / 5xx turned into a
 * YahooHttpError (with Retry-After) before the library reads the body (it would print the URL to
 * console.error). A 404 from a data endpoint means an unknown symbol (see isSymbolNotFound).
 */
export function yahooFetch(base: typeof fetch, timeoutMs: number): typeof fetch {
  const wrapped = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const response = await base(input, { ...init, signal });
    if (response.status >= 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new YahooHttpError(response.status, urlOf(input), parseRetryAfter(response.headers.get("retry-after")));
    }
    return response;
  };
  return wrapped as typeof fetch;
}

const NOT_FOUND = /not found|no data found|delisted|no fundamentals data found/i;

/** True when a yahoo-finance2 error means 'this symbol does not exist' (a 404, not an outage). */
export function isSymbolNotFound(error: unknown): boolean {
  if (error instanceof YahooHttpError) return error.status === 404 && !isCrumbUrl(error.url);
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (error.name === "HTTPError" && code === 404) return true;
  if (error.name === "FailedYahooValidationError" || /crumb|cookie/i.test(error.message)) return false;
  return NOT_FOUND.test(error.message);
}

function shorten(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Any failure of a Yahoo call → YahooUnavailableError with a detail an operator can act on. */
export function toUnavailable(error: unknown, what: string): YahooUnavailableError {
  if (error instanceof YahooUnavailableError) return error;
  if (error instanceof YahooHttpError) {
    const crumb = isCrumbUrl(error.url) ? " during the cookie/crumb handshake" : error.status === 401 ? " (crumb rejected)" : "";
    if (error.status === 429) {
      const wait = error.retryAfterSeconds === null ? "" : `, retry after ${error.retryAfterSeconds} s`;
      return new YahooUnavailableError(`${what}: rate limited (HTTP 429${wait})${crumb}`, 429, error.retryAfterSeconds, "rate-limited");
    }
    return new YahooUnavailableError(`${what}: ${error.message}${crumb}`, error.status, error.retryAfterSeconds, crumb ? "crumb" : "http");
  }
  if (!(error instanceof Error)) return new YahooUnavailableError(`${what}: ${shorten(String(error))}`);
  const cause = (error as { cause?: unknown }).cause;
  if (error.name === "TimeoutError" || (cause instanceof Error && cause.name === "TimeoutError")) {
    return new YahooUnavailableError(`${what}: no answer in time (request timed out)`, null, null, "timeout");
  }
  if (error.name === "AbortError") return new YahooUnavailableError(`${what}: request aborted`, null, null, "timeout");
  if (/crumb|cookie|set-cookie|consent/i.test(error.message)) {
    return new YahooUnavailableError(`${what}: the cookie/crumb handshake failed (${shorten(error.message)})`, null, null, "crumb");
  }
  if (/not parsable|Unexpected token|JSON/i.test(error.message)) {
    return new YahooUnavailableError(`${what}: Yahoo answered with something other than valid JSON (${shorten(error.message, 100)})`, null, null, "not-json");
  }
  if (error.name === "FailedYahooValidationError" || /Unexpected result/i.test(error.message)) {
    return new YahooUnavailableError(`${what}: the response did not have the expected shape (${shorten(error.message, 100)})`, null, null, "unexpected-shape");
  }
  if (error.name === "HTTPError") {
    const code = (error as { code?: unknown }).code;
    const status = typeof code === "number" ? code : null;
    return new YahooUnavailableError(`${what}: HTTP ${status ?? "error"} (${shorten(error.message, 100)})`, status, null, "http");
  }
  if (error instanceof TypeError || /fetch failed|ECONN|ENOTFOUND|EAI_AGAIN|socket|network/i.test(error.message)) {
    return new YahooUnavailableError(`${what}: network error (${shorten(error.message)})`, null, null, "network");
  }
  return new YahooUnavailableError(`${what}: ${shorten(error.message)}`);
}
