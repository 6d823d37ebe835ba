import { Writable } from "node:stream";
import Fastify from "fastify";
import multipart from "@fastify/multipart";
import formbody from "@fastify/formbody";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test-support/test-database";
import { TEST_CSRF, TEST_ORIGIN, apiHeaders, createVerifiedUser, json, multipartForm, startTestApp, type TestApp } from "../test-support/test-app";
import { registerErrorHandler } from "./error-handler";
import { containsNul, rawBodyContainsNul, registerInputGuard } from "./input-guard";

const NUL_ANSWER = { error: "The request contains a character that is not allowed (NUL).", code: "invalid_characters" };
const csrf = { "x-csrftoken": TEST_CSRF, cookie: `csrftoken=${TEST_CSRF}` };

describe("containsNul and rawBodyContainsNul", () => {
  it("finds a NUL in strings, keys, arrays and deep nesting, and leaves bytes alone", () => {
    expect(containsNul("a\0b")).toBe(true);
    expect(containsNul({ a: ["x", { b: "\0" }] })).toBe(true);
    expect(containsNul({ "\0": 1 })).toBe(true);
    expect(containsNul({ a: "fine", b: [1, null, true] })).toBe(false);
    expect(containsNul(Buffer.from([0, 1, 2]))).toBe(false);
    let deep: unknown = "\0";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(containsNul(deep)).toBe(true);
  });

  it("reads a raw body as its content type says", () => {
    expect(rawBodyContainsNul(Buffer.from('{"a":"\\u0000"}'), "application/json")).toBe(true);
    expect(rawBodyContainsNul(Buffer.from('{"a":"\\u0000"}'), "text/plain")).toBe(false);
    expect(rawBodyContainsNul(Buffer.from("name=a%00"), "application/x-www-form-urlencoded")).toBe(true);
    expect(rawBodyContainsNul(Buffer.from([0x7b, 0x00, 0x7d]), undefined)).toBe(true);
    expect(rawBodyContainsNul(Buffer.from("{not json"), "application/json")).toBe(false);
    expect(rawBodyContainsNul(Buffer.from('{"a":"fine"}'), "application/json; charset=utf-8")).toBe(false);
  });
});

describe("the guard logs at warn with the code, route and request id, never the value", () => {
  it("logs a refused body and URL without the user's text", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const app = Fastify({ logger: { level: "warn", stream }, genReqId: (request) => String(request.headers["x-request-id"] ?? "generated-id") });
    registerErrorHandler(app);
    await app.register(multipart, { attachFieldsToBody: "keyValues" });
    await app.register(formbody);
    registerInputGuard(app);
    app.post("/echo/:id", async (request) => ({ body: request.body }));
    await app.ready();

    const body = await app.inject({ method: "POST", url: "/echo/1", payload: { secret: "TOPSECRET\0" }, headers: { "x-request-id": "req-guard-test-1" } });
    expect(body.statusCode).toBe(400);
    expect(json(body)).toEqual(NUL_ANSWER);
    const url = await app.inject({ method: "GET", url: "/echo/TOPSECRET%00?q=TOPSECRET%00" });
    expect(url.statusCode).toBe(400);
    const form = await app.inject({ method: "POST", url: "/echo/1", payload: "a=TOPSECRET%00", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(json(form)).toEqual(NUL_ANSWER);
    const parts = multipartForm({ field: "TOPSECRET\0" });
    const part = await app.inject({ method: "POST", url: "/echo/1", payload: parts.payload, headers: parts.headers });
    expect(json(part)).toEqual(NUL_ANSWER);
    expect((await app.inject({ method: "POST", url: "/echo/1", payload: { fine: "text" } })).statusCode).toBe(200);
    await app.close();

    const warnings = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.code === "invalid_characters");
    expect(warnings).toHaveLength(4);
    expect(warnings[0]).toMatchObject({ level: 40, code: "invalid_characters", route: "/echo/:id", reqId: "req-guard-test-1", part: "body" });
    expect(warnings[1]).toMatchObject({ level: 40, part: "url" });
    expect(lines.join("\n")).not.toContain("TOPSECRET");
  });
});

describe.each(testDatabaseKinds("storage-only"))("NUL characters are a 400, never a 500, on $name", (kind) => {
  let t: TestApp;
  let jwt: string;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ jwt, cookie } = await createVerifiedUser(t, "nul@example.com"));
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses a NUL in a path or query value, raw or percent-encoded", async () => {
    for (const url of ["/api/logos/A%00", "/user/stock-analyses/%00", "/user/stock-analyses/?ticker=%00", "/api/public-buy-stocks?ticker=a%00b", "/api/chat/conversations/x%00", "/api/nothing%00here"]) {
      const response = await t.app.inject({ method: url.startsWith("/user/stock-analyses/%00") ? "DELETE" : "GET", url, headers: apiHeaders(jwt) });
      expect([url, response.statusCode]).toEqual([url, 400]);
      expect(json(response)).toEqual(NUL_ANSWER);
    }
    const auth = await t.app.inject({ method: "GET", url: "/api/auth/verify-email?token=abc%00" });
    expect(auth.statusCode).toBe(400);
    expect(json(auth)).toMatchObject({ code: "invalid_characters", error: NUL_ANSWER.error });
  });

  it("refuses a NUL in the anonymous contact form (JSON, escaped or raw) and stores nothing", async () => {
    const escaped = await t.app.inject({ method: "POST", url: "/api/contact", headers: { ...csrf, "content-type": "application/json" }, payload: '{"name":"Ada\\u0000","email":"ada@example.com"}' });
    expect(escaped.statusCode).toBe(400);
    expect(json(escaped)).toEqual(NUL_ANSWER);
    const raw = await t.app.inject({ method: "POST", url: "/api/contact", headers: csrf, payload: { name: "Ada", email: "ada@example.com", message: "hi\0there" } });
    expect(json(raw)).toEqual(NUL_ANSWER);
    expect(await t.services.contact.list()).toEqual([]);
  });

  it("refuses a NUL in a form post and in a multipart field", async () => {
    const gift = await t.app.inject({
      method: "POST",
      url: "/gift",
      headers: { "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      payload: "name=A%00da&age=30&relationship=friend&interests=chess&budget=50_100&occasion=birthday",
    });
    expect(gift.statusCode).toBe(400);
    const form = multipartForm({ input: "NW\0SC" });
    const research = await t.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...apiHeaders(jwt) } });
    expect(research.statusCode).toBe(400);
    expect(json(research)).toEqual(NUL_ANSWER);
    const chat = await t.app.inject({ method: "POST", url: "/api/chat", payload: { message: "hello\0" }, headers: apiHeaders(jwt) });
    expect(json(chat)).toEqual(NUL_ANSWER);
  });

  it("refuses a NUL in better-auth's raw JSON and form bodies (reset-password, sign-up, update-user)", async () => {
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: { ...TEST_ORIGIN, "content-type": "application/json" },
      payload: '{"newPassword":"correct horse 43","token":"abc\\u0000"}',
    });
    expect(reset.statusCode).toBe(400);
    // better-auth's client reads `message`; the API's shape is {error, code}: both are there.
    expect(json(reset)).toEqual({ ...NUL_ANSWER, message: NUL_ANSWER.error });
    const signUp = await t.app.inject({ method: "POST", url: "/api/auth/sign-up/email", headers: TEST_ORIGIN, payload: { email: "new@example.com", password: "correct horse 42", name: "N\0" } });
    expect(json(signUp).code).toBe("invalid_characters");
    const signUpForm = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { ...TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: "email=form%40example.com&password=correct+horse+42&name=N%00",
    });
    expect(json(signUpForm).code).toBe("invalid_characters");
    const update = await t.app.inject({ method: "POST", url: "/api/auth/update-user", headers: { ...TEST_ORIGIN, cookie }, payload: { name: "Ada\0" } });
    expect(update.statusCode).toBe(400);
    expect(json(update).code).toBe("invalid_characters");
    const requestReset = await t.app.inject({ method: "POST", url: "/api/auth/request-password-reset", headers: TEST_ORIGIN, payload: { email: "nul@example.com", redirectTo: "/\0" } });
    expect(json(requestReset).code).toBe("invalid_characters");
  });
});
