import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findProjectRoot, projectPath, projectRoot } from "./project-root";

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("findProjectRoot", () => {
  it("finds the folder with package.json from a source folder and from a bundle folder alike", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "quanta-root-"));
    made.push(root);
    writeFileSync(path.join(root, "package.json"), "{}");
    mkdirSync(path.join(root, "src/server/db"), { recursive: true });
    mkdirSync(path.join(root, "dist/server"), { recursive: true });
    expect(findProjectRoot(path.join(root, "src/server/db"))).toBe(root);
    expect(findProjectRoot(path.join(root, "dist/server"))).toBe(root);
  });

  it("fails with a message when no package.json is above the folder", () => {
    expect(() => findProjectRoot(path.parse(process.cwd()).root)).toThrow(/No package.json above/);
  });

  it("locates this repository's migrations", () => {
    expect(projectRoot).toBe(path.resolve(import.meta.dirname, "../.."));
    expect(projectPath("drizzle")).toBe(path.resolve(import.meta.dirname, "../../drizzle"));
  });
});
