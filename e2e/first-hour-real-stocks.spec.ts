import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { signUpVerified } from "./support/auth-steps";

// The first ticker must not fail (decision 022): the server here runs the demo market (playwright.config
// sets MARKET_DATA_PROVIDER=demo), so every page says so in a slim banner that lists the demo
// tickers; the ticker field suggests demo companies as the user types ('nor' → NWSC Northwind …),
// choosing one with the keyboard analyses it; 'AAPL' answers with demo tickers to try.

const SHOTS = "/tmp/shots/real-stocks";

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(file, path.join(SHOTS, `${name}.png`));
}

async function realStocksJourney(page: Page, request: APIRequestContext, testInfo: TestInfo, size: string) {
  // A signed-out visitor already sees the banner, and its list of demo tickers.
  await page.goto("/signin");
  const banner = page.getByRole("complementary", { name: "Demo market" });
  await expect(banner).toContainText("Demo market: fictional companies with simulated prices");
  await banner.getByRole("button", { name: "See all demo tickers" }).click();
  const tickers = banner.getByRole("list", { name: "Demo tickers" });
  await expect(tickers.getByRole("link", { name: /NWSC Northwind Semiconductor/ })).toBeVisible();
  await shot(page, testInfo, `${size}-banner-tickers`);
  await banner.getByRole("button", { name: "Hide the demo tickers" }).click();
  await expect(tickers).toBeHidden();

  await signUpVerified(page, request, `real-stocks-${size}`);
  await page.goto("/stocks");
  await expect(page.getByRole("complementary", { name: "Demo market" })).toBeVisible();

  // An unknown ticker: the answer names demo tickers to try.
  const input = page.getByRole("combobox", { name: "Enter Stock Ticker or Company Name" });
  await input.fill("AAPL");
  await input.press("Enter");
  await expect(page.getByTestId("analysis-error")).toHaveText("AAPL is not in the demo market — try NWSC (Northwind Semiconductor), QBIT (Quillbit Software)");
  await shot(page, testInfo, `${size}-aapl-hint`);

  // Suggestions: typing 'nor' offers Northwind; ↓ and Enter analyse it.
  await input.fill("");
  await input.pressSequentially("nor", { delay: 30 });
  const suggestions = page.getByRole("listbox", { name: "Ticker suggestions" });
  await expect(suggestions.getByRole("option").first()).toHaveText(/NWSC\s*Northwind Semiconductor/);
  await expect(input).toHaveAttribute("aria-expanded", "true");
  await shot(page, testInfo, `${size}-suggestions`);
  await input.press("ArrowDown");
  await expect(suggestions.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await input.press("Enter");
  await expect(input).toHaveValue("NWSC");
  await expect(page.getByTestId("report-ticker")).toHaveText("NWSC", { timeout: 20_000 });
  await expect(suggestions).toBeHidden();
  await shot(page, testInfo, `${size}-analysed`);

  // The chat site has its own layout: the banner is there too.
  await page.goto("/ask");
  await expect(page.getByRole("complementary", { name: "Demo market" })).toBeVisible();
  await shot(page, testInfo, `${size}-ask`);
}

test.describe("first hour: the demo market is obvious and its tickers are offered (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test("banner, suggestions with the keyboard, and the unknown-ticker hint", async ({ page, request }, testInfo) => {
    await realStocksJourney(page, request, testInfo, "1280");
  });
});

test.describe("first hour: the demo market is obvious and its tickers are offered (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("banner, suggestions with the keyboard, and the unknown-ticker hint", async ({ page, request }, testInfo) => {
    await realStocksJourney(page, request, testInfo, "390");
  });
});
