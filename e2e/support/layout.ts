import { expect, type Locator, type Page } from "@playwright/test";

type Box = { x: number; y: number; width: number; height: number };

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The boxes of every visible element matched, in page coordinates (scroll-independent). */
async function pageBoxes(locator: Locator): Promise<Box[]> {
  return locator.evaluateAll((elements) =>
    elements
      .map((element) => {
        const r = element.getBoundingClientRect();
        return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
      })
      .filter((b) => b.width > 0 && b.height > 0),
  );
}

/** Checks, at several scroll positions, that `cover` (the Share/Print toolbar) never overlaps any of `targets` on screen. */
export async function expectNeverCovers(page: Page, cover: Locator, targets: Locator, what: string): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 400) {
    await page.evaluate((top) => {
      window.scrollTo(0, top);
    }, y);
    const [coverBox] = await pageBoxes(cover);
    expect(coverBox, "the Share/Print toolbar is on the page").toBeDefined();
    for (const box of await pageBoxes(targets)) {
      expect(intersects(coverBox!, box), `Share/Print overlaps ${what} at scroll ${String(y)}`).toBe(false);
    }
  }
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
}

/**
 * Nothing on the page is wider than the screen: the document does not scroll sideways. Measured
 * against the layout viewport (clientWidth): on an emulated phone (isMobile) Chromium zooms out to
 * fit wider content, and window.innerWidth then grows with it, so it would hide the overflow.
 */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: `${what}: horizontal overflow in px`,
    })
    .toBeLessThanOrEqual(0);
}
