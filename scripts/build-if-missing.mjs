// `npm start` on a fresh clone: build the web app once if dist/web is missing, then the server starts.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

if (!existsSync("dist/web/index.html")) {
  console.log("Building the web app (first start)...");
  const result = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], {
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  const prerendered = spawnSync(process.execPath, ["scripts/prerender-landing.mjs"], { stdio: "inherit" });
  if (prerendered.status !== 0) process.exit(prerendered.status ?? 1);
  const compressed = spawnSync(process.execPath, ["scripts/compress-assets.mjs"], { stdio: "inherit" });
  if (compressed.status !== 0) process.exit(compressed.status ?? 1);
}
