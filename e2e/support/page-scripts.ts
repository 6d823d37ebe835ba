import type { Page } from "@playwright/test";

/** The paths of the scripts `page` requests from now on, all of them and those before its load event. */
export function recordScripts(page: Page): { all: string[]; beforeLoad: string[] } {
  const recorded = { all: [] as string[], beforeLoad: [] as string[] };
  let loaded = false;
  page.once("load", () => {
    loaded = true;
  });
  page.on("request", (request) => {
    if (request.resourceType() !== "script") return;
    const path = new URL(request.url()).pathname;
    recorded.all.push(path);
    if (!loaded) recorded.beforeLoad.push(path);
  });
  return recorded;
}
