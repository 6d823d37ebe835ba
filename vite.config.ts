import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";

const web = (file: string) => fileURLToPath(new URL(`./src/web/${file}`, import.meta.url));

// The SPA lives in src/web; the server serves dist/web in production and proxies to Vite in dev.
export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // Which chunks each page needs: scripts/prerender-landing.mjs reads it to write the shells that
    // preload a page's code (then deletes it: it is not served).
    manifest: true,
    rollupOptions: {
      // The SPA, and the pre-rendered landing page's tiny boot script (scripts/prerender-landing.mjs).
      input: { index: web("index.html"), "landing-boot": web("prerender/landing-boot-entry.ts") },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:3000",
      "/csrf_cookie": "http://localhost:3000",
      "/research": "http://localhost:3000",
      "/user": "http://localhost:3000",
      "/dev": "http://localhost:3000",
      "/healthz": "http://localhost:3000",
      "/readyz": "http://localhost:3000",
      "/docs": "http://localhost:3000",
      // The gift form posts natively to the server; its GET stays the dev server's SPA page.
      "/gift": { target: "http://localhost:3000", bypass: (req) => (req.method === "POST" ? undefined : req.url) },
    },
  },
});
