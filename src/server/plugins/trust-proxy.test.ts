import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test-support/test-database";
import { TEST_CSRF, TEST_ORIGIN, startTestApp, type TestApp } from "../test-support/test-app";
import { ConfigError, loadConfig } from "../config";

const [pglite] = testDatabaseKinds("storage-only");
const PROXY = "10.0.0.5";

describe("TRUST_PROXY", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("reads the proxies' addresses, and refuses 'true' and hop counts, which cannot tell a proxy from a client", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.5, 10.1.0.0/16,::1,loopback" }).trustProxy).toEqual(["10.0.0.5", "10.1.0.0/16", "::1", "loopback"]);
    for (const bad of ["true", "yes", "1", "2", "10.0.0.300", "10.0.0.0/33", "proxy.example"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
  });

  // A client behind one proxy writes its own X-Forwarded-For; the proxy appends the real address.
  const rotatingForwardedFor = (attempt: number) => `198.51.100.${attempt}, 203.0.113.7`;

  for (const setting of [PROXY, "10.0.0.0/24"]) {
    it(`limits sign-in by the address the proxy saw, however the client rotates X-Forwarded-For (TRUST_PROXY=${setting})`, async () => {
      t = await startTestApp(pglite!, { TRUST_PROXY: setting, AUTH_RATE_LIMIT_MAX: "3" });
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 6; attempt++) {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          remoteAddress: PROXY,
          headers: { ...TEST_ORIGIN, "x-forwarded-for": rotatingForwardedFor(attempt) },
          payload: { email: "nobody@example.com", password: "wrong password 1" },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.slice(3)).toEqual([429, 429, 429]);
    });
  }

  it("limits contact messages by the proxied address too", async () => {
    t = await startTestApp(pglite!, { TRUST_PROXY: PROXY });
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        remoteAddress: PROXY,
        headers: { "x-csrftoken": TEST_CSRF, cookie: `csrftoken=${TEST_CSRF}`, "x-forwarded-for": rotatingForwardedFor(attempt) },
        payload: { name: "Ada", email: "ada@example.com", message: `hello ${attempt}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
    const stored = await t.services.contact.list();
    expect(new Set(stored.map((row) => row.ip))).toEqual(new Set(["203.0.113.7"]));
  });

  it("ignores X-Forwarded-For from a peer that is not a named proxy", async () => {
    t = await startTestApp(pglite!, { TRUST_PROXY: PROXY });
    await t.app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: "192.0.2.44",
      headers: { "x-csrftoken": TEST_CSRF, cookie: `csrftoken=${TEST_CSRF}`, "x-forwarded-for": "198.51.100.1" },
      payload: { name: "Ada", email: "ada@example.com" },
    });
    const [row] = await t.services.contact.list();
    expect(row?.ip).toBe("192.0.2.44");
  });
});
