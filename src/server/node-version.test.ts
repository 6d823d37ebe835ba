import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isNodeVersionAtLeast, MINIMUM_NODE_VERSION, unsupportedNodeMessage } from "./node-version";

describe("the Node.js version", () => {
  it("is the minimum package.json's engines states", () => {
    const packageJson = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { engines: { node: string } };
    expect(packageJson.engines.node).toBe(`>=${MINIMUM_NODE_VERSION.replace(/\.0$/, "")}`);
  });

  it("compares versions part by part", () => {
    expect(isNodeVersionAtLeast("24.21.0")).toBe(true);
    expect(isNodeVersionAtLeast("v22.12.0")).toBe(true);
    expect(isNodeVersionAtLeast("22.11.9")).toBe(false);
    expect(isNodeVersionAtLeast("20.20.2")).toBe(false);
    expect(isNodeVersionAtLeast("100.0.0")).toBe(true);
  });

  it("says how to run on the Node.js in node_modules when the one running is too old", () => {
    const message = unsupportedNodeMessage("v20.20.2", "/usr/bin/node");
    expect(message).toContain("Quanta needs Node.js 22.12.0 or newer; this is Node.js 20.20.2 (/usr/bin/node).");
    expect(message).toContain("node_modules/.bin/node dist/server/main.mjs");
    expect(unsupportedNodeMessage("24.21.0", "/x/node")).toBeNull();
  });

  it("runs the tests themselves on a supported Node.js (npm scripts put node_modules' Node 24 first on the PATH)", () => {
    expect(unsupportedNodeMessage(process.versions.node, process.execPath)).toBeNull();
  });
});
