import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";

/** Paths the server answers itself; anything else that accepts HTML gets the SPA (history fallback). */
const SERVER_PREFIXES = ["/api/", "/research/", "/user/", "/csrf_cookie", "/healthz", "/readyz", "/docs", "/dev/"];

/** Pages search engines must not index: a shared analysis is for the people given its link. */
const NOINDEX_PREFIXES = ["/s/"];

/** The landing page pre-rendered at build time (scripts/prerender-landing.mjs), sent for '/'. */
const LANDING_HTML = "landing.html";

/**
 * The same pages marked `<html data-demo>` (written by the build next to them): on the demo market the
 * banner's space is in the first paint instead of pushing the page down once /api/config answers.
 */
function demoPage(file: string): string {
  return file.replace(/\.html$/, "-demo.html");
}

export interface SpaFallbackOptions {
  /** Whether the demo market is in use (known once the services are ready). */
  demo?: () => Promise<boolean>;
}

/**
 * Serves the built SPA (when `webRoot` holds one) with long-lived caching for hashed assets, answers
 * the SPA's own paths with index.html, and every other unknown path with a 404 in the API's shape.
 */
export async function registerSpaFallback(app: FastifyInstance, webRoot: string | undefined, options: SpaFallbackOptions = {}): Promise<void> {
  const root = webRoot && existsSync(path.join(webRoot, "index.html")) ? webRoot : undefined;
  // '/' gets the pre-rendered landing page when the build made one; every other page the SPA shell.
  const landing = root && existsSync(path.join(root, LANDING_HTML)) ? LANDING_HTML : "index.html";
  // Never waited for: until the services are ready (seconds at start-up) pages go out unmarked.
  let demo = false;
  if (root && options.demo) {
    options.demo().then(
      (value) => {
        demo = value && existsSync(path.join(root, demoPage(landing))) && existsSync(path.join(root, demoPage("index.html")));
      },
      () => undefined,
    );
  }
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // .br/.gz copies are written at build time (scripts/compress-assets.mjs).
      preCompressed: true,
      setHeaders: (response, filePath) => {
        // Vite names assets by content hash, so they never change under the same URL.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) response.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split("?")[0] ?? "/";
    const isServerPath = SERVER_PREFIXES.some((prefix) => urlPath === prefix.replace(/\/$/, "") || urlPath.startsWith(prefix));
    if (root && !isServerPath && (request.method === "GET" || request.method === "HEAD")) {
      if (NOINDEX_PREFIXES.some((prefix) => urlPath.startsWith(prefix))) void reply.header("x-robots-tag", "noindex");
      const page = urlPath === "/" ? landing : "index.html";
      return reply.type("text/html; charset=utf-8").sendFile(demo ? demoPage(page) : page, root, { cacheControl: false });
    }
    return reply.status(404).send({ error: `Nothing is here: ${request.method} ${urlPath}`, code: "not_found" });
  });
}
