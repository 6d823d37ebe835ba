// `npm start`: build what is missing before the server starts. The web app once, if dist/web is
// missing; the compiled server (dist/server/) when it is missing or older than its sources, so a
// `git pull` never leaves a stale server running (decision 025).
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverBuildState } from "./server-build-state.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const run = (args) => {
  const result = spawnSync(process.execPath, args, { stdio: "inherit", cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(path.join(root, "dist/web/index.html"))) {
  console.log("Building the web app (first start)...");
  run(["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"]);
  run(["scripts/prerender-landing.mjs"]);
  run(["scripts/compress-assets.mjs"]);
}

const state = serverBuildState(root, "dist/server/main.mjs");
if (state !== "current") {
  console.log(state === "missing" ? "Building the server (first start)..." : "Building the server (the sources changed since the last build)...");
  run(["scripts/build-server.mjs"]);
}
