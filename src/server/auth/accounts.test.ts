import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SignJWT, decodeProtectedHeader, generateKeyPair } from "jose";
import { testDatabaseKinds } from "../test-support/test-database";
import {
  TEST_ORIGIN,
  apiHeaders,
  createVerifiedUser,
  json,
  multipartForm,
  sessionCookie,
  startTestApp,
  type TestApp,
} from "../test-support/test-app";
import { UserRepository } from "./user.repository";

describe.each(testDatabaseKinds("storage-only"))("accounts on $name", (kind) => {
  let t: TestApp;
  /** POST /api/auth/sign-up/email from the app's origin, as the sign-up form sends it. */
  const postSignUp = (payload: { email: string; password: string; name: string }) =>
    t.app.inject({ method: "POST", url: "/api/auth/sign-up/email", headers: TEST_ORIGIN, payload });
  beforeEach(async () => {
    t = await startTestApp(kind);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  it("signs up, mails a verification link, verifies, issues a JWT the API accepts", async () => {
    const signUp = await postSignUp({ email: "Ada@Example.com", password: "correct horse 42", name: "Ada" });
    expect(signUp.statusCode).toBe(200);
    expect(json(signUp).token).toBeNull();

    const mail = t.mail.lastTo("ada@example.com");
    expect(mail.subject).toBe("Verify your e-mail for Quanta");
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=/);

    const verify = await t.app.inject({ method: "GET", url: `/api/auth/verify-email?token=${t.mail.tokenFrom(mail)}` });
    expect(verify.statusCode).toBe(200);
    const cookie = sessionCookie(verify);
    const token = json<{ token: string }>(
      await t.app.inject({ method: "GET", url: "/api/auth/token", headers: { cookie } }),
    ).token;
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(json(me)).toMatchObject({ user: { email: "ada@example.com", emailVerified: true } });
  });

  it("leaves a new user signed in but unverified: every verified gate answers email_unverified, not 401", async () => {
    const signUp = await postSignUp({ email: "new@example.com", password: "correct horse 42", name: "New" });
    expect(signUp.statusCode).toBe(200);
    const cookie = sessionCookie(signUp);
    const session = await t.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } });
    expect(json<{ user: { email: string; emailVerified: boolean } }>(session).user).toMatchObject({ email: "new@example.com", emailVerified: false });
    const jwt = json<{ token: string }>(await t.app.inject({ method: "GET", url: "/api/auth/token", headers: { cookie } })).token;

    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${jwt}` } });
    expect(json(me)).toMatchObject({ user: { email: "new@example.com", emailVerified: false } });
    const form = multipartForm({ input: "NWSC" });
    const analysis = await t.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...apiHeaders(jwt) } });
    expect(analysis.statusCode).toBe(403);
    expect(json<{ code: string }>(analysis).code).toBe("email_unverified");
    const chat = await t.app.inject({ method: "POST", url: "/api/chat", headers: apiHeaders(jwt), payload: { message: "hi" } });
    expect(json<{ code: string }>(chat).code).toBe("email_unverified");
    const watch = await t.app.inject({ method: "GET", url: "/api/watchlist", headers: apiHeaders(jwt) });
    expect(json<{ code: string }>(watch).code).toBe("email_unverified");
  });

  it("gives a duplicate sign-up no session, only the generic answer", async () => {
    await createVerifiedUser(t, "taken@example.com");
    const duplicate = await postSignUp({ email: "taken@example.com", password: "another pass 1", name: "x" });
    expect(duplicate.statusCode).toBe(200);
    expect(() => sessionCookie(duplicate)).toThrow("no session cookie");
    expect(json(duplicate).token).toBeNull();
  });

  it("answers a duplicate sign-up exactly like a new one and mails the owner instead", async () => {
    await createVerifiedUser(t, "owner@example.com");
    const duplicate = await postSignUp({ email: "owner@example.com", password: "another pass 1", name: "x" });
    const fresh = await postSignUp({ email: "fresh@example.com", password: "another pass 1", name: "x" });
    expect(duplicate.statusCode).toBe(fresh.statusCode);
    const shape = (body: Record<string, unknown>) => Object.keys(body.user as object).sort();
    expect(shape(json(duplicate))).toEqual(shape(json(fresh)));
    expect(t.mail.lastTo("owner@example.com").subject).toBe("This e-mail is already in use on Quanta");
  });

  it("resets a password through the e-mailed link without revealing unknown addresses", async () => {
    await createVerifiedUser(t, "reset@example.com", "old password 1");
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: TEST_ORIGIN,
      payload: { email: "nobody@example.com", redirectTo: "/reset-password" },
    });
    const known = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: TEST_ORIGIN,
      payload: { email: "reset@example.com", redirectTo: "/reset-password" },
    });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(t.mail.messages.some((m) => m.to === "nobody@example.com")).toBe(false);

    const mail = t.mail.lastTo("reset@example.com");
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: TEST_ORIGIN,
      payload: { newPassword: "new password 2", token: t.mail.tokenFrom(mail) },
    });
    expect(reset.statusCode).toBe(200);
    const signIn = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: TEST_ORIGIN,
        payload: { email: "reset@example.com", password },
      });
    expect((await signIn("old password 1")).statusCode).toBe(401);
    expect((await signIn("new password 2")).statusCode).toBe(200);
  });

  it("refuses passwords longer than 72 characters", async () => {
    const response = await postSignUp({ email: "long@example.com", password: "a".repeat(73), name: "x" });
    expect(response.statusCode).toBe(400);
    expect(json<{ code: string }>(response).code).toBe("PASSWORD_TOO_LONG");
  });

  describe("the Bearer gate on protected routes", () => {
    it("answers 401 without a token", async () => {
      const response = await t.app.inject({ method: "GET", url: "/api/me" });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ error: "Please sign in to continue.", code: "unauthenticated" });
    });

    it("answers 401 token_expired once the JWT's 15 minutes are over", async () => {
      const { jwt } = await createVerifiedUser(t, "expiry@example.com");
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 16 * 60_000 });
      const response = await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${jwt}` } });
      expect(response.statusCode).toBe(401);
      expect(json<{ code: string }>(response).code).toBe("token_expired");
    });

    it("answers 401 token_invalid to a JWT signed with another key under the same key id", async () => {
      const { jwt, userId } = await createVerifiedUser(t, "forge@example.com");
      const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
      const forged = await new SignJWT({ email: "forge@example.com", emailVerified: true })
        .setProtectedHeader({ alg: "EdDSA", kid: decodeProtectedHeader(jwt).kid! })
        .setSubject(userId)
        .setIssuer(t.config.appUrl)
        .setAudience(t.config.appUrl)
        .setExpirationTime("15m")
        .sign(privateKey);
      const response = await t.app.inject({
        method: "GET",
        url: "/api/me",
        headers: { authorization: `Bearer ${forged}` },
      });
      expect(response.statusCode).toBe(401);
      expect(json<{ code: string }>(response).code).toBe("token_invalid");
    });

    it("answers 401 user_disabled at once for a disabled user, ends their sessions and refuses sign-in", async () => {
      const { jwt, cookie, userId } = await createVerifiedUser(t, "disabled@example.com", "my password 9");
      await new UserRepository(t.database.db).setDisabled(userId, true, "test");

      const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${jwt}` } });
      expect(me.statusCode).toBe(401);
      expect(json<{ code: string }>(me).code).toBe("user_disabled");

      const refresh = await t.app.inject({ method: "GET", url: "/api/auth/token", headers: { cookie } });
      expect(refresh.statusCode).toBe(401);

      const signIn = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: TEST_ORIGIN,
        payload: { email: "disabled@example.com", password: "my password 9" },
      });
      expect(signIn.statusCode).toBe(403);
      expect(json<{ code: string }>(signIn).code).toBe("BANNED_USER");
    });
  });
});

describe.each(testDatabaseKinds("database-behaviour"))("sign-in rate limit on $name", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(kind, { AUTH_RATE_LIMIT_MAX: "3" });
  });
  afterEach(async () => {
    await t.close();
  });

  it("answers 429 after the configured number of attempts from one address, per address", async () => {
    const attempt = (ip: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { ...TEST_ORIGIN, "x-forwarded-for": "1.2.3.4" },
        remoteAddress: ip,
        payload: { email: "someone@example.com", password: "wrong password" },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt("10.0.0.1")).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // A forged X-Forwarded-For does not move the caller into a fresh bucket; another address does.
    expect((await attempt("10.0.0.2")).statusCode).toBe(401);
  });
});
