// After `vite build`: renders the landing page ('/') to HTML with react-dom/server and writes
// dist/web/landing.html — the built index.html with the page inside #root — which the server sends
// for '/' (src/server/plugins/spa-fallback.ts), so the first paint needs no JavaScript.
// The render entry is src/web/prerender/landing-prerender.tsx, built by Vite for Node into
// dist/landing-prerender (a build-time tool, never served). See docs/decisions (landing pre-render).
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { ROUTE_SHELLS, routeShell } from "./route-shells.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const webDir = path.join(root, "dist", "web");
const ssrOutDir = path.join(root, "dist", "landing-prerender");

await build({
  configFile: path.join(root, "vite.config.ts"),
  logLevel: "warn",
  build: {
    ssr: path.join(root, "src", "web", "prerender", "landing-prerender.tsx"),
    outDir: ssrOutDir,
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: "landing-prerender.mjs" } },
  },
});

const { renderLandingHtml, renderPageHtml } = await import(pathToFileURL(path.join(ssrOutDir, "landing-prerender.mjs")).href);
const body = await renderLandingHtml();
const shell = readFileSync(path.join(webDir, "index.html"), "utf8");
const marker = '<div id="root"></div>';
if (!shell.includes(marker)) throw new Error(`dist/web/index.html has no ${marker}`);
// The app's own script tags go: the page paints and reads without them. The boot script loads the
// app on the first interaction (src/web/prerender/landing-boot.ts).
const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell);
if (!entry) throw new Error("dist/web/index.html has no module script");
const boot = readdirSync(path.join(webDir, "assets")).find((name) => /^landing-boot-[\w-]+\.js$/.test(name));
if (!boot) throw new Error("The build has no landing-boot script (vite.config.ts input).");
const html = shell
  .replace(entry[0], "")
  .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, "")
  .replace(marker, `<div id="root">${body}</div>`)
  .replace(
    "</body>",
    `  <script type="module" src="/assets/${boot}" data-app-entry="${entry[1]}"></script>\n  </body>`,
  );
writeFileSync(path.join(webDir, "landing.html"), html);
// The server sends these on the demo market (src/server/plugins/spa-fallback.ts): `data-demo` shows the
// demo banner's pre-rendered space from the first paint (styles.css).
const markDemo = (page) => {
  if (!page.includes('<html lang="en">')) throw new Error('The page has no <html lang="en">.');
  return page.replace('<html lang="en">', '<html lang="en" data-demo>');
};
writeFileSync(path.join(webDir, "landing-demo.html"), markDemo(html));
writeFileSync(path.join(webDir, "index-demo.html"), markDemo(shell));
// The shells that preload a page's code and first answer and paint its loading state before the
// JavaScript has run (scripts/route-shells.mjs), from Vite's manifest, which is then removed: the
// server would otherwise serve it.
const manifestDir = path.join(webDir, ".vite");
const manifest = JSON.parse(readFileSync(path.join(manifestDir, "manifest.json"), "utf8"));
for (const route of ROUTE_SHELLS) {
  const page = routeShell(shell, manifest, route, await renderPageHtml(route.path));
  writeFileSync(path.join(webDir, route.file), page);
  writeFileSync(path.join(webDir, route.file.replace(/\.html$/, "-demo.html")), markDemo(page));
}
rmSync(manifestDir, { recursive: true, force: true });
rmSync(ssrOutDir, { recursive: true, force: true });
console.log(`Pre-rendered the landing page: dist/web/landing.html (${(Buffer.byteLength(html) / 1024).toFixed(1)} KB)`);
