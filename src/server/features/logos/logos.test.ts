import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startLocalServer, type LocalServer } from "../../test-support/local-http-server";
import { testDatabaseKinds } from "../../test-support/test-database";
import { json, startTestApp, type TestApp } from "../../test-support/test-app";

const pglite = testDatabaseKinds("storage-only")[0]!;
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

describe("GET/HEAD /api/logos/:ticker", () => {
  let t: TestApp;
  let provider: LocalServer;
  beforeAll(async () => {
    provider = await startLocalServer((req, res) => {
      if (req.url === "/image-stock/NWSC.png") return void res.writeHead(200, { "content-type": "image/png" }).end(PNG);
      res.writeHead(500).end();
    });
  });
  afterAll(async () => {
    await provider.close();
  });
  afterEach(async () => {
    await t.close();
  });

  it("draws a monogram for a known ticker, the same bytes every time, cached for a day", async () => {
    t = await startTestApp(pglite);
    const first = await t.app.inject({ url: "/api/logos/NWSC" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(first.headers["cache-control"]).toBe("public, max-age=86400");
    expect(first.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(first.body).toContain(">NWS</text>");
    expect(first.body).not.toMatch(/<script|on\w+=/i);
    const again = await t.app.inject({ url: "/api/logos/nwsc" });
    expect(again.body).toBe(first.body);
    expect((await t.app.inject({ url: "/api/logos/SPY" })).statusCode).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    t = await startTestApp(pglite);
    const head = await t.app.inject({ method: "HEAD", url: "/api/logos/NWSC" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(head.body).toBe("");
    expect((await t.app.inject({ method: "HEAD", url: "/api/logos/ZZZZ" })).statusCode).toBe(404);
  });

  it("answers 404 'Logo not found' for a ticker the market does not know", async () => {
    t = await startTestApp(pglite);
    for (const ticker of ["ZZZZ", "%3Cscript%3E", "A'B"]) {
      const response = await t.app.inject({ url: `/api/logos/${ticker}` });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({ error: "Logo not found", code: "not_found" });
    }
  });

  it("serves the provider's image from our origin with FMP_API_KEY, and the monogram when it has none", async () => {
    t = await startTestApp(pglite, { FMP_API_KEY: "k", FMP_BASE_URL: provider.url });
    const image = await t.app.inject({ url: "/api/logos/NWSC" });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const fallback = await t.app.inject({ url: "/api/logos/ECHF" });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect((await t.app.inject({ url: "/api/logos/ZZZZ" })).statusCode).toBe(404);
    expect(provider.requests).not.toContain("/image-stock/ZZZZ.png");
  });
});
