#!/usr/bin/env node
// The `quanta` command, from any working directory. Runs the compiled CLI (dist/server/cli.mjs, made
// by `npm run build`) when it is there and not older than the sources; otherwise the TypeScript
// sources through tsx, so a developer's edits take effect without a build (decision 025).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { serverBuildState } from "../scripts/server-build-state.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const compiled = serverBuildState(root, "dist/server/cli.mjs") === "current";
const command = compiled
  ? ["--enable-source-maps", path.join(root, "dist/server/cli.mjs")]
  : ["--import", "tsx", path.join(root, "src/cli/main.ts")];
const result = spawnSync(process.execPath, [...command, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
