import { describe, expect, it } from "vitest";
import { moduleChunks, ROUTE_SHELLS, routeShell, type ViteManifest } from "../../../scripts/route-shells.mjs";
import { routePatterns } from "../../contracts/paths";

const manifest: ViteManifest = {
  "index.html": { file: "assets/index-A.js", imports: ["_react-B.js"] },
  "_react-B.js": { file: "assets/react-B.js" },
  "_schemas-C.js": { file: "assets/schemas-C.js", imports: ["_react-B.js"] },
  "_format-D.js": { file: "assets/format-D.js", imports: ["_schemas-C.js", "index.html"] },
  "app/routes/track-record.tsx": { file: "assets/track-record-E.js", imports: ["index.html", "_format-D.js", "_schemas-C.js"] },
};

const shell = `<html>
  <head>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-F.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe("route shells", () => {
  it("lists a module's chunk and its static imports, each once", () => {
    expect(moduleChunks(manifest, "app/routes/track-record.tsx")).toEqual([
      "assets/track-record-E.js",
      "assets/index-A.js",
      "assets/react-B.js",
      "assets/format-D.js",
      "assets/schemas-C.js",
    ]);
    expect(() => moduleChunks(manifest, "app/routes/nothing.tsx")).toThrow(/no app\/routes\/nothing.tsx/);
  });

  it("preloads the chunks the shell does not load already and the page's first answer, before the stylesheet", () => {
    const route = { path: "/track-record", file: "track-record.html", module: "app/routes/track-record.tsx", fetch: ["/api/track-record"] };
    expect(routeShell(shell, manifest, route)).toBe(`<html>
  <head>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="modulepreload" crossorigin href="/assets/track-record-E.js">
    <link rel="modulepreload" crossorigin href="/assets/format-D.js">
    <link rel="modulepreload" crossorigin href="/assets/schemas-C.js">
    <link rel="preload" as="fetch" crossorigin href="/api/track-record">
    <link rel="stylesheet" crossorigin href="/assets/index-F.css">
  </head>
  <body><div id="root"></div></body>
</html>`);
  });

  it("covers the track record: its page, its route module and the answer its route starts early", () => {
    expect(ROUTE_SHELLS).toEqual([expect.objectContaining({ path: routePatterns.trackRecord, module: "app/routes/track-record.tsx", fetch: ["/api/track-record"] })]);
  });
});

describe("a route shell with a first paint", () => {
  const route = { path: "/track-record", file: "track-record.html", module: "app/routes/track-record.tsx", fetch: ["/api/track-record"] };

  it("paints the page's loading state from the HTML, marked for the app to replace, and fetches the scripts at low priority", () => {
    const page = routeShell(shell, manifest, route, "<main>Loading the track record…</main>");
    expect(page).toContain('<body><div id="root" data-first-paint><main>Loading the track record…</main></div></body>');
    expect(page).toContain('<script type="module" crossorigin fetchpriority="low" src="/assets/index-A.js"></script>');
    expect(page.match(/<link rel="modulepreload" crossorigin fetchpriority="low" href=/g)).toHaveLength(4);
    expect(page).toContain('<link rel="preload" as="fetch" crossorigin href="/api/track-record">');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-F.css">');
  });

  it("keeps a '$' in the page's HTML as it is", () => {
    expect(routeShell(shell, manifest, route, "<p>$& $1 $$</p>")).toContain("<p>$& $1 $$</p>");
  });
});
