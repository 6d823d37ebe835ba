import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopbackAliases, trustedOriginsFor } from "../config";
import { testDatabaseKinds } from "../test-support/test-database";
import { TEST_AUTH_SECRET, createVerifiedUser, json, startTestApp, type TestApp } from "../test-support/test-app";
import { originOf, untrustedOriginMessage } from "./untrusted-origin";

const LAN = "http://192.168.1.5:3000";
const LAN_MESSAGE =
  "This page was opened at http://192.168.1.5:3000 but Quanta is configured for http://localhost:3000 (APP_URL). Open it at http://localhost:3000, or set APP_URL or TRUSTED_ORIGINS to http://192.168.1.5:3000.";

describe("loopback aliases of APP_URL (config.ts)", () => {
  it("names the other loopback hosts with the same scheme and port", () => {
    expect(loopbackAliases("http://localhost:3000")).toEqual(["http://127.0.0.1:3000", "http://[::1]:3000"]);
    expect(loopbackAliases("https://127.0.0.1:8443")).toEqual(["https://localhost:8443", "https://[::1]:8443"]);
    expect(loopbackAliases("http://[::1]")).toEqual(["http://localhost", "http://127.0.0.1"]);
  });

  it("never guesses for a LAN address or a domain", () => {
    expect(loopbackAliases(LAN)).toEqual([]);
    expect(loopbackAliases("https://quanta.example.com")).toEqual([]);
  });

  it("trusts them outside production only, beside TRUSTED_ORIGINS", () => {
    expect(trustedOriginsFor("http://localhost:3000/", false, [LAN])).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
      LAN,
    ]);
    expect(trustedOriginsFor("http://localhost:3000", true, [])).toEqual(["http://localhost:3000"]);
  });
});

describe("the untrusted-origin sentence", () => {
  it("names the page's address, APP_URL and the settings", () => {
    expect(untrustedOriginMessage(LAN, "http://localhost:3000/")).toBe(LAN_MESSAGE);
    expect(untrustedOriginMessage(null, "http://localhost:3000")).toContain("Open it at http://localhost:3000");
  });

  it("reads the origin of an Origin or Referer header", () => {
    expect(originOf("http://192.168.1.5:3000/stocks?x=1")).toBe(LAN);
    expect(originOf("null")).toBeNull();
    expect(originOf("not a url")).toBeNull();
    expect(originOf(undefined)).toBeNull();
  });
});

const [kind] = testDatabaseKinds("storage-only");
const password = "correct horse 42";

function signIn(t: TestApp, origin: string, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    // A cookie (the CSRF one every page has) makes better-auth check the Origin.
    headers: { origin, cookie: "csrftoken=abc", "content-type": "application/json", ...extra },
    payload: JSON.stringify({ email: "origin@example.com", password }),
  });
}

describe("signing in from another address than APP_URL (the real app)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind!, { NODE_ENV: "development" });
    await createVerifiedUser(t, "origin@example.com", password);
  });
  afterAll(async () => {
    await t.close();
  });

  it("accepts 127.0.0.1 and [::1] for APP_URL http://localhost:3000 in development", async () => {
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]) {
      const response = await signIn(t, origin);
      expect([origin, response.statusCode]).toEqual([origin, 200]);
    }
  });

  it("refuses a LAN address with a sentence that explains the fix", async () => {
    const response = await signIn(t, LAN);
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({ code: "INVALID_ORIGIN", error: LAN_MESSAGE, message: LAN_MESSAGE });
  });

  it("explains a callback URL at the LAN address the same way (sign-up without cookies)", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: LAN, "content-type": "application/json" },
      payload: JSON.stringify({ email: "lan@example.com", password, name: "Lan", callbackURL: `${LAN}/verify-email` }),
    });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({ code: "INVALID_CALLBACK_URL", error: LAN_MESSAGE });
  });
});

describe("signing in from a loopback alias in production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind!, { NODE_ENV: "production", AUTH_SECRET: TEST_AUTH_SECRET });
    await createVerifiedUser(t, "origin@example.com", password);
  });
  afterAll(async () => {
    await t.close();
  });

  it("trusts only APP_URL, and says how to fix it", async () => {
    expect((await signIn(t, "http://localhost:3000")).statusCode).toBe(200);
    const response = await signIn(t, "http://127.0.0.1:3000");
    expect(response.statusCode).toBe(403);
    expect(json(response).error).toBe(
      "This page was opened at http://127.0.0.1:3000 but Quanta is configured for http://localhost:3000 (APP_URL). Open it at http://localhost:3000, or set APP_URL or TRUSTED_ORIGINS to http://127.0.0.1:3000.",
    );
  });
});
