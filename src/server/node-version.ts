/**
 * The oldest Node.js the server and the CLI run on: package.json's `engines` (its dependencies
 * need 22.12). `npm install` puts Node 24 in node_modules (the `node` package), and every npm
 * script and `npx quanta` run on it, but `node dist/server/main.mjs` typed by hand (or a service
 * unit) runs on whatever `node` is first on the PATH, which may be older.
 */
export const MINIMUM_NODE_VERSION = "22.12.0";

function parts(version: string): number[] {
  return version.replace(/^v/, "").split(".").map((part) => Number.parseInt(part, 10) || 0);
}

/** Whether `version` (e.g. "24.21.0" or "v20.20.2") is at least `minimum`. */
export function isNodeVersionAtLeast(version: string, minimum = MINIMUM_NODE_VERSION): boolean {
  const have = parts(version);
  const need = parts(minimum);
  for (let k = 0; k < need.length; k++) {
    const difference = (have[k] ?? 0) - (need[k] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

/** The message for a Node.js too old to run Quanta, or null when `version` is recent enough. */
export function unsupportedNodeMessage(version: string, executable: string): string | null {
  if (isNodeVersionAtLeast(version)) return null;
  return [
    `Quanta needs Node.js ${MINIMUM_NODE_VERSION} or newer; this is Node.js ${version.replace(/^v/, "")} (${executable}).`,
    "`npm start`, the npm scripts and `npx quanta` use the Node.js 24 that `npm install` puts in node_modules.",
    "To start the server without npm: node_modules/.bin/node dist/server/main.mjs",
    "",
  ].join("\n");
}
