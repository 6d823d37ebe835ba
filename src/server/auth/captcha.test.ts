import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test-support/test-database";
import { TEST_ORIGIN, json, startTestApp, type TestApp } from "../test-support/test-app";

/**
 * Bot protection is tested by replaying the verifier's answers at the HTTP layer: a local server
 * plays Cloudflare Turnstile's siteverify endpoint with the response bodies its documentation shows.
 */
const TURNSTILE_SUCCESS = {
  success: true,
  challenge_ts: "2022-02-28T15:14:30.096Z",
  hostname: "localhost",
  "error-codes": [],
  action: "signup",
  cdata: "",
};
const TURNSTILE_FAILURE = { success: false, "error-codes": ["invalid-input-response"] };

describe("CAPTCHA on sign-up and password reset", () => {
  let verifier: Server;
  let t: TestApp;
  const seen: string[] = [];

  beforeAll(async () => {
    verifier = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        const token = new URLSearchParams(body).get("response") ?? JSON.parse(body || "{}").response;
        seen.push(String(token));
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify(token === "good-token" ? TURNSTILE_SUCCESS : TURNSTILE_FAILURE));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, "127.0.0.1", () => resolve()));
    const { port } = verifier.address() as AddressInfo;
    t = await startTestApp(testDatabaseKinds("storage-only")[0]!, {
      CAPTCHA_PROVIDER: "turnstile",
      CAPTCHA_SITE_KEY: "1x00000000000000000000AA",
      CAPTCHA_SECRET_KEY: "1x0000000000000000000000000000000AA",
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => verifier.close(resolve));
  });

  const signUp = (captcha?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { ...TEST_ORIGIN, ...(captcha ? { "x-captcha-response": captcha } : {}) },
      payload: { email: `bot-${seen.length}-${captcha}@example.com`, password: "correct horse 42", name: "x" },
    });

  it("publishes the site key, never the secret", async () => {
    const body = json(await t.app.inject({ url: "/api/config" }));
    expect(body.captcha).toEqual({ provider: "turnstile", siteKey: "1x00000000000000000000AA" });
    expect(JSON.stringify(body)).not.toContain("1x0000000000000000000000000000000AA");
  });

  it("refuses a sign-up without a CAPTCHA answer", async () => {
    const response = await signUp();
    expect(response.statusCode).toBe(400);
    expect(json<{ code: string }>(response).code).toBe("MISSING_RESPONSE");
  });

  it("refuses a sign-up the verifier rejects, and accepts one it confirms", async () => {
    const rejected = await signUp("bad-token");
    expect(rejected.statusCode).toBe(403);
    expect((await signUp("good-token")).statusCode).toBe(200);
    expect(seen).toContain("bad-token");
    expect(seen).toContain("good-token");
  });

  it("guards the password-reset request too, but not sign-in", async () => {
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: TEST_ORIGIN,
      payload: { email: "someone@example.com" },
    });
    expect(reset.statusCode).toBe(400);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: TEST_ORIGIN,
      payload: { email: "someone@example.com", password: "correct horse 42" },
    });
    expect(signIn.statusCode).toBe(401);
  });
});
