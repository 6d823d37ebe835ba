// The SPA shell for pages whose code and first answer are worth asking for at once: without it, the
// page's chunks and its data wait until the app's entry has downloaded and run (a second round of
// requests on a phone's network). scripts/prerender-landing.mjs writes one shell per page from Vite's
// manifest; the server sends it for the page's path (src/server/plugins/spa-fallback.ts, ROUTE_SHELLS).

/** path: the page; file: its shell in dist/web; module: its route module (Vite's manifest key); fetch: public GETs it makes first. */
export const ROUTE_SHELLS = [
  { path: "/track-record", file: "track-record.html", module: "app/routes/track-record.tsx", fetch: ["/api/track-record"] },
];

/** The built files a module needs before it runs: its own chunk and its static imports, transitively, in order. */
export function moduleChunks(manifest, key) {
  const files = [];
  const seen = new Set();
  const visit = (name) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  if (files.length === 0) throw new Error(`Vite's manifest has no ${key}`);
  return files;
}

/**
 * The shell with a modulepreload for each chunk of the route's module the shell does not load
 * already, and a preload of each first GET (the page's fetch takes the preloaded answer), before
 * the stylesheet so they start with the entry. `firstPaint`: the page's loading state as HTML, put
 * in #root marked `data-first-paint` so the page paints before its JavaScript has run; the app
 * replaces it at its first render (src/web/main.tsx). With it, the scripts are fetched at low
 * priority: the page no longer waits for them to paint, so on a slow connection the stylesheet
 * and the page's data go first.
 */
export function routeShell(shell, manifest, route, firstPaint) {
  const chunks = moduleChunks(manifest, route.module).filter((file) => !shell.includes(`"/${file}"`));
  const links = [
    ...chunks.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...route.fetch.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`),
  ];
  const anchor = /\n(\s*)<link rel="stylesheet"/.exec(shell);
  if (!anchor) throw new Error("The shell has no stylesheet link to put the preloads before.");
  const indent = anchor[1];
  const page = shell.replace(anchor[0], `\n${links.map((link) => `${indent}${link}\n`).join("")}${indent}<link rel="stylesheet"`);
  if (firstPaint === undefined) return page;
  const root = '<div id="root"></div>';
  if (!page.includes(root)) throw new Error(`The shell has no ${root}`);
  return page
    .replace(/<(script type="module"|link rel="modulepreload") crossorigin /g, '<$1 crossorigin fetchpriority="low" ')
    .replace(root, () => `<div id="root" data-first-paint>${firstPaint}</div>`);
}
