import { expect, test } from "@playwright/test";
import { SAFE_FMP_TITLE, SAFE_RSS_TITLE } from "./support/news-fixture-server";
import { NEWS_APP_URL } from "./support/ports";
import { XSS_CORPUS } from "../src/server/adapters/news/xss-corpus";

// The news list of an app whose sources (RSS and FMP) are a local fixture carrying the whole XSS
// corpus. A page-level hook records any payload that runs; the DOM is then searched for survivors.
test.use({ baseURL: NEWS_APP_URL });

test(`none of the ${XSS_CORPUS.length} XSS payloads from the RSS and FMP sources runs or survives in the news list`, async ({ page }) => {
  const fired: string[] = [];
  page.on("dialog", (dialog) => {
    fired.push(`dialog:${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.exposeFunction("__xssReport", (id: string) => fired.push(id));
  await page.addInitScript(() => {
    const report = (id: string) => (window as unknown as { __xssReport: (id: string) => void }).__xssReport(id);
    Object.assign(window, {
      __xss: report,
      alert: (m?: unknown) => report(`alert:${String(m)}`),
      confirm: (m?: unknown) => (report(`confirm:${String(m)}`), false),
      prompt: (m?: unknown) => (report(`prompt:${String(m)}`), null),
    });
  });

  await page.goto("/");
  // The hook is live: a payload that ran would be recorded.
  await page.evaluate(() => (window as unknown as { __xss: (id: string) => void }).__xss("probe"));
  await expect.poll(() => fired.slice()).toEqual(["probe"]);
  fired.length = 0;
  await page.getByRole("tab", { name: "News to read" }).click();
  const panel = page.getByRole("tabpanel", { name: "News to read" });
  await expect(panel.getByText(SAFE_RSS_TITLE)).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByText(SAFE_FMP_TITLE)).toBeVisible();

  // Give handlers every chance: hover and focus everything, scroll the whole list, let timers run.
  const items = panel.locator("a, img, p, div, span, li");
  const count = Math.min(await items.count(), 400);
  for (let k = 0; k < count; k += 7) await items.nth(k).hover({ force: true, timeout: 1_000 }).catch(() => undefined);
  await panel.evaluate((el) => el.querySelectorAll("*").forEach((node) => node.scrollIntoView?.()));
  await page.waitForTimeout(1_000);
  expect(fired).toEqual([]);

  const survivors = await panel.evaluate((root) => {
    const found: string[] = [];
    for (const el of Array.from(root.querySelectorAll("*"))) {
      const tag = el.tagName.toLowerCase();
      if (["script", "iframe", "object", "embed", "style", "link", "meta", "base", "form", "template", "math"].includes(tag)) found.push(`<${tag}>`);
      // Our own icons are inline SVGs marked 'lucide'; any other SVG came from a payload.
      if (tag === "svg" && !(el.getAttribute("class") ?? "").includes("lucide")) found.push("<svg>");
      for (const attr of Array.from(el.attributes)) {
        // Browsers ignore whitespace and control characters inside a URL scheme: so does this check.
        const value = Array.from(attr.value)
          .filter((ch) => ch.charCodeAt(0) > 32)
          .join("")
          .toLowerCase();
        if (attr.name.toLowerCase().startsWith("on")) found.push(`${tag}[${attr.name}]`);
        if (["href", "src", "srcset", "action", "xlink:href", "data"].includes(attr.name.toLowerCase()) && /^(javascript|vbscript|data):/.test(value)) {
          found.push(`${tag}[${attr.name}=${attr.value.slice(0, 30)}]`);
        }
      }
    }
    return found;
  });
  expect(survivors).toEqual([]);
});
