import { ApiRequestError } from "./api-client";
import { isRecord } from "./body-checks";

/**
 * One rule for every failed request the web shows: one plain sentence, never a
 * chain of prefixes ('Error loading …: Failed to load …: Failed to fetch …: 500'). In order:
 * 1. the server's own sentence when the answer carries one (contracts/api-error.ts `{error, code}`,
 *    or better-auth's `message`), except the generic one of an internal error;
 * 2. otherwise a sentence for the kind of failure: no answer (network), too many requests (429),
 *    the server failing (5xx) or refusing (other 4xx), an answer that could not be read.
 * Pure: it reads the fields of ApiRequestError (lib/api-client.ts) structurally, so it has no I/O
 * and no import cycle with the client.
 */

/** What a failed request looks like to this rule: ApiRequestError, any Error, or anything thrown. */
interface FailedRequestLike {
  /** HTTP status; 0 when no answer came (network, aborted, a local failure). */
  status?: number;
  code?: string;
  /** The answer's parsed JSON body, when there was one. */
  body?: unknown;
}

export const NETWORK_SENTENCE = "Quanta could not be reached. Check your connection and try again.";
export const TOO_MANY_SENTENCE = "Too many requests in a short time. Please wait a minute and try again.";
export const SIGN_IN_SENTENCE = "Please sign in to continue.";
export const NOT_ALLOWED_SENTENCE = "You are not allowed to do this.";
/** The default for what failed, when the caller names nothing more specific. */
export const DEFAULT_FAILURE_SENTENCE = "Something went wrong. Please try again.";

export interface RequestErrorWording {
  /**
   * The sentence for a failure the server does not explain (5xx, an unreadable answer, a refusal
   * without a sentence), naming what failed: 'The lists could not be loaded. Please try again.'
   */
  failure?: string;
  /** The sentence for a 429 without the server's own (e.g. the contact form's). */
  tooMany?: string;
}

/** Codes whose sentence is generic and says less than the caller's own failure sentence. */
const GENERIC_CODES = new Set(["internal_error", "internal"]);
/** Codes of local failures that carry no sentence worth showing (the answer did not fit its contract). */
const UNREADABLE_CODES = new Set(["invalid_json", "invalid_response"]);

function field(error: unknown, name: keyof FailedRequestLike): unknown {
  return isRecord(error) || error instanceof Error ? (error as Record<string, unknown>)[name] : undefined;
}

/** The server's sentence in an error body: `error` (our API) or `message` (better-auth), trimmed; null when none. */
export function serverSentence(body: unknown): string | null {
  if (!isRecord(body)) return null;
  for (const key of ["error", "message"] as const) {
    const value = body[key];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return null;
}

/** True for a request the page itself cancelled (React Query, navigation): nothing to show. */
export function isAbort(error: unknown): boolean {
  return (error instanceof DOMException || error instanceof Error) && error.name === "AbortError";
}

/** One sentence for a failed request: see the rule above. */
export function requestErrorMessage(error: unknown, wording: RequestErrorWording = {}): string {
  const failure = wording.failure ?? DEFAULT_FAILURE_SENTENCE;
  const rawStatus = field(error, "status");
  const status = typeof rawStatus === "number" && Number.isFinite(rawStatus) ? rawStatus : 0;
  const rawCode = field(error, "code");
  const code = typeof rawCode === "string" ? rawCode : "";
  const sentence = serverSentence(field(error, "body"));

  if (status >= 400 && sentence && !GENERIC_CODES.has(code)) return sentence;
  if (code === "network_error" || (status === 0 && error instanceof TypeError)) return NETWORK_SENTENCE;
  if (status === 429) return wording.tooMany ?? TOO_MANY_SENTENCE;
  if (status === 401) return SIGN_IN_SENTENCE;
  if (status === 403) return NOT_ALLOWED_SENTENCE;
  // The API client's own sentences for failures before any answer (a missing CSRF token) are plain already.
  if (status === 0 && error instanceof Error && error.name === "ApiRequestError" && !UNREADABLE_CODES.has(code) && error.message.trim() !== "") {
    return error.message.trim();
  }
  return failure;
}

/** A failed request's error worded as one sentence (the server's own when it has one); other errors unchanged. */
export function reworded(error: unknown, failure: string): unknown {
  return error instanceof ApiRequestError ? error.withMessage(requestErrorMessage(error, { failure })) : error;
}
