import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { preloadPage } from "./router";

describe("the app's routes", () => {
  it("keep every page out of the entry chunk, the landing page too (only the error page is imported statically)", () => {
    const source = readFileSync(new URL("./router.tsx", import.meta.url), "utf8");
    const staticPageImports = [...source.matchAll(/^import [^;]+ from "\.\/routes\/([\w-]+)";$/gm)].map((match) => match[1]);
    expect(staticPageImports).toEqual(["route-error"]);
  });

  it("load the chunk of a page the build pre-renders (the landing page, the track record), and do nothing for the others", async () => {
    await expect(preloadPage("/")).resolves.toBeUndefined();
    await expect(preloadPage("/track-record")).resolves.toBeUndefined();
    await expect(preloadPage("/stocks")).resolves.toBeUndefined();
  });
});
