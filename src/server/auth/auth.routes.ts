import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../app-error";
import type { AppConfig } from "../config";
import { containsNul, invalidCharacters, isJsonMediaType, rawBodyContainsNul } from "../plugins/input-guard";
import { LEGACY_GOOGLE_CALLBACK_PATH, type Auth } from "./auth";
import { UNTRUSTED_ORIGIN_CODES, originOf, untrustedOriginMessage } from "./untrusted-origin";

/** Google's redirect comes back to the registered legacy address; better-auth 1.7 serves it at /callback/:id. */
function betterAuthPath(url: string): string {
  return url.startsWith(LEGACY_GOOGLE_CALLBACK_PATH) ? `/api/auth/callback/${url.slice("/api/auth/oauth2/callback/".length)}` : url;
}

const UPDATE_USER_PATH = "/api/auth/update-user";
/**
 * No better-auth endpoint has a longer path. better-auth's rate limiter stores `ip|path` as a
 * unique key in the database, and a key over PostgreSQL's index row limit (about 2.7 kB) fails
 * there (a 500): so a longer path is answered here, as the unknown address it is. 256 characters
 * stay under that limit even when each is a byte the URL parser percent-encodes as UTF-8 (6 each).
 */
const MAX_AUTH_PATH_LENGTH = 256;

function requestPath(url: string): string {
  const path = url.split("?")[0] ?? "";
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** A refusal of the proxy itself, logged at warn with the code and route (never the body). */
function refused(request: FastifyRequest, code: string, message: string): AppError {
  request.log.warn({ code, route: request.routeOptions.url ?? null, method: request.method }, "refused an auth request body");
  return new AppError(400, code, message);
}

/**
 * better-auth accepts any JSON value for update-user's fields and hands it to the database, so a
 * null or non-text name fails there (a 500). The documented fields are checked here first.
 */
function checkUpdateUser(request: FastifyRequest, body: unknown): void {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw refused(request, "invalid_request", "The request body must be a JSON object.");
  }
  const { name, image } = body as Record<string, unknown>;
  if (name !== undefined && (typeof name !== "string" || name.trim().length === 0 || name.length > 100)) {
    throw refused(request, "invalid_name", "The name must be text of 1 to 100 characters.");
  }
  if (image !== undefined && image !== null && typeof image !== "string") {
    throw refused(request, "invalid_image", "The image must be text (a URL) or null.");
  }
}

/**
 * Checks a body before better-auth reads it: no NUL anywhere (PostgreSQL refuses it), JSON that
 * parses (better-auth would answer that too, but not in this API's error shape), and update-user's fields.
 */
function checkBody(request: FastifyRequest): void {
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) return;
  const contentType = request.headers["content-type"];
  if (!isJsonMediaType(contentType)) {
    if (rawBodyContainsNul(body, contentType)) throw invalidCharacters(request, "body");
    return;
  }
  // JSON is parsed once here, for the NUL check, the syntax and update-user's fields alike.
  if (body.includes(0)) throw invalidCharacters(request, "body");
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    throw refused(request, "invalid_json", "The request body is not valid JSON.");
  }
  if (containsNul(parsed)) throw invalidCharacters(request, "body");
  if (requestPath(request.url) === UPDATE_USER_PATH) checkUpdateUser(request, parsed);
}

/** The sentence and code of a better-auth 4xx that came without them (some answer with no body). */
const STATUS_ANSWERS: Record<number, { code: string; message: string }> = {
  400: { code: "bad_request", message: "The request is not valid." },
  401: { code: "unauthenticated", message: "Please sign in to continue." },
  403: { code: "forbidden", message: "You are not allowed to do this." },
  404: { code: "not_found", message: "Nothing is here." },
  429: { code: "rate_limited", message: "Too many requests. Please wait a minute and try again." },
};

/**
 * better-auth's own 4xx answers are `{message, code}`, and a few have no body; the API's shape is
 * `{error, code}`. Both are kept: `error` is added (the same sentence), `message` stays for
 * better-auth's client; `reword` may give a code a clearer sentence. Null when the answer is left as it is.
 */
function errorAnswer(status: number, contentType: string | null, body: Buffer, reword?: (code: string) => string | undefined): Buffer | null {
  if (status < 400 || status >= 500) return null;
  const fallback = STATUS_ANSWERS[status] ?? { code: `http_${status}`, message: "The request was refused." };
  if (body.length === 0) return Buffer.from(JSON.stringify({ error: fallback.message, code: fallback.code, message: fallback.message }));
  if (!contentType?.toLowerCase().includes("application/json")) return null;
  try {
    const parsed: unknown = JSON.parse(body.toString("utf8"));
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
    const record = parsed as Record<string, unknown>;
    if (typeof record.error === "string" && typeof record.code === "string") return null;
    const code = typeof record.code === "string" && record.code !== "" ? record.code : fallback.code;
    const message = reword?.(code) ?? (typeof record.message === "string" && record.message !== "" ? record.message : fallback.message);
    return Buffer.from(JSON.stringify({ ...record, error: message, code, message }));
  } catch {
    return null;
  }
}

const TOKEN_PATH = "/api/auth/token";

/**
 * better-auth echoes the raw session token in JSON (sign-in's `token`, get-session's
 * `session.token`, list-sessions' entries). The browser holds the session in an HttpOnly cookie and
 * asks /api/auth/token for a JWT, so those copies only widen what a script or a log could steal:
 * they are blanked. Null when the answer is left as it is.
 */
function withoutSessionTokens(path: string, status: number, contentType: string | null, body: Buffer): Buffer | null {
  if (status < 200 || status >= 300 || path === TOKEN_PATH || !contentType?.toLowerCase().includes("application/json")) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
  let changed = false;
  const blank = (record: unknown) => {
    if (typeof record === "object" && record !== null && typeof (record as Record<string, unknown>).token === "string") {
      (record as Record<string, unknown>).token = null;
      changed = true;
    }
  };
  if (Array.isArray(parsed)) parsed.forEach(blank);
  else if (typeof parsed === "object" && parsed !== null) {
    blank(parsed);
    blank((parsed as Record<string, unknown>).session);
  }
  return changed ? Buffer.from(JSON.stringify(parsed)) : null;
}

/**
 * Hands /api/auth/* to better-auth as a Web Request and copies its Response back. The body is kept
 * raw (better-auth parses it itself) and the client address comes from Fastify, never from the
 * caller's own X-Forwarded-For, so the sign-in rate limit cannot be dodged by a forged header.
 */
export async function authRoutes(app: FastifyInstance, options: { config: AppConfig; auth: () => Promise<Auth> }): Promise<void> {
  const { config, auth: getAuth } = options;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, body);
    });
    // The proxy's own refusals keep better-auth's `message` beside `error`: the web's auth client reads it.
    scope.setErrorHandler((error, _request, reply) => {
      if (error instanceof AppError && error.statusCode < 500) {
        return reply.status(error.statusCode).send({ error: error.message, code: error.code, message: error.message });
      }
      throw error;
    });
    scope.addHook("onRequest", async (request) => {
      if (requestPath(request.url).length > MAX_AUTH_PATH_LENGTH) throw new AppError(404, "not_found", "Nothing is here.");
    });
    scope.addHook("preValidation", async (request) => checkBody(request));

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const auth = await getAuth();
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || name === "x-forwarded-for" || name === "x-real-ip") continue;
        headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      headers.set("x-forwarded-for", request.ip);
      const hasBody = request.method !== "GET" && request.method !== "HEAD" && Buffer.isBuffer(request.body);
      const response = await auth.handler(
        new Request(`${config.appUrl}${betterAuthPath(request.url)}`, {
          method: request.method,
          headers,
          body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
        }),
      );
      reply.status(response.status);
      // The Google popup's pages must keep their window.opener to report back: a COOP header here
      // would move the popup into another browsing context group and cut that link.
      reply.removeHeader("cross-origin-opener-policy");
      response.headers.forEach((value, name) => {
        // set-auth-token: the bearer plugin's copy of the session token (the cookie carries it).
        if (name === "set-cookie" || name === "content-length" || name === "set-auth-token") return;
        reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      const body = Buffer.from(await response.arrayBuffer());
      const contentType = response.headers.get("content-type");
      const error = errorAnswer(response.status, contentType, body, (code) => {
        if (response.status !== 403 || !UNTRUSTED_ORIGIN_CODES.has(code)) return undefined;
        const pageOrigin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
        // For the operator: what was refused, and the settings that would allow it.
        request.log.warn(
          { code, origin: pageOrigin, appUrl: config.appUrl, trustedOrigins: config.trustedOrigins },
          "refused a sign-in request from an address outside APP_URL and TRUSTED_ORIGINS",
        );
        return untrustedOriginMessage(pageOrigin, config.appUrl, config.brand);
      });
      if (error) return reply.type("application/json; charset=utf-8").send(error);
      return reply.send(withoutSessionTokens(requestPath(request.url), response.status, contentType, body) ?? body);
    };

    scope.route({ method: ["GET", "POST"], url: "/api/auth/*", schema: { hide: true }, handler });
  });
}
