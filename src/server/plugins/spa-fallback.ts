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
 * Serves the built SPA (when `webRoot` holds one) with long-lived caching for hashed assets, answers
 * the SPA's own paths with index.html, and every other unknown path with a 404 in the API's shape.
 */
export async function registerSpaFallback(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const root = webRoot && existsSync(path.join(webRoot, "index.html")) ? webRoot : undefined;
  // '/' gets the pre-rendered landing page when the build made one; every other page the SPA shell.
  const landing = root && existsSync(path.join(root, LANDING_HTML)) ? LANDING_HTML : "index.html";
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
      return reply.type("text/html; charset=utf-8").sendFile(urlPath === "/" ? landing : "index.html", root, { cacheControl: false });
    }
    return reply.status(404).send({ error: `Nothing is here: ${request.method} ${urlPath}`, code: "not_found" });
  });
}
