import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { ROUTE_SHELLS as BUILT_ROUTE_SHELLS } from "../../../scripts/route-shells.mjs";
import { registerSpaFallback, ROUTE_SHELLS } from "./spa-fallback";

let app: FastifyInstance | undefined;
let webRoot: string | undefined;

afterEach(async () => {
  await app?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
  app = undefined;
  webRoot = undefined;
});

async function serve(files: Record<string, string>, publicConfig?: () => Promise<{ demo: boolean } & Record<string, unknown>>): Promise<FastifyInstance> {
  webRoot = mkdtempSync(path.join(tmpdir(), "quanta-spa-"));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(webRoot, name), content);
  app = Fastify();
  await registerSpaFallback(app, webRoot, { publicConfig });
  return app;
}

const DEMO_BUILD = {
  "index.html": "<p>shell</p>",
  "landing.html": "<p>landing</p>",
  "index-demo.html": "<p>demo shell</p>",
  "landing-demo.html": "<p>demo landing</p>",
};

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

  it("sends the pages marked for the demo market once the services say it is in use", async () => {
    const demo = await serve(DEMO_BUILD, () => Promise.resolve({ demo: true }));
    await new Promise((resolve) => setImmediate(resolve));
    expect((await demo.inject({ method: "GET", url: "/" })).body).toBe("<p>demo landing</p>");
    expect((await demo.inject({ method: "GET", url: "/stocks" })).body).toBe('<script id="public-config" type="application/json">{"demo":true}</script><p>demo shell</p>');
    await app?.close();
    rmSync(webRoot!, { recursive: true, force: true });
    const real = await serve(DEMO_BUILD, () => Promise.resolve({ demo: false }));
    await new Promise((resolve) => setImmediate(resolve));
    expect((await real.inject({ method: "GET", url: "/" })).body).toBe("<p>landing</p>");
  });

  it("sends the unmarked pages while the services are not ready yet, without waiting for them", async () => {
    const server = await serve(DEMO_BUILD, () => new Promise(() => undefined));
    expect((await server.inject({ method: "GET", url: "/" })).body).toBe("<p>landing</p>");
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

  it("embeds the configuration in the demo market's marked shell when the demo market is in use", async () => {
    const server = await serve({ ...DEMO_BUILD, "index-demo.html": "<html data-demo><head></head></html>" }, () => Promise.resolve({ demo: true }));
    await server.ready();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await server.inject({ method: "GET", url: "/stocks" })).body).toBe('<html data-demo><head><script id="public-config" type="application/json">{"demo":true}</script></head></html>');
    expect((await server.inject({ method: "GET", url: "/" })).body).toBe("<p>demo landing</p>");
  });

  it("sends a page's own shell (preloading its code) when the build made it, for either market, with the configuration", async () => {
    const files = {
      ...DEMO_BUILD,
      "track-record.html": "<html><head></head><p>record shell</p></html>",
      "track-record-demo.html": "<html data-demo><head></head><p>demo record shell</p></html>",
    };
    const real = await serve(files, () => Promise.resolve({ demo: false }));
    await real.ready();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await real.inject({ method: "GET", url: "/track-record?page=2" })).body).toBe(
      '<html><head><script id="public-config" type="application/json">{"demo":false}</script></head><p>record shell</p></html>',
    );
    expect((await real.inject({ method: "GET", url: "/stocks" })).body).toContain("<p>shell</p>");
    expect((await real.inject({ method: "GET", url: "/" })).body).toBe("<p>landing</p>");
    await app?.close();
    rmSync(webRoot!, { recursive: true, force: true });
    const demo = await serve(files, () => Promise.resolve({ demo: true }));
    await new Promise((resolve) => setImmediate(resolve));
    expect((await demo.inject({ method: "GET", url: "/track-record" })).body).toBe('<html data-demo><head><script id="public-config" type="application/json">{"demo":true}</script></head><p>demo record shell</p></html>');
  });

  it("sends the SPA shell for such a page when the build made no shell of its own", async () => {
    const server = await serve({ "index.html": "<p>shell</p>", "landing.html": "<p>landing</p>" });
    expect((await server.inject({ method: "GET", url: "/track-record" })).body).toBe("<p>shell</p>");
  });

  it("names the same pages and files as the build that writes the shells", () => {
    expect(ROUTE_SHELLS).toEqual(Object.fromEntries(BUILT_ROUTE_SHELLS.map((route) => [route.path, route.file])));
  });

  it("sends the shell as built while the configuration is not known", async () => {
    const server = await serve({ "index.html": "<p>shell</p>" }, () => new Promise(() => undefined));
    await server.ready();
    expect((await server.inject({ method: "GET", url: "/stocks" })).body).toBe("<p>shell</p>");
  });
});
