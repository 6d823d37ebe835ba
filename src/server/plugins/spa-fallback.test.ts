import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { registerSpaFallback } from "./spa-fallback";

let app: FastifyInstance | undefined;
let webRoot: string | undefined;

afterEach(async () => {
  await app?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
  app = undefined;
  webRoot = undefined;
});

async function serve(files: Record<string, string>, publicConfig?: () => Promise<unknown>): Promise<FastifyInstance> {
  webRoot = mkdtempSync(path.join(tmpdir(), "quanta-spa-"));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(webRoot, name), content);
  app = Fastify();
  await registerSpaFallback(app, webRoot, publicConfig);
  return app;
}

describe("registerSpaFallback", () => {
  it("sends the pre-rendered landing page for '/' and the SPA shell for every other page", async () => {
    const server = await serve({ "index.html": "<p>shell</p>", "landing.html": "<p>landing</p>" });
    const home = await server.inject({ method: "GET", url: "/?ref=mail" });
    expect(home.statusCode).toBe(200);
    expect(home.headers["content-type"]).toContain("text/html");
    expect(home.body).toBe("<p>landing</p>");
    for (const url of ["/stocks", "/stock/NWSC", "/signin?returnTo=%2F"]) {
      expect((await server.inject({ method: "GET", url })).body).toBe("<p>shell</p>");
    }
  });

  it("asks search engines not to index a shared analysis's page, and only that", async () => {
    const server = await serve({ "index.html": "<p>shell</p>" });
    const shared = await server.inject({ method: "GET", url: "/s/abcdefghijklmnopqrstuv" });
    expect(shared.body).toBe("<p>shell</p>");
    expect(shared.headers["x-robots-tag"]).toBe("noindex");
    expect((await server.inject({ method: "GET", url: "/stocks" })).headers["x-robots-tag"]).toBeUndefined();
  });

  it("sends the SPA shell for '/' when the build made no landing page", async () => {
    const server = await serve({ "index.html": "<p>shell</p>" });
    expect((await server.inject({ method: "GET", url: "/" })).body).toBe("<p>shell</p>");
  });

  it("answers unknown server paths with a 404 in the API's shape", async () => {
    const server = await serve({ "index.html": "<p>shell</p>", "landing.html": "<p>landing</p>" });
    const response = await server.inject({ method: "GET", url: "/api/nothing" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "not_found" });
  });

  it("puts the public configuration in the SPA shell once it is known, escaped, and leaves the pre-rendered landing page alone", async () => {
    const server = await serve({ "index.html": "<html><head><title>Q</title></head><body></body></html>", "landing.html": "<p>landing</p>" }, () =>
      Promise.resolve({ brand: "</script><b>", demo: true }),
    );
    await server.ready();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const page = await server.inject({ method: "GET", url: "/track-record" });
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toBe(
      '<html><head><title>Q</title><script id="public-config" type="application/json">{"brand":"\\u003c/script>\\u003cb>","demo":true}</script></head><body></body></html>',
    );
    expect(JSON.parse(/<script[^>]*>(.*)<\/script><\/head>/.exec(page.body)![1]!)).toEqual({ brand: "</script><b>", demo: true });
    expect((await server.inject({ method: "GET", url: "/" })).body).toBe("<p>landing</p>");
  });

  it("sends the shell as built while the configuration is not known", async () => {
    const server = await serve({ "index.html": "<p>shell</p>" }, () => new Promise(() => undefined));
    await server.ready();
    expect((await server.inject({ method: "GET", url: "/stocks" })).body).toBe("<p>shell</p>");
  });
});
