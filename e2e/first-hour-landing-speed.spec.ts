import { expect, test, type Page } from "@playwright/test";
import { NO_STOCKS_MESSAGE, waitForFirstScreen } from "./support/public-lists";
import { shot } from "./support/screenshots";
import { recordScripts } from "./support/page-scripts";

// The landing page's speed (decision 021) and the focus ring on the landing tab panel. '/' arrives
// pre-rendered (scripts/prerender-landing.mjs): it paints and reads without JavaScript, loads only a
// tiny boot script, and the app hydrates it on the first interaction. At 1280 px; on a phone, where
// nothing but the boot script may load before the page has loaded, see e2e/phone-layout.spec.ts.


/** Page errors and console errors (a hydration mismatch shows up here). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("the landing page shows its content and its links", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Simplify Investments" })).toBeVisible();
    for (const name of ["See Quanta at work", "What you get", "Today’s lists", "Why choose us", "Technology", "Contact Us"]) {
      await expect(page.getByRole("heading", { name, exact: true })).toBeAttached();
    }
    await expect(page.getByRole("tab", { name: "Stocks to buy" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("link", { name: "Try it now!" })).toHaveAttribute("href", "/stocks");
    await expect(page.getByRole("form", { name: "Contact form" })).toBeAttached();
    await shot(page, "no-js");
  });
});

test("the boot script loads with the page; the first interaction is held until the app has hydrated it", async ({ page, request }) => {
  await waitForFirstScreen(request);
  const errors = collectErrors(page);
  const { all: scripts, beforeLoad } = recordScripts(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Simplify Investments" })).toBeVisible();
  await page.waitForLoadState("load");
  // The boot script is among the first; at 1280 px the demo video is in view, so more may follow.
  expect(beforeLoad.some((path) => /\/assets\/landing-boot-/.test(path))).toBe(true);

  // A click before the app is there is held and replayed once it has hydrated the page.
  const watch = page.getByRole("tab", { name: "Stocks to watch" });
  await watch.click();
  await expect(watch).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("stock-card").first()).toBeVisible();
  expect(scripts.some((path) => /\/assets\/index-/.test(path))).toBe(true);

  // The tab panel shows a focus ring when the keyboard reaches it.
  await watch.focus();
  await page.keyboard.press("Tab");
  const panel = page.getByRole("tabpanel");
  await expect(panel).toBeFocused();
  await expect(panel).toHaveCSS("outline-style", "solid");
  await expect(panel).toHaveCSS("outline-width", "3px");
  await panel.scrollIntoViewIfNeeded();
  await shot(page, "panel-focus", { fullPage: false, phone: false });

  // The card opens the detail panel (lazy-loaded).
  const card = page.getByTestId("stock-card").first();
  await card.getByRole("button", { name: /^Quick view of / }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await shot(page, "hydrated");
  expect(errors).toEqual([]);
});

test("a visitor who only reads still gets the live lists", async ({ page, request }) => {
  await waitForFirstScreen(request);
  const errors = collectErrors(page);
  await page.goto("/");
  // No interaction at all: the app loads once the page has been idle for a moment.
  // The buy list's cards, or its 'no stocks' line on a day without a BUY: the live list either way.
  await expect(page.getByTestId("stock-card").or(page.getByText(NO_STOCKS_MESSAGE)).first()).toBeAttached({ timeout: 15_000 });
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the menu works, other pages still get the app, and navigating back renders the landing page", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  await page.goto("/signin");
  await expect(page.getByRole("heading", { name: /sign in/i }).first()).toBeVisible();
  await page.getByRole("link", { name: "Quanta" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Simplify Investments" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Stocks to buy" })).toHaveAttribute("aria-selected", "true");
  expect(errors).toEqual([]);
});
