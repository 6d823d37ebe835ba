import type { ApiError, CsrfResponse, SuccessResponse } from "../../contracts/api-error";

/**
 * Hand-written checks of answers the landing page reads before any other page loads. Decision 008
 * keeps zod out of that first-paint JavaScript, so these endpoints are typed by their contract's
 * TypeScript type (import type only) and checked by a small function that answers the typed body or
 * null. Each check has a test that runs it against the contract's zod schema on the same fixtures
 * (valid ones accepted by both, invalid ones refused by both): see `*.test.ts` beside each check.
 * Every other endpoint parses with the zod schema itself.
 */

/**
 * How a fetcher checks a JSON body against its contract (apiJson's last argument): a zod schema of
 * src/contracts (its `parse` fits), or a check below wrapped by `checkedBody`. Throws when the body
 * does not match.
 */
export interface BodyParser<T> {
  parse(body: unknown): T;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A hand-written check as apiJson's parser: throws when the check refuses the body. */
export function checkedBody<T>(check: (body: unknown) => T | null): BodyParser<T> {
  return {
    parse(body) {
      const value = check(body);
      if (value === null) throw new TypeError("The answer does not match its contract.");
      return value;
    },
  };
}

/** contracts/api-error.ts `apiErrorSchema`: every 4xx/5xx body the server sends. */
export function parseApiError(body: unknown): ApiError | null {
  return isRecord(body) && typeof body.error === "string" && typeof body.code === "string"
    ? { error: body.error, code: body.code }
    : null;
}

/** contracts/api-error.ts `csrfResponseSchema`: GET /csrf_cookie. */
export function parseCsrfResponse(body: unknown): CsrfResponse | null {
  return isRecord(body) && typeof body.csrfToken === "string" ? { csrfToken: body.csrfToken } : null;
}

/** contracts/api-error.ts `successSchema`: `{success: true}`. */
export function parseSuccess(body: unknown): SuccessResponse | null {
  return isRecord(body) && body.success === true ? { success: true } : null;
}
