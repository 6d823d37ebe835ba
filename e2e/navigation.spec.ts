import { expect, test } from "@playwright/test";

test("signed-out visits to /dashboard, /analyses/… and /stock/:ticker land on /signin", async ({ page }) => {
  for (const path of ["/dashboard", "/analyses/recent", "/stock/AAPL"]) {
    await page.goto(path);
    // The page they wanted is kept as the return address.
    await expect(page).toHaveURL(`/signin?redirect=${encodeURIComponent(path)}`);
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  }
});

test("the landing page has the header, the drawer and the footer of docs/product.md", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Simplify Investments" })).toBeVisible();
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer).toBeVisible();
  // 240 px wide, and fully slid in from the left once its animation ends.
  await expect(drawer).toHaveCSS("width", "240px");
  await expect.poll(async () => Math.round((await drawer.boundingBox())?.x ?? -1)).toBe(0);
  for (const name of ["Analyze a stock", "Your history", "Import CSV"]) {
    await expect(drawer.getByRole("link", { name })).toBeVisible();
  }
  // Clicking the dimmed overlay (right of the drawer) closes it.
  await page.mouse.click(page.viewportSize()!.width - 20, 400);
  await expect(drawer).toBeHidden();
  const footer = page.getByRole("contentinfo");
  for (const name of ["Track record", "Contact us"]) await expect(footer.getByRole("link", { name })).toBeVisible();
  await expect(page.locator('a[href="#"]')).toHaveCount(0);
  await page.getByRole("banner").getByRole("link", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test("an unknown page shows a 404 with a way home", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByText("Page not found")).toBeVisible();
  await page.getByRole("link", { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});
