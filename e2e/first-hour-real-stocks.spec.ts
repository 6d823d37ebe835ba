import { createVerifiedUser, expect, test } from "./support/fixtures";
import { shot } from "./support/screenshots";

// The first ticker must not fail (decision 022): the server here runs the demo market (playwright.config
// sets MARKET_DATA_PROVIDER=demo), so every page says so in a slim banner that lists the demo
// tickers; the ticker field suggests demo companies as the user types ('nor' → NWSC Northwind …),
// choosing one with the keyboard analyses it; 'AAPL' answers with demo tickers to try.

// At 1280 px; e2e/phone-layout.spec.ts sees the banner on a phone.
test.use({ viewport: { width: 1280, height: 900 } });

test("first hour: the demo market is obvious and its tickers are offered: banner, suggestions with the keyboard, and the unknown-ticker hint", async ({
  page,
  baseURL,
}) => {
  // A signed-out visitor already sees the banner, and its list of demo tickers.
  await page.goto("/signin");
  const banner = page.getByRole("complementary", { name: "Demo market" });
  await expect(banner).toContainText("Demo market: fictional companies with simulated prices");
  await banner.getByRole("button", { name: "See all demo tickers" }).click();
  const tickers = banner.getByRole("list", { name: "Demo tickers" });
  await expect(tickers.getByRole("link", { name: /NWSC Northwind Semiconductor/ })).toBeVisible();
  await shot(page, "banner-tickers", { phone: false });
  await banner.getByRole("button", { name: "Hide the demo tickers" }).click();
  await expect(tickers).toBeHidden();

  // Signed in only now: the banner above was the signed-out visitor's.
  await createVerifiedUser(page, baseURL!, "real-stocks");
  await page.goto("/stocks");
  await expect(page.getByRole("complementary", { name: "Demo market" })).toBeVisible();

  // An unknown ticker: the answer names demo tickers to try.
  const input = page.getByRole("combobox", { name: "Enter Stock Ticker or Company Name" });
  await input.fill("AAPL");
  await input.press("Enter");
  await expect(page.getByTestId("analysis-error")).toHaveText("AAPL is not in the demo market — try NWSC (Northwind Semiconductor), QBIT (Quillbit Software)");
  await shot(page, "aapl-hint");

  // Suggestions: typing 'nor' offers Northwind; ↓ and Enter analyse it.
  await input.fill("");
  await input.pressSequentially("nor", { delay: 30 });
  const suggestions = page.getByRole("listbox", { name: "Ticker suggestions" });
  await expect(suggestions.getByRole("option").first()).toHaveText(/NWSC\s*Northwind Semiconductor/);
  await expect(input).toHaveAttribute("aria-expanded", "true");
  await shot(page, "suggestions", { phone: false });
  await input.press("ArrowDown");
  await expect(suggestions.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await input.press("Enter");
  await expect(input).toHaveValue("NWSC");
  await expect(page.getByTestId("report-ticker")).toHaveText("NWSC", { timeout: 20_000 });
  await expect(suggestions).toBeHidden();
  await shot(page, "analysed");

  // The chat site has its own layout: the banner is there too.
  await page.goto("/ask");
  await expect(page.getByRole("complementary", { name: "Demo market" })).toBeVisible();
  await shot(page, "ask");
});
