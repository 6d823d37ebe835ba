import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../app-error";

const CSRF_COOKIE = "csrftoken";
const CSRF_HEADER = "x-csrftoken";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * better-auth checks Origin itself; the payment provider's webhook is signed instead, and so is the
 * alert e-mail's one-click unsubscribe (mail clients post it without cookies; it can only turn the
 * e-mails off).
 */
const EXEMPT_PREFIXES = ["/api/auth/", "/api/billing/webhook", "/api/alerts/unsubscribe"];
/**
 * Native HTML forms, which cannot send the header. POST /gift (the gift assistant) changes no
 * state, needs no sign-in, reads no cookie and answers HTML only to whoever posted it, so a forged
 * post gains an attacker nothing; it must still come from this site (Sec-Fetch-Site, else Origin
 * or Referer: see isSameSite), and a cross-site post is refused with 403.
 */
const SAME_SITE_FORM_PATHS = new Set(["/gift"]);

function requestPath(request: FastifyRequest): string {
  const path = request.url.split("?")[0] ?? "";
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/**
 * Whether a request comes from this site. Sec-Fetch-Site, which browsers set and pages cannot,
 * decides when present (the app's Referrer-Policy is no-referrer, so a browser's own form post
 * carries `Origin: null` and no Referer); otherwise the Origin (or Referer) must be this host.
 */
function isSameSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (typeof fetchSite === "string" && fetchSite !== "") return fetchSite === "same-origin";
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const source = typeof origin === "string" && origin !== "" ? origin : typeof referer === "string" ? referer : undefined;
  if (!source || source === "null") return false;
  try {
    return new URL(source).host === request.host;
  } catch {
    return false;
  }
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function isCsrfExempt(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const path = request.url.split("?")[0] ?? "";
  return EXEMPT_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, "") || path.startsWith(prefix));
}

/**
 * Double-submit cookie: GET /csrf_cookie sets `csrftoken`; every unsafe request must echo it in the
 * X-CSRFToken header. A page on another site can send the cookie but cannot read it to set the header.
 */
export function registerCsrf(app: FastifyInstance, options: { secureCookie: boolean }): void {
  app.get("/csrf_cookie", { schema: { hide: true } }, async (request, reply) => {
    const existing = request.cookies[CSRF_COOKIE];
    const token = existing && /^[A-Za-z0-9_-]{32,128}$/.test(existing) ? existing : randomBytes(32).toString("base64url");
    reply.setCookie(CSRF_COOKIE, token, {
      path: "/",
      sameSite: "lax",
      httpOnly: false,
      secure: options.secureCookie,
      maxAge: 60 * 60 * 24 * 365,
    });
    return { csrfToken: token };
  });

  app.addHook("onRequest", (request, _reply, done) => {
    if (isCsrfExempt(request)) return done();
    if (request.method === "POST" && SAME_SITE_FORM_PATHS.has(requestPath(request))) {
      if (isSameSite(request)) return done();
      return done(new AppError(403, "cross_site_form", "This form can only be sent from this site."));
    }
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== "string" || !sameToken(cookie, header)) {
      return done(new AppError(403, "csrf_missing", "CSRF token is missing or invalid. Reload the page and try again."));
    }
    done();
  });
}
