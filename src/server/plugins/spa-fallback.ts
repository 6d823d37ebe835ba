import { existsSync, readFileSync } from "node:fs";
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
 * Pages sent in a shell of their own that also preloads their code and first answer, so both arrive
 * with the app's entry instead of after it has run (written by the build: scripts/route-shells.mjs).
 */
export const ROUTE_SHELLS: Readonly<Record<string, string>> = { "/track-record": "track-record.html" };

/** The element the browser reads the public configuration from (web/config/public-config.ts). */
const EMBEDDED_CONFIG_ID = "public-config";

/**
 * The SPA shell with the public configuration as a JSON data block (not a script that runs: the
 * CSP allows none inline), so the first render already knows it and the demo banner does not push
 * the page down when GET /api/config answers. '<' is escaped so no value can close the element.
 */
function shellWithConfig(html: string, config: unknown): string {
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  const block = `<script id="${EMBEDDED_CONFIG_ID}" type="application/json">${json}</script>`;
  return html.includes("</head>") ? html.replace("</head>", `${block}</head>`) : `${block}${html}`;
}

/**
 * The same pages marked `<html data-demo>` (written by the build next to them): on the demo market the
 * banner's space is in the first paint instead of pushing the page down once /api/config answers.
 */
function demoPage(file: string): string {
  return file.replace(/\.html$/, "-demo.html");
}

export interface SpaFallbackOptions {
  /**
   * The public configuration (GET /api/config's body), known once the services are ready: embedded
   * in the shells, and its `demo` picks the pages marked for the demo market.
   */
  publicConfig?: () => Promise<{ demo: boolean }>;
}

/**
 * Serves the built SPA (when `webRoot` holds one) with long-lived caching for hashed assets, answers
 * the SPA's own paths with index.html, and every other unknown path with a 404 in the API's shape.
 */
export async function registerSpaFallback(app: FastifyInstance, webRoot: string | undefined, options: SpaFallbackOptions = {}): Promise<void> {
  const root = webRoot && existsSync(path.join(webRoot, "index.html")) ? webRoot : undefined;
  // '/' gets the pre-rendered landing page when the build made one; every other page the SPA shell.
  const landing = root && existsSync(path.join(root, LANDING_HTML)) ? LANDING_HTML : "index.html";
  // A page's own shell when the build made it (for both markets); else the SPA shell.
  const routeShells = new Map(
    Object.entries(ROUTE_SHELLS).filter(([, file]) => root && existsSync(path.join(root, file)) && existsSync(path.join(root, demoPage(file)))),
  );
  // Never waited for: until the services are ready (seconds at start-up) pages go out as built,
  // unmarked and without the configuration. Once known, one shell per file is kept.
  let config: { value: { demo: boolean } } | null = null;
  let demo = false;
  const shells = new Map<string, string>();
  if (root && options.publicConfig) {
    options.publicConfig().then(
      (value) => {
        config = { value };
        demo = value.demo && existsSync(path.join(root, demoPage(landing))) && existsSync(path.join(root, demoPage("index.html")));
      },
      () => undefined,
    );
  }
  const shellOf = (file: string): string | null => {
    if (!root || config === null) return null;
    let shell = shells.get(file);
    if (shell === undefined) {
      shell = shellWithConfig(readFileSync(path.join(root, file), "utf8"), config.value);
      shells.set(file, shell);
    }
    return shell;
  };
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
      const file = urlPath === "/" ? landing : (routeShells.get(urlPath) ?? "index.html");
      const page = demo ? demoPage(file) : file;
      const shell = file === LANDING_HTML ? null : shellOf(page);
      if (shell !== null) return reply.type("text/html; charset=utf-8").send(shell);
      return reply.type("text/html; charset=utf-8").sendFile(page, root, { cacheControl: false });
    }
    return reply.status(404).send({ error: `Nothing is here: ${request.method} ${urlPath}`, code: "not_found" });
  });
}
