import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test-support/test-database";
import { TEST_ORIGIN, createVerifiedUser, json, startTestApp, type TestApp } from "../test-support/test-app";

describe.each(testDatabaseKinds("storage-only"))("the better-auth proxy refuses bad bodies with a 4xx on $name", (kind) => {
  let t: TestApp;
  let cookie: string;
  let jwt: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ cookie, jwt } = await createVerifiedUser(t, "proxy@example.com"));
  });
  afterAll(async () => {
    await t.close();
  });

  const updateUser = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { ...TEST_ORIGIN, cookie, "content-type": "application/json", ...headers },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });

  it("answers update-user with a null or non-text name as a 400 invalid_name, not a database error", async () => {
    for (const name of [null, 5, "", "   ", "x".repeat(101), ["Ada"], { first: "Ada" }]) {
      const response = await updateUser({ name });
      expect([name, response.statusCode]).toEqual([name, 400]);
      expect(json(response)).toEqual({ error: "The name must be text of 1 to 100 characters.", code: "invalid_name", message: "The name must be text of 1 to 100 characters." });
    }
    const image = await updateUser({ image: 42 });
    expect(image.statusCode).toBe(400);
    expect(json(image).code).toBe("invalid_image");
    for (const body of [null, [], JSON.stringify("name"), 1]) {
      const response = await updateUser(body);
      expect([body, response.statusCode]).toEqual([body, 400]);
      expect(json(response).code).toBe("invalid_request");
    }
  });

  it("still updates a valid name and a null image", async () => {
    const response = await updateUser({ name: "Ada Lovelace", image: null });
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } });
    expect(json<{ user: { name: string; image: string | null } }>(me).user).toMatchObject({ name: "Ada Lovelace", image: null });
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${jwt}` } })).statusCode).toBe(200);
  });

  it("answers a body that is not JSON with 400 invalid_json on every JSON route", async () => {
    for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/update-user", "/api/auth/reset-password", "/api/auth/change-password"]) {
      for (const payload of ["{", '{"email":}', "nul", "\uFEFF{}", '{"a":"\\ud800"'])
        for (const type of ["application/json", "application/json; charset=utf-8", "application/vnd.api+json"]) {
          const response = await t.app.inject({ method: "POST", url: path, headers: { ...TEST_ORIGIN, cookie, "content-type": type }, payload });
          expect([path, payload, response.statusCode]).toEqual([path, payload, 400]);
          expect(json(response)).toMatchObject({ error: "The request body is not valid JSON.", code: "invalid_json" });
        }
    }
  });

  it("answers an over-long /api/auth path as not found instead of failing on better-auth's rate-limit key", async () => {
    const random = randomBytes(3000).toString("base64url");
    for (const url of [`/api/auth/${random}`, `/api/auth/sign-in/${random.slice(0, 1200)}`, `/api/auth/${"%C3%A9".repeat(600)}`]) {
      for (const method of ["GET", "POST"] as const) {
        const response = await t.app.inject({ method, url, headers: TEST_ORIGIN, ...(method === "POST" && { payload: {} }) });
        expect([method, response.statusCode]).toEqual([method, 404]);
        expect(json(response)).toMatchObject({ error: "Nothing is here.", code: "not_found" });
      }
    }
    expect((await t.app.inject({ method: "GET", url: "/api/auth/ok" })).statusCode).toBe(200);
  });

  it("gives better-auth's own 4xx answers the API's {error, code}, keeping `message` for its client", async () => {
    const wrong = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", headers: TEST_ORIGIN, payload: { email: "proxy@example.com", password: "not the password" } });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD", error: expect.any(String), message: expect.any(String) });
    // Some of better-auth's refusals come without a body.
    const admin = await t.app.inject({ method: "POST", url: "/api/auth/admin/ban-user", headers: TEST_ORIGIN, payload: { userId: "x" } });
    expect(admin.statusCode).toBe(401);
    expect(json(admin)).toEqual({ error: "Please sign in to continue.", code: "unauthenticated", message: "Please sign in to continue." });
    const signedIn = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", headers: TEST_ORIGIN, payload: { email: "proxy@example.com", password: "correct horse 42" } });
    expect(signedIn.statusCode).toBe(200);
  });
});
