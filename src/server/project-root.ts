import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The folder holding the project's package.json, found by walking up from `start`. The server runs
 * from src/ (tsx, vitest) and from the bundle in dist/server/ (`npm start`); both sit inside the
 * project, so files it ships (drizzle/, dist/web/, docs/) are located from here in either form.
 */
export function findProjectRoot(start: string): string {
  let folder = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(folder, "package.json"))) return folder;
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`No package.json above ${start}: cannot locate the project's files.`);
    folder = parent;
  }
}

/** The project root of this installation (where package.json, drizzle/ and dist/ live). */
export const projectRoot = findProjectRoot(import.meta.dirname);

/** A path inside the project, e.g. projectPath("drizzle"). */
export function projectPath(...segments: string[]): string {
  return path.join(projectRoot, ...segments);
}
