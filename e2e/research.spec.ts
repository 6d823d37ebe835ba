import { analyzeStock, signIn } from "./support/auth-steps";
import { expect, signUpThroughApi, test } from "./support/fixtures";
import { listWithCards } from "./support/public-lists";

test("a new user analyses a company by name, reads the report and chart, shares it, and works the history", async ({
  page,
  context,
  verifiedUser: _user,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/stocks");
  await expect(page.getByRole("button", { name: "Share" })).toBeDisabled();

  // Typed input is uppercased and mirrored in the URL.
  const input = page.getByLabel("Enter Stock Ticker or Company Name");
  await input.fill("northwind");
  await expect(input).toHaveValue("NORTHWIND");
  await expect(page).toHaveURL(/\/stocks\?ticker=NORTHWIND$/);
  await page.getByRole("button", { name: "Analyze Stock" }).click();

  const report = page.getByTestId("analysis-report");
  await expect(report).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("report-ticker")).toHaveText("NWSC");
  await expect(page.getByTestId("report-company")).toContainText("Northwind Semiconductor");
  await expect(page.getByTestId("demo-badge")).toBeVisible();
  await expect(page.getByTestId("recommendation-badge")).toHaveText(/BUY|WATCH|SELL/);
  await expect(page.getByTestId("metric-price")).toHaveText(/^\$?\d[\d,]*\.\d{2}$/);
  await expect(page.getByTestId("trend-template-score")).toHaveText(/Score: \d\/8/);
  await expect(page.getByTestId("eps-growth").getByRole("listitem").first()).toHaveText(/^Q3:\s*-?\d+\.\d%$/);
  await expect(page.getByTestId("price-chart").locator("canvas").first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("usage-line")).toHaveText("4 of 5 free analyses left today");

  // Share: no Web Share API in desktop Chromium, so the analysis's own link is copied and the
  // status line beside the button says so (e2e/share.spec.ts follows the link).
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByTestId("share-status")).toHaveText("Link copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);

  // History: the card, filter, details, remove + undo, analyze again.
  await page.getByRole("link", { name: "View Historical Analysis" }).click();
  await expect(page).toHaveURL(/\/analyses$/);
  const card = page.getByRole("article", { name: "NWSC" });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/dashboard\?ticker=NWSC$/);
  await expect(page.getByTestId("history-filter")).toContainText("Showing analyses for NWSC");

  await page.getByRole("article", { name: "NWSC" }).getByRole("button", { name: "More Details" }).click();
  const details = page.getByRole("dialog", { name: "NWSC analysis details" });
  await expect(details).toBeVisible();
  await expect(details.getByTestId("analysis-report")).toBeVisible();
  await details.getByRole("button", { name: "Close" }).click();
  await expect(details).toBeHidden();

  await page.getByRole("article", { name: "NWSC" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("article", { name: "NWSC" })).toHaveCount(0);
  await page.getByTestId("toast").getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("article", { name: "NWSC" })).toBeVisible();

  await page.getByRole("article", { name: "NWSC" }).getByRole("link", { name: "Analyze Again" }).click();
  await expect(page).toHaveURL(/\/stocks\?ticker=NWSC&autoSearch=true$|\/stocks\?ticker=NWSC$/);
  await expect(page.getByTestId("report-ticker")).toHaveText("NWSC", { timeout: 15_000 });
  // Same ticker, same market data: the stored analysis again, not charged.
  await expect(page.getByTestId("reused-analysis")).toContainText("From your analysis of today");
  await expect(page.getByTestId("usage-line")).toHaveText("4 of 5 free analyses left today");

  // The removed-and-restored analysis survives a reload: it was really restored on the server.
  await page.goto("/dashboard");
  await expect(page.getByRole("article", { name: "NWSC" })).toHaveCount(1);
});

test("an unverified user gets the verification message and modal", async ({ page, baseURL }) => {
  const { email, password } = await signUpThroughApi(page, baseURL!, "unverified");
  await signIn(page, email, password);
  await page.waitForURL(/\/stocks$/);
  await analyzeStock(page, "NWSC");
  await expect(page.getByTestId("analysis-error")).toHaveText(
    "Please verify your email first! Check your inbox for the verification link.",
  );
  const modal = page.getByRole("dialog", { name: "Email Verification Required" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "Resend Verification Email" }).click();
  await expect(modal).toContainText("Verification email sent! Please check your inbox.");
  await modal.getByRole("button", { name: "Close" }).first().click();
  await expect(modal).toBeHidden();
});

test("a signed-out visitor is invited to sign up", async ({ page }) => {
  await page.goto("/stocks");
  await analyzeStock(page, "NWSC");
  const modal = page.getByRole("dialog", { name: "Unlock Quanta AI" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "Start Free Analysis" }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test("the stock page shows a public recommendation, or says there is none", async ({ page, request, verifiedUser: _user }) => {
  // A BUY when the day has one, else a WATCH: the demo market has days with no stock in its buy window.
  const list = await listWithCards(request);
  const ticker = list.items[0]!.ticker;
  await page.goto(`/stock/${ticker}`);
  await expect(page.getByTestId("report-ticker")).toHaveText(ticker);
  await expect(page.getByTestId("recommendation-badge")).toHaveText(list.action);
  if (list.action === "BUY") await expect(page.getByTestId("recommendation-badge")).toHaveAttribute("data-tone", "green");

  await page.goto("/stock/xyz");
  await expect(page.getByText("No analysis found for XYZ")).toBeVisible();
  await page.getByRole("button", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
