import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "./test-support/test-database";
import { json, startTestApp, type TestApp } from "./test-support/test-app";

describe("the app's HTTP contract", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabaseKinds("storage-only")[0]!);
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers /healthz and /readyz", async () => {
    expect(json(await t.app.inject({ url: "/healthz" }))).toEqual({ status: "ok" });
    expect(json(await t.app.inject({ url: "/readyz" }))).toEqual({ status: "ready" });
  });

  it("serves the public configuration without secrets", async () => {
    const body = json(await t.app.inject({ url: "/api/config" }));
    expect(body).toEqual({
      brand: "Quanta",
      demo: true,
      googleEnabled: false,
      billingEnabled: false,
      chatEnabled: true,
      stripe: null,
      chatUrl: "",
      freeDailyAnalyses: 5,
      captcha: null,
    });
  });

  it("answers unknown API paths with 404 {error, code}", async () => {
    const response = await t.app.inject({ url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ code: "not_found" });
  });

  it("sets security headers and a request id", async () => {
    const response = await t.app.inject({ url: "/healthz", headers: { "x-request-id": "req-12345678" } });
    expect(response.headers["x-request-id"]).toBe("req-12345678");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("publishes the OpenAPI document at /docs", async () => {
    const response = await t.app.inject({ url: "/docs/json" });
    expect(response.statusCode).toBe(200);
    const doc = json<{ paths: Record<string, unknown> }>(response);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/healthz", "/readyz", "/api/config", "/api/me"]));
  });

  it("compresses large JSON answers for clients that accept it", async () => {
    const response = await t.app.inject({ url: "/docs/json", headers: { "accept-encoding": "gzip, br" } });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString("utf8"))).toHaveProperty("paths");
  });
});
