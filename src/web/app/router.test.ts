import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { preloadHomePage } from "./router";

describe("the app's routes", () => {
  it("keep every page out of the entry chunk, the landing page too (only the error page is imported statically)", () => {
    const source = readFileSync(new URL("./router.tsx", import.meta.url), "utf8");
    const staticPageImports = [...source.matchAll(/^import [^;]+ from "\.\/routes\/([\w-]+)";$/gm)].map((match) => match[1]);
    expect(staticPageImports).toEqual(["route-error"]);
  });

  it("load the landing page's chunk for the pre-rendered '/' to hydrate with", async () => {
    await expect(preloadHomePage()).resolves.toBeUndefined();
  });
});
