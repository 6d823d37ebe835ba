import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../app-error";

const INVALID_CHARACTERS_CODE = "invalid_characters";
const INVALID_CHARACTERS_MESSAGE = "The request contains a character that is not allowed (NUL).";

const RAW_NUL = /\0|%00/i;
/** Media types a JSON parser reads (better-call's rule: application/json and application/*+json). */
const JSON_MEDIA_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;

export function isJsonMediaType(contentType: string | undefined): boolean {
  return JSON_MEDIA_TYPE.test(contentType ?? "");
}

/** Half of a surrogate pair on its own: a JSON `\ud800` escape decodes to it, and jsonb refuses it. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether any string of a decoded value (keys included, however deep) passes `test`. Iterative,
 * so a deeply nested body cannot exhaust the stack; Buffers (uploaded files, raw bodies) are bytes,
 * not text, and are left to the route that reads them.
 */
function someString(value: unknown, test: (text: string) => boolean): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (test(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === "object" && !Buffer.isBuffer(next) && !(next instanceof Uint8Array)) {
      for (const [key, item] of Object.entries(next)) {
        if (test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** Whether a decoded value (string, array, object, keys included) holds a NUL character. */
export function containsNul(value: unknown): boolean {
  return someString(value, (text) => text.includes("\0"));
}

/**
 * Whether a value holds text PostgreSQL cannot store in a jsonb column: a NUL, or an unpaired
 * surrogate (text columns take the latter, replaced by U+FFFD; jsonb refuses the escape).
 */
export function containsUnstorableText(value: unknown): boolean {
  return someString(value, (text) => text.includes("\0") || UNPAIRED_SURROGATE.test(text));
}

/**
 * Whether a raw body, read the way its content type says, holds a NUL: a 0x00 byte, a `\u0000`
 * escape in JSON, or `%00` in a form. Invalid JSON is not judged here (the reader of the body answers it).
 */
export function rawBodyContainsNul(body: Buffer, contentType: string | undefined): boolean {
  if (body.includes(0)) return true;
  const type = (contentType ?? "").toLowerCase();
  if (isJsonMediaType(type)) {
    try {
      return containsNul(JSON.parse(body.toString("utf8")));
    } catch {
      return false;
    }
  }
  if (type.includes("application/x-www-form-urlencoded")) {
    for (const [key, value] of new URLSearchParams(body.toString("utf8"))) if (key.includes("\0") || value.includes("\0")) return true;
  }
  return false;
}

/** The 400 for a NUL, logged at warn with the code, the route and the request id, never the value. */
export function invalidCharacters(request: FastifyRequest, part: "url" | "body"): AppError {
  request.log.warn({ code: INVALID_CHARACTERS_CODE, route: request.routeOptions.url ?? null, method: request.method, part }, "refused a request containing a NUL character");
  return new AppError(400, INVALID_CHARACTERS_CODE, INVALID_CHARACTERS_MESSAGE);
}

/**
 * PostgreSQL cannot store U+0000 in text (nor `\u0000` in jsonb), so no user value may carry it.
 * One guard for every route: the URL (path and query, raw or `%00`) before anything else runs, and
 * each parsed body (JSON, form, multipart fields) before validation. Raw bodies (Buffers: better-auth's
 * proxy, the signed payment webhook) belong to their routes: see rawBodyContainsNul.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => {
    done(RAW_NUL.test(request.url) ? invalidCharacters(request, "url") : undefined);
  });
  app.addHook("preValidation", (request, _reply, done) => {
    done(containsNul(request.body) ? invalidCharacters(request, "body") : undefined);
  });
}
