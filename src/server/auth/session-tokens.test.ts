import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test-support/test-database";
import { eq } from "drizzle-orm";
import { symmetricDecrypt } from "better-auth/crypto";
import { SignJWT, decodeJwt, decodeProtectedHeader, importJWK, type JWK } from "jose";
import { TEST_AUTH_SECRET, TEST_ORIGIN, createVerifiedUser, json, sessionCookie, startTestApp, type TestApp } from "../test-support/test-app";
import { jwks } from "../db/schema";
import { API_TOKEN_ISSUER } from "./token-verifier";

const OTHER_SECRET = "rotated-secret-rotated-secret-rotated-0123456789";

describe.each(testDatabaseKinds("database-behaviour"))("tokens and sessions on $name", (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("instances on one database at different APP_URLs accept each other's tokens", async () => {
    t = await startTestApp(kind);
    const otherUrl = "https://b.quanta.example";
    // The second instance shares the first one's database; the first closes it.
    const b = await startTestApp(kind, { APP_URL: otherUrl }, { database: { ...t.database, close: async () => undefined } });
    try {
      const { jwt: fromA } = await createVerifiedUser(t, "roamer@example.com");
      const meAtB = await b.app.inject({ url: "/api/me", headers: { authorization: `Bearer ${fromA}` } });
      expect(meAtB.statusCode, meAtB.body).toBe(200);
      expect(json<{ user: { email: string } }>(meAtB).user.email).toBe("roamer@example.com");

      const signIn = await b.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin: otherUrl },
        payload: { email: "roamer@example.com", password: "correct horse 42" },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const token = await b.app.inject({ url: "/api/auth/token", headers: { cookie: sessionCookie(signIn) } });
      const fromB = json<{ token: string }>(token).token;
      expect((await t.app.inject({ url: "/api/me", headers: { authorization: `Bearer ${fromB}` } })).statusCode).toBe(200);
    } finally {
      await b.close();
    }
  });

  it("still checks issuer and audience: the shared name, or this instance's APP_URL for tokens made before it", async () => {
    t = await startTestApp(kind);
    const { jwt, userId } = await createVerifiedUser(t, "issuer@example.com");
    const header = decodeProtectedHeader(jwt);
    const claims = decodeJwt(jwt);
    expect(claims).toMatchObject({ iss: API_TOKEN_ISSUER, aud: API_TOKEN_ISSUER });
    // Signed with this database's own key, as better-auth signs: only the issuer and audience vary.
    const [row] = await t.database.db.select().from(jwks).where(eq(jwks.id, header.kid!));
    const privateJwk = JSON.parse(await symmetricDecrypt({ key: TEST_AUTH_SECRET, data: JSON.parse(row!.privateKey) as string })) as JWK;
    const key = await importJWK(privateJwk, header.alg);
    const signed = (issuer: string, audience: string) =>
      new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: header.alg!, kid: header.kid! })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setExpirationTime("15m")
        .sign(key);
    const me = async (token: string) => t!.app.inject({ url: "/api/me", headers: { authorization: `Bearer ${token}` } });
    expect((await me(await signed(API_TOKEN_ISSUER, API_TOKEN_ISSUER))).statusCode).toBe(200);
    expect((await me(await signed(t.config.appUrl, t.config.appUrl))).statusCode).toBe(200);
    for (const [issuer, audience] of [["https://elsewhere.example", API_TOKEN_ISSUER], [API_TOKEN_ISSUER, "https://elsewhere.example"]]) {
      const refused = await me(await signed(issuer!, audience!));
      expect(refused.statusCode).toBe(401);
      expect(json(refused)).toMatchObject({ code: "token_invalid" });
    }
  });

  it("ends a token at sign-out, not when it expires 15 minutes later", async () => {
    t = await startTestApp(kind);
    const { cookie, jwt } = await createVerifiedUser(t, "leaver@example.com");
    const bearer = { authorization: `Bearer ${jwt}` };
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: bearer })).statusCode).toBe(200);

    const signOut = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { ...TEST_ORIGIN, cookie }, payload: {} });
    expect(signOut.statusCode).toBe(200);

    const after = await t.app.inject({ method: "GET", url: "/api/me", headers: bearer });
    expect(after.statusCode).toBe(401);
    expect(json(after)).toEqual({ error: "You have signed out on this device. Please sign in again.", code: "session_ended" });
  });

  it("does not echo the raw session token in JSON or headers, where the HttpOnly cookie suffices", async () => {
    t = await startTestApp(kind);
    await createVerifiedUser(t, "echo@example.com");
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: TEST_ORIGIN,
      payload: { email: "echo@example.com", password: "correct horse 42" },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = sessionCookie(signIn);
    const rawToken = decodeURIComponent(cookie.split("=")[1]!.split(".")[0]!);
    expect(rawToken.length).toBeGreaterThan(16);
    expect(json(signIn)).toMatchObject({ token: null, user: { email: "echo@example.com" } });
    expect(signIn.headers["set-auth-token"]).toBeUndefined();
    for (const url of ["/api/auth/get-session", "/api/auth/list-sessions"]) {
      const response = await t.app.inject({ method: "GET", url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain(rawToken);
    }
    // The JWT endpoint still answers its token, and the cookie alone still works.
    const jwt = await t.app.inject({ method: "GET", url: "/api/auth/token", headers: { cookie } });
    expect(typeof json<{ token: unknown }>(jwt).token).toBe("string");
  });

  it("keeps tokens of the user's other sessions working after one sign-out", async () => {
    t = await startTestApp(kind);
    const first = await createVerifiedUser(t, "two-devices@example.com");
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: TEST_ORIGIN,
      payload: { email: "two-devices@example.com", password: "correct horse 42" },
    });
    const secondCookie = sessionCookie(signIn);
    const secondJwt = json<{ token: string }>(await t.app.inject({ method: "GET", url: "/api/auth/token", headers: { cookie: secondCookie } })).token;

    await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { ...TEST_ORIGIN, cookie: first.cookie }, payload: {} });
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${first.jwt}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${secondJwt}` } })).statusCode).toBe(200);
  });

  it("signs users in again after the auth secret changes, with new signing keys, instead of failing every token request", async () => {
    t = await startTestApp(kind);
    const before = await createVerifiedUser(t, "rotate@example.com");
    const database = t.database;
    const [oldKey] = await database.db.select({ id: jwks.id }).from(jwks);
    await t.app.close();

    t = await startTestApp(kind, {}, { database, authSecret: OTHER_SECRET });
    // The old token and the old cookie were made with the old secret: both are refused cleanly.
    const oldToken = await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${before.jwt}` } });
    expect(oldToken.statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/token", headers: { cookie: before.cookie } })).statusCode).toBe(401);

    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: TEST_ORIGIN,
      payload: { email: "rotate@example.com", password: "correct horse 42" },
    });
    expect(signIn.statusCode).toBe(200);
    const token = await t.app.inject({ method: "GET", url: "/api/auth/token", headers: { cookie: sessionCookie(signIn) } });
    expect(token.statusCode).toBe(200);
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${json<{ token: string }>(token).token}` } });
    expect(me.statusCode).toBe(200);
    const keys = await database.db.select({ id: jwks.id }).from(jwks);
    expect(keys.map((k) => k.id)).not.toContain(oldKey?.id);
  });
});
