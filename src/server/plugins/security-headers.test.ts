import Fastify, { type FastifyInstance } from "fastify";
import type * as Helmet from "helmet";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config";
import { registerSecurityHeaders, securityHeaders } from "./security-headers";

const helmetBuilds = vi.hoisted(() => ({ count: 0 }));
vi.mock("helmet", async (importOriginal) => {
  const original = await importOriginal<typeof Helmet>();
  const counted = (...args: Parameters<typeof original.default>) => {
    helmetBuilds.count++;
    return original.default(...args);
  };
  return { ...original, default: counted };
});

/** What @fastify/helmet sent with these options on plain http (captured before the headers were precomputed). */
const HTTP_HEADERS = {
  "content-security-policy":
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'self'",
  "cross-origin-opener-policy": "same-origin-allow-popups",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const app = Fastify();
  registerSecurityHeaders(app, loadConfig(env));
  app.get("/plain", async () => "ok");
  app.get("/own-csp", async (_request, reply) => reply.header("content-security-policy", "default-src 'none'").send("ok"));
  await app.ready();
  return app;
}

function sentSecurityHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const { date: _date, connection: _connection, "content-length": _length, "content-type": _type, ...rest } = headers;
  return rest;
}

describe("security headers", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it("sends exactly the headers @fastify/helmet sent, on http and (with HSTS and upgrade-insecure-requests) on https", async () => {
    app = await appWith({});
    expect(sentSecurityHeaders((await app.inject({ url: "/plain" })).headers)).toEqual(HTTP_HEADERS);
    await app.close();
    app = await appWith({ APP_URL: "https://quanta.example" });
    expect(sentSecurityHeaders((await app.inject({ url: "/plain" })).headers)).toEqual({
      ...HTTP_HEADERS,
      "content-security-policy": HTTP_HEADERS["content-security-policy"].replace("style-src 'self' 'unsafe-inline';", "style-src 'self' 'unsafe-inline';upgrade-insecure-requests;"),
      "strict-transport-security": "max-age=31536000",
    });
  });

  it("names the outside origins a configured feature needs in the CSP", () => {
    const csp = securityHeaders(loadConfig({ CAPTCHA_PROVIDER: "turnstile", CAPTCHA_SITE_KEY: "site", CAPTCHA_SECRET_KEY: "secret" }))["content-security-policy"];
    expect(csp).toContain("script-src 'self' https://challenges.cloudflare.com");
  });

  it("lets a route replace one of them", async () => {
    app = await appWith({});
    const response = await app.inject({ url: "/own-csp" });
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("builds Helmet once per app, not once per request", async () => {
    helmetBuilds.count = 0;
    app = await appWith({});
    for (let k = 0; k < 5; k++) expect((await app.inject({ url: "/plain" })).headers["x-content-type-options"]).toBe("nosniff");
    expect(helmetBuilds.count).toBe(1);
  });
});
