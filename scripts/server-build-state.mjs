// Is the compiled server in dist/server/ current? Shared by scripts/build-if-missing.mjs (`npm start`)
// and bin/quanta.mjs. A bundle older than any source it is made from is stale: after a `git pull`
// the server must not keep running yesterday's code.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The folders the server bundles are built from (scripts/build-server.mjs). */
export const SERVER_SOURCE_FOLDERS = ["src/server", "src/core", "src/contracts", "src/cli"];

/** Newest modification time (ms) of the TypeScript sources under the folders; tests do not count. */
export function newestSourceTime(root, folders = SERVER_SOURCE_FOLDERS) {
  let newest = 0;
  for (const folder of folders) {
    let entries;
    try {
      entries = readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith(".ts") || entry.name.endsWith(".test.ts")) continue;
      const time = statSync(path.join(entry.parentPath, entry.name)).mtimeMs;
      if (time > newest) newest = time;
    }
  }
  return newest;
}

/**
 * 'missing' when the bundle does not exist, 'stale' when a source is newer than it, else 'current'.
 * `bundle` is relative to root, e.g. "dist/server/main.mjs".
 */
export function serverBuildState(root, bundle) {
  let built;
  try {
    built = statSync(path.join(root, bundle)).mtimeMs;
  } catch {
    return "missing";
  }
  return newestSourceTime(root) > built ? "stale" : "current";
}
