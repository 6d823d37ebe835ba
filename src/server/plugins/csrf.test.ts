import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test-support/test-database";
import { json, startTestApp, type TestApp } from "../test-support/test-app";

describe("CSRF double-submit gate", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabaseKinds("storage-only")[0]!);
  });
  afterAll(async () => {
    await t.close();
  });

  async function csrfCookie(): Promise<string> {
    const response = await t.app.inject({ method: "GET", url: "/csrf_cookie" });
    expect(response.statusCode).toBe(200);
    const { csrfToken } = json<{ csrfToken: string }>(response);
    const cookie = response.cookies.find((c) => c.name === "csrftoken");
    expect(cookie?.value).toBe(csrfToken);
    expect(cookie?.httpOnly).toBeFalsy();
    return csrfToken;
  }

  it("GET /csrf_cookie sets the csrftoken cookie and returns the same token, reusing a valid one", async () => {
    const token = await csrfCookie();
    const again = await t.app.inject({ method: "GET", url: "/csrf_cookie", cookies: { csrftoken: token } });
    expect(json(again)).toEqual({ csrfToken: token });
  });

  it("refuses an unsafe request without the header with 403 csrf_missing", async () => {
    const token = await csrfCookie();
    const response = await t.app.inject({ method: "POST", url: "/api/me", cookies: { csrftoken: token } });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({ code: "csrf_missing" });
  });

  it("refuses a header that does not match the cookie, and a header without a cookie", async () => {
    const token = await csrfCookie();
    const mismatched = await t.app.inject({
      method: "DELETE",
      url: "/user/stock-analyses/1",
      cookies: { csrftoken: token },
      headers: { "x-csrftoken": `${token.slice(0, -1)}x` },
    });
    expect(mismatched.statusCode).toBe(403);
    expect(json(mismatched)).toMatchObject({ code: "csrf_missing" });
    const noCookie = await t.app.inject({ method: "PUT", url: "/api/me", headers: { "x-csrftoken": token } });
    expect(noCookie.statusCode).toBe(403);
  });

  it("lets a matching header through to the route (which then answers for itself)", async () => {
    const token = await csrfCookie();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/me",
      cookies: { csrftoken: token },
      headers: { "x-csrftoken": token },
    });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ code: "not_found" });
  });

  it("leaves /api/auth to better-auth's own Origin check", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: "https://evil.example", cookie: "better-auth.session_token=x" },
      payload: { email: "a@example.com", password: "whatever1" },
    });
    expect(response.statusCode).toBe(403);
    expect(json<{ code: string }>(response).code).toBe("INVALID_ORIGIN");
  });
});
