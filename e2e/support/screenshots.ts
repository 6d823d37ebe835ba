import { mkdirSync } from "node:fs";
import path from "node:path";
import { test, type Locator, type Page } from "@playwright/test";

// Pictures for a review, taken only on request: `E2E_SCREENSHOTS=1 npx playwright test` writes them to
// test-results/screens/<spec>/<name>-<width>.png. A passing run otherwise writes none (a failing
// test still gets Playwright's own screenshot, playwright.config.ts). The journeys run at 1280 px, so
// each picture is taken at the page's width and again at 390 px, the phone of e2e/phone-layout.spec.ts.

const PHONE = { width: 390, height: 844 };
const SCREENSHOTS_ENABLED = process.env.E2E_SCREENSHOTS === "1";

export interface ShotOptions {
  /** The whole page (the default) or only what is on screen. */
  fullPage?: boolean;
  /** Only this element (e.g. a form whose status line hides after 2 s). */
  of?: Locator;
  /** Also at 390 px (the default); false where resizing would disturb the step that follows. */
  phone?: boolean;
}

/** Writes `name` at the page's width, and at 390 px, when E2E_SCREENSHOTS=1; does nothing otherwise. */
export async function shot(page: Page, name: string, options: ShotOptions = {}): Promise<void> {
  if (!SCREENSHOTS_ENABLED) return;
  const folder = path.join("test-results", "screens", path.basename(test.info().file).replace(/\.spec\.ts$/, ""));
  mkdirSync(folder, { recursive: true });
  const fullPage = !options.of && (options.fullPage ?? true);
  // From the top: a full-page shot of a scrolled page draws the sticky header in the middle.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  const take = async () => {
    const file = path.join(folder, `${name}-${String(page.viewportSize()?.width)}.png`);
    await (options.of ? options.of.screenshot({ path: file }) : page.screenshot({ path: file, fullPage }));
  };
  await take();
  const size = page.viewportSize();
  if (options.phone === false || !size || size.width <= PHONE.width) return;
  await page.setViewportSize(PHONE);
  await take();
  await page.setViewportSize(size);
}
