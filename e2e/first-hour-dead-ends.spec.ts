import { fillCredentials } from "./support/auth-steps";
import { expect, test } from "./support/fixtures";
import { shot } from "./support/screenshots";

// No dead ends: the return address of sign-in, the user's own analysis on
// /stock/:ticker, /upload reachable from History with a sample to download, and a filter with no match.

test("dead ends: return address, own analysis, import link, filter with no match", async ({ page, verifiedUser }) => {
  const { email, password } = verifiedUser;

  // 1. Signed out, /analyses sends to /signin with the return address, and signing in comes back.
  await page.context().clearCookies();
  await page.goto("/analyses");
  await expect(page).toHaveURL("/signin?redirect=%2Fanalyses");
  await expect(page.getByRole("link", { name: "Sign Up" }).last()).toHaveAttribute("href", "/signup?redirect=%2Fanalyses");
  await fillCredentials(page, email, password);
  await shot(page, "1-signin-with-return-address");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/analyses$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { name: "Your Analysis History" })).toBeVisible();

  // 2. Analyse a demo ticker, then its stock page shows the user's own analysis, with 'Analyze NWSC'.
  await page.goto("/stocks");
  // Enter submits what was typed (the suggestions list may cover the button while it is open).
  const input = page.getByLabel("Enter Stock Ticker or Company Name");
  await input.fill("NWSC");
  await input.press("Enter");
  await expect(page.getByTestId("report-ticker")).toHaveText("NWSC", { timeout: 15_000 });
  await page.goto("/stock/NWSC");
  await expect(page.getByTestId("analysis-source")).toContainText("Your analysis of");
  await expect(page.getByTestId("report-ticker")).toHaveText("NWSC");
  await expect(page.getByRole("link", { name: "Analyze NWSC" })).toHaveAttribute("href", "/stocks?ticker=NWSC&autoSearch=true");
  await shot(page, "2-stock-page-own-analysis");

  // A ticker without any analysis is not a dead end either.
  await page.goto("/stock/ZZZQ");
  await expect(page.getByText("No analysis found for ZZZQ")).toBeVisible();
  await expect(page.getByRole("link", { name: "Analyze ZZZQ" })).toBeVisible();
  await shot(page, "3-stock-page-nothing-found");

  // 3. History links to /upload; its sample files download.
  await page.goto("/dashboard");
  await expect(page.getByRole("article", { name: "NWSC" })).toBeVisible();
  await shot(page, "4-history-import-link");
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page).toHaveURL(/\/upload$/);
  const template = page.getByRole("link", { name: "Download the template" });
  await expect(template).toBeVisible();
  await expect(page.getByText("docs/csv-format.md")).toHaveCount(0);
  const download = await page.request.get((await template.getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect((await download.text()).split(/\r?\n/)[0]).toMatch(/^id,timestamp,ticker,current_metrics\.price,/);
  await shot(page, "5-upload-formats");

  // The user menu leads there too.
  await page.getByRole("banner").getByRole("button", { name: email }).click();
  await expect(page.getByRole("menuitem", { name: "Import CSV" })).toBeVisible();
  await page.keyboard.press("Escape");

  // 5. A filter with no match says so and clears.
  await page.goto("/dashboard?ticker=XYZ");
  await expect(page.getByText('No analyses match "XYZ".')).toBeVisible();
  await expect(page.getByText("Analyze Your First Stock")).toHaveCount(0);
  await shot(page, "6-history-filter-no-match");
  await page.getByRole("link", { name: "Clear filter" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("article", { name: "NWSC" })).toBeVisible();
});
