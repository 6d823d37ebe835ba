import { analyzeStock } from "./support/auth-steps";
import { expect, test } from "./support/fixtures";
import { shot } from "./support/screenshots";

// No analysis spent by accident (decision 020): 'Analyze Again' leaves no ?autoSearch=true
// behind, so a reload does not run it again; the same ticker on the same market data is the stored
// analysis ('From your analysis of today, …'), not charged and not a second history card; 'Refresh'
// says when there is no newer data.

const TICKER = "CBRG";

test("no wasted analyses: Analyze Again, reload, the same ticker again, Refresh", async ({ page, verifiedUser: _user }) => {
  const analyzeRequests: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/research/stocks/") analyzeRequests.push(r.url());
  });
  const usage = page.getByTestId("usage-line");
  const notice = page.getByTestId("reused-analysis");

  // 1. The first analysis costs one of the five.
  await page.goto("/stocks");
  await expect(usage).toHaveText("5 of 5 free analyses left today");
  await analyzeStock(page, TICKER);
  await expect(page.getByTestId("report-ticker")).toHaveText(TICKER, { timeout: 20_000 });
  await expect(usage).toHaveText("4 of 5 free analyses left today");
  await expect(notice).toHaveCount(0);
  expect(analyzeRequests).toHaveLength(1);

  // 2. 'Analyze Again' from the history: the stored analysis, free; the URL keeps no autoSearch.
  await page.goto("/dashboard");
  await page.getByRole("article", { name: TICKER }).getByRole("link", { name: "Analyze Again" }).click();
  await expect(page.getByTestId("report-ticker")).toHaveText(TICKER, { timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/stocks\\?ticker=${TICKER}$`));
  await expect(notice).toContainText(/From your analysis of today, \d{2}:\d{2}/);
  await expect(usage).toHaveText("4 of 5 free analyses left today");
  expect(analyzeRequests).toHaveLength(2);
  await shot(page, "1-analyze-again-reused");

  // 3. A reload runs nothing: the ticker is in the field, no request, the count unchanged.
  await page.reload();
  await expect(page.getByLabel("Enter Stock Ticker or Company Name")).toHaveValue(TICKER);
  await expect(usage).toHaveText("4 of 5 free analyses left today");
  await page.waitForTimeout(1_000);
  expect(analyzeRequests).toHaveLength(2);
  await expect(page.getByTestId("analysis-report")).toHaveCount(0);
  await shot(page, "2-reload-runs-nothing");

  // 4. The same ticker typed again: the stored analysis, said so, not charged.
  await analyzeStock(page, TICKER.toLowerCase());
  await expect(notice).toContainText(/From your analysis of today, \d{2}:\d{2}/, { timeout: 20_000 });
  await expect(notice).toContainText("did not use another of your daily analyses");
  await expect(usage).toHaveText("4 of 5 free analyses left today");

  // 5. 'Refresh' asks explicitly; no newer market data, so the same analysis, still free.
  await notice.getByRole("button", { name: "Refresh" }).click();
  await expect(notice).toContainText(/No newer market data since your analysis at \d{2}:\d{2}\./, { timeout: 20_000 });
  await expect(usage).toHaveText("4 of 5 free analyses left today");
  expect(analyzeRequests).toHaveLength(4);
  await shot(page, "3-refresh-no-newer-data");
  // The top of the report, as seen on screen (the full-page shots are long).
  await page.getByTestId("usage-line").scrollIntoViewIfNeeded();
  await shot(page, "3b-refresh-no-newer-data-screen", { fullPage: false });

  // 6. One card in the history, not four.
  await page.goto("/dashboard");
  await expect(page.getByRole("article", { name: TICKER })).toHaveCount(1);
  await shot(page, "4-history-single-card");
});
