import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test-support/test-database";
import { TEST_ORIGIN, createVerifiedUser, json, sessionCookie, startTestApp, type TestApp } from "../test-support/test-app";

const TOO_COMMON = {
  code: "password_too_common",
  message: "This password is too common. Please choose a less common one.",
};
const CONTAINS_EMAIL = {
  code: "password_contains_email",
  message: "Your password must not contain your e-mail address.",
};

describe.each(testDatabaseKinds("storage-only"))("password policy on $name", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, headers: { ...TEST_ORIGIN, ...headers }, payload });
  const signUp = (email: string, password: string) =>
    post("/api/auth/sign-up/email", { email, password, name: email.split("@")[0] });
  const signIn = (email: string, password: string) => post("/api/auth/sign-in/email", { email, password });

  describe("sign-up", () => {
    it("refuses common passwords and the e-mail with 400 and a clear message, creating no account", async () => {
      const cases: [string, typeof TOO_COMMON][] = [
        ["password1", TOO_COMMON],
        ["qwertyuiop", TOO_COMMON],
        ["  QwertyUiop ", TOO_COMMON],
        ["grace.hopper@example.com", CONTAINS_EMAIL],
        ["Grace.Hopper@Example.com", CONTAINS_EMAIL],
        ["grace.hopper", CONTAINS_EMAIL],
        ["I am grace.hopper 1906", CONTAINS_EMAIL],
      ];
      for (const [password, expected] of cases) {
        const response = await signUp("grace.hopper@example.com", password);
        expect({ password, status: response.statusCode, body: json(response) }).toEqual({
          password,
          status: 400,
          body: expect.objectContaining(expected),
        });
      }
      expect(t.mail.messages).toEqual([]);
      expect((await signIn("grace.hopper@example.com", "password1")).statusCode).toBe(401);
    });

    it("accepts a good password (the one the other tests use) and mails the verification link", async () => {
      const response = await signUp("grace.hopper@example.com", "correct horse 42");
      expect(response.statusCode).toBe(200);
      expect(t.mail.lastTo("grace.hopper@example.com").subject).toBe("Verify your e-mail for Quanta");
    });

    it("answers a registered e-mail exactly like a new one", async () => {
      await createVerifiedUser(t, "taken@example.com");
      const taken = await signUp("taken@example.com", "password1");
      const fresh = await signUp("fresh@example.com", "password1");
      expect(taken.statusCode).toBe(400);
      expect(taken.body).toBe(fresh.body);
    });

    it("keeps better-auth's length answers first", async () => {
      const short = await signUp("short@example.com", "1234");
      expect(short.statusCode).toBe(400);
      expect(json(short).code).toBe("PASSWORD_TOO_SHORT");
    });
  });

  describe("reset", () => {
    async function resetToken(email: string): Promise<string> {
      await createVerifiedUser(t, email, "old password 1");
      const request = await post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
      expect(request.statusCode).toBe(200);
      return t.mail.tokenFrom(t.mail.lastTo(email));
    }
    const reset = (token: string, newPassword: string) => post("/api/auth/reset-password", { newPassword, token });

    it("refuses a common password and one containing the token owner's e-mail, then takes a good one", async () => {
      const token = await resetToken("marie.curie@example.com");

      const common = await reset(token, "password1");
      expect(common.statusCode).toBe(400);
      expect(json(common)).toMatchObject(TOO_COMMON);

      const own = await reset(token, "marie.curie 1867");
      expect(own.statusCode).toBe(400);
      expect(json(own)).toMatchObject(CONTAINS_EMAIL);

      // The refused attempts did not use up the link.
      expect((await reset(token, "radium and polonium")).statusCode).toBe(200);
      expect((await signIn("marie.curie@example.com", "old password 1")).statusCode).toBe(401);
      expect((await signIn("marie.curie@example.com", "radium and polonium")).statusCode).toBe(200);
    });

    it("leaves an unknown token to better-auth's INVALID_TOKEN answer", async () => {
      const response = await reset("no-such-token", "password1");
      expect(response.statusCode).toBe(400);
      expect(json(response).code).toBe("INVALID_TOKEN");
    });
  });

  describe("change-password", () => {
    const change = (cookie: string, newPassword: string) =>
      post("/api/auth/change-password", { currentPassword: "old password 1", newPassword }, { cookie });

    it("refuses a common password and the signed-in user's e-mail, then takes a good one", async () => {
      const { cookie } = await createVerifiedUser(t, "rosalind@example.com", "old password 1");

      const common = await change(cookie, "qwertyuiop");
      expect(common.statusCode).toBe(400);
      expect(json(common)).toMatchObject(TOO_COMMON);

      const own = await change(cookie, "rosalind@example.com");
      expect(own.statusCode).toBe(400);
      expect(json(own)).toMatchObject(CONTAINS_EMAIL);

      expect((await signIn("rosalind@example.com", "old password 1")).statusCode).toBe(200);
      expect((await change(cookie, "photo fifty one")).statusCode).toBe(200);
      expect((await signIn("rosalind@example.com", "photo fifty one")).statusCode).toBe(200);
    });

    it("refuses a common password from a client that sends its session as a Bearer token", async () => {
      await createVerifiedUser(t, "bearer@example.com", "old password 1");
      const signedIn = await signIn("bearer@example.com", "old password 1");
      // The session token is no longer echoed in JSON or set-auth-token; a client has it from the cookie.
      const token = decodeURIComponent(sessionCookie(signedIn).split(";")[0]!.split("=").slice(1).join("="));
      expect(token.length).toBeGreaterThan(16);
      const authorization = `Bearer ${token}`;

      const change = (newPassword: string) =>
        post("/api/auth/change-password", { currentPassword: "old password 1", newPassword }, { authorization });

      const common = await change("password1");
      expect(common.statusCode).toBe(400);
      expect(json(common)).toMatchObject(TOO_COMMON);
      expect((await change("a fresh start 7")).statusCode).toBe(200);
    });

    it("still answers 401 without a session", async () => {
      const response = await post("/api/auth/change-password", { currentPassword: "x", newPassword: "password1" });
      expect(response.statusCode).toBe(401);
    });
  });

  describe("strength", () => {
    const TOO_WEAK = (message: string) => ({ code: "password_too_weak", message: `This password is too easy to guess. ${message}` });
    const REPEATED = TOO_WEAK("Repeated characters like 'aaa' are easy to guess. Please avoid repeated words and characters.");
    const SEQUENCE = TOO_WEAK("Sequences like 'abc' or '6543' are easy to guess. Please avoid common sequences.");
    const LIKE_COMMON = TOO_WEAK("It is too similar to a commonly used password. A capital first letter does not help much: please add another word.");

    it("refuses aaaaaaaa, abcdefgh and Password123! at sign-up with zxcvbn's reason, creating no account", async () => {
      for (const [password, expected] of [["aaaaaaaa", REPEATED], ["abcdefgh", SEQUENCE], ["Password123!", LIKE_COMMON]] as const) {
        const response = await signUp("ada.weak@example.com", password);
        expect({ password, status: response.statusCode, body: json(response) }).toEqual({ password, status: 400, body: expect.objectContaining(expected) });
      }
      expect(t.mail.messages).toEqual([]);
      // The owner's e-mail counts as known words: weak for them, fine for someone else.
      const own = await signUp("quentin.tarantula@example.com", "tarantula-1987");
      expect(json(own)).toMatchObject({ code: "password_too_weak" });
      expect((await signUp("someone.else@example.com", "tarantula-1987")).statusCode).toBe(200);
    });

    it("refuses a weak new password at reset and at change (cookie or Bearer session), then takes a strong one", async () => {
      await createVerifiedUser(t, "weak.reset@example.com", "old password 1");
      await post("/api/auth/request-password-reset", { email: "weak.reset@example.com", redirectTo: "/reset-password" });
      const token = t.mail.tokenFrom(t.mail.lastTo("weak.reset@example.com"));
      const weakReset = await post("/api/auth/reset-password", { newPassword: "aaaaaaaa", token });
      expect(weakReset.statusCode).toBe(400);
      expect(json(weakReset)).toMatchObject(REPEATED);
      expect((await post("/api/auth/reset-password", { newPassword: "radium and polonium", token })).statusCode).toBe(200);

      const { cookie } = await createVerifiedUser(t, "weak.change@example.com", "old password 1");
      const weakChange = await post("/api/auth/change-password", { currentPassword: "old password 1", newPassword: "abcdefgh" }, { cookie });
      expect(weakChange.statusCode).toBe(400);
      expect(json(weakChange)).toMatchObject(SEQUENCE);

      const signedIn = await signIn("weak.change@example.com", "old password 1");
      const sessionToken = decodeURIComponent(sessionCookie(signedIn).split(";")[0]!.split("=").slice(1).join("="));
      const bearer = await post("/api/auth/change-password", { currentPassword: "old password 1", newPassword: "Password123!" }, { authorization: `Bearer ${sessionToken}` });
      expect(bearer.statusCode).toBe(400);
      expect(json(bearer)).toMatchObject(LIKE_COMMON);
      expect((await signIn("weak.change@example.com", "old password 1")).statusCode).toBe(200);
    });
  });
});
