import fc from "fast-check";
import { StripeGateway } from "../adapters/billing/stripe-gateway";
import { GIFT_FIELDS } from "../../contracts/gift";
import { BUDGET_VALUES, OCCASIONS, RELATIONSHIPS } from "../../core/gift/gift-types";
import {
  SPECIAL_STRINGS,
  encodedBody,
  hostileJson,
  hostileString,
  longNoise,
  malformedMultipart,
  multipartBody,
  mutated,
  pathValue,
  plausibleString,
  queryString,
  type FuzzRequest,
  type Identity,
} from "./request-arbitraries";

/**
 * Requests for the routes the OpenAPI document does not list: better-auth (/api/auth/*), the
 * native gift form, the payment webhook, the CSV upload with hostile files, and paths nobody serves.
 */

type FieldKind = "email" | "password" | "name" | "token" | "url" | "bool" | "image" | "text";

interface AuthEndpoint {
  method: "GET" | "POST";
  path: string;
  /** Body fields (POST) or query fields (GET). */
  fields: Record<string, FieldKind>;
  identities: Identity[];
}

/** better-auth's endpoints this app enables (email and password, verification, account deletion, JWT, bearer, admin). */
const AUTH_ENDPOINTS: AuthEndpoint[] = [
  { method: "POST", path: "/sign-up/email", fields: { email: "email", password: "password", name: "name", image: "image", callbackURL: "url", rememberMe: "bool" }, identities: ["anonymous", "session"] },
  { method: "POST", path: "/sign-in/email", fields: { email: "email", password: "password", callbackURL: "url", rememberMe: "bool" }, identities: ["anonymous"] },
  { method: "POST", path: "/sign-out", fields: {}, identities: ["anonymous", "throwaway-session"] },
  { method: "POST", path: "/reset-password", fields: { newPassword: "password", token: "token" }, identities: ["anonymous"] },
  { method: "POST", path: "/request-password-reset", fields: { email: "email", redirectTo: "url" }, identities: ["anonymous"] },
  { method: "POST", path: "/update-user", fields: { name: "name", image: "image" }, identities: ["session", "session", "anonymous"] },
  { method: "POST", path: "/change-password", fields: { currentPassword: "password", newPassword: "password", revokeOtherSessions: "bool" }, identities: ["session", "anonymous"] },
  { method: "POST", path: "/send-verification-email", fields: { email: "email", callbackURL: "url" }, identities: ["anonymous", "session"] },
  { method: "POST", path: "/revoke-session", fields: { token: "token" }, identities: ["throwaway-session", "anonymous"] },
  { method: "POST", path: "/revoke-sessions", fields: {}, identities: ["throwaway-session", "anonymous"] },
  { method: "POST", path: "/revoke-other-sessions", fields: {}, identities: ["throwaway-session", "anonymous"] },
  // Enabled for the account's owner (decision 065): the throwaway user may really delete itself (its
  // password is the fuzzer's "correct horse 42"); anonymous and a bearer JWT are refused.
  { method: "POST", path: "/delete-user", fields: { password: "password", token: "token", callbackURL: "url" }, identities: ["throwaway-session", "anonymous", "user"] },
  { method: "POST", path: "/sign-in/social", fields: { provider: "text", callbackURL: "url", idToken: "text" }, identities: ["anonymous"] },
  { method: "POST", path: "/sign-in/oauth2", fields: { providerId: "text", callbackURL: "url" }, identities: ["anonymous"] },
  { method: "POST", path: "/admin/ban-user", fields: { userId: "token", banReason: "text" }, identities: ["session", "anonymous"] },
  { method: "POST", path: "/admin/set-role", fields: { userId: "token", role: "text" }, identities: ["session"] },
  { method: "GET", path: "/verify-email", fields: { token: "token", callbackURL: "url" }, identities: ["anonymous"] },
  { method: "GET", path: "/reset-password/fuzz-token", fields: { callbackURL: "url" }, identities: ["anonymous"] },
  { method: "GET", path: "/token", fields: {}, identities: ["session", "anonymous"] },
  { method: "GET", path: "/get-session", fields: { disableCookieCache: "bool" }, identities: ["session", "anonymous"] },
  { method: "GET", path: "/list-sessions", fields: {}, identities: ["session", "anonymous"] },
  { method: "GET", path: "/jwks", fields: {}, identities: ["anonymous"] },
  { method: "GET", path: "/admin/list-users", fields: { searchValue: "text", limit: "text" }, identities: ["session"] },
  { method: "GET", path: "/oauth2/callback/google", fields: { code: "token", state: "token", error: "text" }, identities: ["anonymous"] },
  { method: "GET", path: "/callback/google", fields: { code: "token", state: "token" }, identities: ["anonymous"] },
  { method: "GET", path: "/ok", fields: {}, identities: ["anonymous"] },
  { method: "GET", path: "/error", fields: { error: "text" }, identities: ["anonymous"] },
];

function fieldValue(kind: FieldKind): fc.Arbitrary<unknown> {
  switch (kind) {
    case "email":
      return fc.oneof(fc.constantFrom("fuzz@example.com", "victim@example.com"), fc.emailAddress(), fc.emailAddress().map((e) => `${e}\0`));
    case "password":
      return fc.oneof(fc.constantFrom("correct horse 42", "short", "x".repeat(73)), fc.string({ minLength: 8, maxLength: 30 }));
    case "name":
      return plausibleString("name");
    case "token":
      return fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.uuid());
    case "url":
      return fc.constantFrom("/", "/stocks", "http://localhost:3000/", "https://evil.example/", "javascript:alert(1)", "//evil.example", "/\\evil.example");
    case "bool":
      return fc.boolean();
    case "image":
      return fc.constantFrom(null, "https://example.com/a.png", "data:image/png;base64,AAAA");
    case "text":
      return fc.oneof(fc.constantFrom("google", "github", "admin", "user"), fc.string({ maxLength: 20 }));
  }
}

function authRequests(endpoint: AuthEndpoint): fc.Arbitrary<FuzzRequest> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, kind] of Object.entries(endpoint.fields)) model[name] = fieldValue(kind);
  const valid = fc.record(model, { requiredKeys: Object.keys(model) }) as fc.Arbitrary<unknown>;
  const identity = fc.constantFrom(...endpoint.identities);
  const origin = fc.constantFrom<string | undefined>("http://localhost:3000", "http://localhost:3000", "http://localhost:3000", undefined, "https://evil.example", "null");
  const family = `auth ${endpoint.method} ${endpoint.path}`;
  if (endpoint.method === "GET") {
    const query = queryString(Object.entries(endpoint.fields).map(([name, kind]) => ({ name, value: fieldValue(kind).map((v) => String(v)) })));
    return fc.record({ query, identity, origin }).map(({ query: search, identity: who, origin: from }): FuzzRequest => ({
      family,
      method: "GET",
      url: `/api/auth${endpoint.path}${search}`,
      identity: who,
      headers: from ? { origin: from } : {},
    }));
  }
  return fc.record({ body: encodedBody(mutated(valid), { bodyLimit: 64 * 1024 }), identity, origin }).map(({ body, identity: who, origin: from }) => ({
    family,
    method: "POST",
    url: `/api/auth${endpoint.path}`,
    identity: who,
    headers: { ...body.headers, ...(from ? { origin: from } : {}) },
    payload: body.payload,
    encoding: body.encoding,
  }));
}

/** Paths under /api/auth nobody serves, and odd methods on known ones. */
function authOddities(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: fc.oneof(
        pathValue(fc.constantFrom("sign-up", "sign-in/email", "session", "../me", "admin")),
        fc.constantFrom("sign-in/email/%2e%2e", "", "%2F", "sign-up/email?x=%00"),
        // better-auth keys its rate limit on the path, in an indexed column: long paths once failed there.
        longNoise(),
        longNoise().map((text) => `reset-password/${text}`),
      ),
      method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD"),
    })
    .map(({ path, method }): FuzzRequest => ({
      family: "auth unknown",
      method,
      url: `/api/auth/${path}`,
      identity: "anonymous",
      headers: { origin: "http://localhost:3000" },
    }));
}

export function authRouteRequests(): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...AUTH_ENDPOINTS.map((endpoint) => ({ weight: endpoint.method === "POST" ? 3 : 1, arbitrary: authRequests(endpoint) })), { weight: 2, arbitrary: authOddities() });
}

// ---------------------------------------------------------------------------------------------
// The gift form (POST /gift: urlencoded as a browser sends it; multipart and JSON as others might)

function giftForm(): fc.Arbitrary<Record<string, unknown>> {
  const valid = fc.record({
    name: plausibleString("name"),
    age: fc.oneof(fc.integer({ min: 0, max: 120 }).map(String), fc.constantFrom("-1", "121", "1e3", "NaN", "")),
    relationship: fc.constantFrom(...RELATIONSHIPS, "enemy"),
    relationship_other: fc.string({ maxLength: 20 }),
    interests: fc.lorem({ maxCount: 4 }),
    brands: fc.string({ maxLength: 20 }),
    budget: fc.constantFrom(...BUDGET_VALUES, "free"),
    occasion: fc.constantFrom(...OCCASIONS, "none"),
    occasion_other: fc.string({ maxLength: 20 }),
    User_query: fc.lorem({ maxCount: 8 }),
    previous_gifts: fc.string({ maxLength: 20 }),
  });
  return fc.tuple(valid, fc.option(fc.tuple(fc.constantFrom(...GIFT_FIELDS), hostileString()), { nil: undefined, freq: 2 })).map(([form, broken]) => (broken ? { ...form, [broken[0]]: broken[1] } : form));
}

export function giftRequests(): fc.Arbitrary<FuzzRequest> {
  const urlencoded = giftForm().map((form) => ({
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString(),
    encoding: "urlencoded",
  }));
  const multipart = giftForm().map((form) => multipartBody(Object.entries(form).map(([k, v]) => [k, String(v)])));
  const body = fc.oneof({ weight: 5, arbitrary: urlencoded }, { weight: 2, arbitrary: multipart }, { weight: 2, arbitrary: malformedMultipart() }, { weight: 2, arbitrary: encodedBody(mutated(giftForm()), { bodyLimit: 32 * 1024 }) });
  const identity = fc.constantFrom<Identity>("browser-form", "browser-form", "browser-form", "cross-site", "anonymous");
  const post = fc.record({ body, identity }).map(({ body: b, identity: who }) => ({ family: "gift POST /gift", method: "POST", url: "/gift", identity: who, headers: b.headers, payload: b.payload, encoding: b.encoding }));
  const get = queryString([{ name: "name", value: hostileString() }]).map((search) => ({ family: "gift GET /gift", method: "GET", url: `/gift${search}`, identity: "anonymous" as const, headers: {} }));
  return fc.oneof({ weight: 5, arbitrary: post }, { weight: 1, arbitrary: get });
}

// ---------------------------------------------------------------------------------------------
// The payment webhook (raw body; signed with the test secret, or not)

const EVENT_TYPES = ["checkout.session.completed", "customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted", "invoice.payment_failed", "charge.refunded"];

/** Whether a value holds a NUL: signed events with NUL e-mails belong to the billing feature's own tests. */
function hasNul(text: string): boolean {
  return text.includes("\0") || /\\u0000/i.test(text);
}

function stripeEvent(): fc.Arbitrary<unknown> {
  const object = fc.record(
    {
      id: fc.oneof(fc.constantFrom("sub_123", "cs_123", "in_123"), hostileJson()),
      customer: fc.oneof(fc.constantFrom("cus_123", null), hostileJson(), fc.constant({ id: "cus_123" })),
      subscription: fc.oneof(fc.constantFrom("sub_123", null), hostileJson()),
      status: fc.oneof(fc.constantFrom("active", "trialing", "past_due", "canceled", "unpaid"), hostileJson()),
      customer_email: fc.oneof(fc.constantFrom("buyer@example.com", null), hostileJson()),
      customer_details: fc.oneof(fc.record({ email: fc.oneof(fc.emailAddress(), hostileJson()) }), hostileJson()),
      current_period_end: fc.oneof(fc.integer({ min: 0, max: 4_102_444_800 }), hostileJson()),
      items: fc.oneof(fc.constant({ data: [{ current_period_end: 1_900_000_000 }] }), hostileJson()),
      parent: hostileJson(),
    },
    { requiredKeys: [] },
  );
  const event = fc.record({
    id: fc.oneof(fc.uuid().map((u) => `evt_${u}`), hostileJson()),
    type: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...EVENT_TYPES) }, { weight: 1, arbitrary: hostileJson() }),
    created: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }) }, { weight: 1, arbitrary: hostileJson() }),
    data: fc.oneof({ weight: 5, arbitrary: object.map((o) => ({ object: o })) }, { weight: 1, arbitrary: hostileJson() }),
  });
  return mutated(event);
}

export function webhookRequests(secret: string): fc.Arbitrary<FuzzRequest> {
  const json = { "content-type": "application/json" };
  const body = fc.oneof(
    { weight: 4, arbitrary: stripeEvent().map((e) => ({ headers: json, payload: JSON.stringify(e) ?? "null", encoding: "event-json" })) },
    { weight: 2, arbitrary: encodedBody(stripeEvent()) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ headers: json, payload: Buffer.from(bytes), encoding: "garbage-bytes" })) },
    { weight: 1, arbitrary: malformedMultipart() },
  );
  const signature = fc.constantFrom<"none" | "valid" | "random" | "stale">("none", "valid", "valid", "valid", "random", "stale");
  return fc.record({ body, signature, random: fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, "")) }).map(({ body: b, signature: kind, random }) => {
    const text = b.payload === undefined ? "" : Buffer.isBuffer(b.payload) ? b.payload.toString("utf8") : b.payload;
    const headers: Record<string, string> = { ...b.headers };
    // A signed body with a NUL is the billing feature's to test (see the report); it is sent unsigned.
    const signable = typeof b.payload === "string" && !hasNul(text);
    if (kind === "valid" && signable) headers["stripe-signature"] = StripeGateway.testSignature(text, secret);
    if (kind === "stale" && signable) headers["stripe-signature"] = StripeGateway.testSignature(text, secret, 1_000_000);
    if (kind === "random") headers["stripe-signature"] = random === "" ? "t=1,v1=00" : random;
    return { family: `webhook ${kind === "valid" && signable ? "signed" : "unsigned"}`, method: "POST", url: "/api/billing/webhook", identity: "anonymous" as const, headers, payload: b.payload, encoding: b.encoding };
  });
}

// ---------------------------------------------------------------------------------------------
// CSV import with hostile files

/** Files built from the documented samples, then damaged: cells, bytes, NUL, escapes, truncation. */
function csvFile(samples: readonly string[]): fc.Arbitrary<Buffer> {
  const escapes = fc.constantFrom("\\u0000", "x\\u0000y", "\\ud800", "\\udfff", "\\ud83d", "\\ud83d\\ude00", "\\\\", "\\u202e");
  const damage = fc.oneof(
    { weight: 4, arbitrary: fc.constant("json-escape") },
    { weight: 2, arbitrary: fc.constant("json-list") },
    { weight: 1, arbitrary: fc.constantFrom("cell", "nul-byte", "truncate", "bom", "crlf", "quote") },
  );
  const damaged = fc.tuple(fc.constantFrom(...samples), fc.nat(), hostileString(), damage, escapes).map(([sample, at, value, how, escape]) => {
    const position = sample.length === 0 ? 0 : at % sample.length;
    switch (how) {
      case "cell": {
        const cells = sample.split(",");
        cells[at % cells.length] = `"${value.replace(/"/g, '""')}"`;
        return Buffer.from(cells.join(","));
      }
      case "nul-byte":
        return Buffer.from(`${sample.slice(0, position)}\0${sample.slice(position)}`);
      case "json-escape": {
        // An escape at the start of one string value of the export format's JSON (quoted as CSV).
        const source = sample.includes('"":""') ? sample : (samples.find((s) => s.includes('"":""')) ?? sample);
        const starts = [...source.matchAll(/"":""/g)].map((m) => m.index + 5);
        if (starts.length === 0) return Buffer.from(source);
        const start = starts[at % starts.length]!;
        return Buffer.from(`${source.slice(0, start)}${escape}${source.slice(start)}`);
      }
      case "json-list": {
        // A flat-format cell replaced by a JSON list (as the flat format allows) holding the escape.
        const cells = sample.split(",");
        cells[at % cells.length] = `"[""${escape}""]"`;
        return Buffer.from(cells.join(","));
      }
      case "truncate":
        return Buffer.from(sample.slice(0, position));
      case "bom":
        return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sample)]);
      case "crlf":
        return Buffer.from(sample.replace(/\n/g, "\r\n"));
      case "quote":
        return Buffer.from(`${sample.slice(0, position)}"${sample.slice(position)}`);
    }
    return Buffer.from(sample);
  });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...samples).map((s) => Buffer.from(s)) },
    { weight: 6, arbitrary: damaged },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: fc.constantFrom(...SPECIAL_STRINGS).map((s) => Buffer.from(`ticker\n${s}\n`)) },
  );
}

export function csvImportRequests(samples: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const upload = fc
    .record({
      file: csvFile(samples),
      field: fc.constantFrom("file", "file", "file", "upload"),
      filename: fc.constantFrom("analyses.csv", "a.txt", "", "../../etc/passwd", "名前.csv"),
      type: fc.constantFrom("text/csv", "application/octet-stream", "application/json", ""),
      extra: fc.option(fc.tuple(fc.constantFrom("input", "file"), hostileString()), { nil: undefined, freq: 3 }),
    })
    .map(({ file, field, filename, type, extra }) => multipartBody(extra ? [extra] : [], [{ name: field, filename, type: type || "text/csv", content: file }]));
  const body = fc.oneof({ weight: 6, arbitrary: upload }, { weight: 2, arbitrary: malformedMultipart() }, { weight: 1, arbitrary: encodedBody(hostileJson()) });
  const identity = fc.constantFrom<Identity>("user", "user", "user", "user", "anonymous", "user-no-csrf");
  return fc.record({ body, identity }).map(({ body: b, identity: who }) => ({
    family: "csv POST /user/stock-analyses-csv/",
    method: "POST",
    url: "/user/stock-analyses-csv/",
    identity: who,
    headers: b.headers,
    payload: b.payload,
    encoding: b.encoding,
  }));
}

// ---------------------------------------------------------------------------------------------
// Static, SPA and unknown paths

const KNOWN_PATHS = [
  "/",
  "/stocks",
  "/analyze?autoSearch=true&ticker=NWSC",
  "/analyses/1",
  "/assets/index.js",
  "/favicon.ico",
  "/robots.txt",
  "/docs",
  "/docs/",
  "/docs/json",
  "/docs/yaml",
  "/docs/static/index.html",
  "/docs/static/../../package.json",
  "/../../etc/passwd",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/..%2f..%2fpackage.json",
  "/api",
  "/api/",
  "/api/unknown",
  "/api/chat/conversations/",
  "/user/",
  "/research/",
  "/csrf_cookie",
  "/healthz",
  "/readyz",
  "/metrics",
  "/dev/mailbox",
  "/gift/",
  "//api//me",
  "/api/me/..",
  "/API/ME",
];

export function strayRequests(): fc.Arbitrary<FuzzRequest> {
  const path = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...KNOWN_PATHS) },
    { weight: 2, arbitrary: fc.array(pathValue(fc.constantFrom("api", "user", "assets", "docs", "x")), { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join("/")}`) },
    { weight: 1, arbitrary: fc.webPath().map((p) => (p.startsWith("/") ? p : `/${p}`)) },
  );
  const method = fc.constantFrom("GET", "GET", "GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH");
  return fc.record({ path, method, identity: fc.constantFrom<Identity>("anonymous", "anonymous-csrf", "user") }).map(({ path: url, method: verb, identity }) => ({
    family: "stray paths",
    method: verb,
    url,
    identity,
    headers: { accept: "text/html,application/json" },
  }));
}
