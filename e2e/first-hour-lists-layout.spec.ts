import { analyzeStock } from "./support/auth-steps";
import { expect, test } from "./support/fixtures";
import { expectNeverCovers } from "./support/layout";
import { listWithCards, publicList } from "./support/public-lists";
import { shot } from "./support/screenshots";
import { requestGiftIdeasForSam } from "./support/gift-form";

// Lists and layout: the public lists ranked by setup quality with each card's distance to its
// buy point; Share/Print in their own space; the chart's ranges; the gift results inside the site's
// header and footer; long links wrapped in the dev mailbox. At 1280 px; e2e/phone-layout.spec.ts
// checks the same pages at 390 px (the toolbar, the gift results and the mailbox included).

const WIDTH = 1280;

const DISTANCE = /^(At buy point|\d+\.\d% (above|below) buy point)$/;

test("the landing lists come ranked by setup, each card with its distance to the buy point and its risk", async ({ page, request }) => {
  for (const action of ["BUY", "WATCH"] as const) {
    const items = await publicList(request, action);
    expect(items.map((i) => i.rank)).toEqual(items.map((_, index) => index + 1));
    // Extended stocks, if any, come last.
    const firstExtended = items.findIndex((i) => i.extended);
    if (firstExtended >= 0) expect(items.slice(firstExtended).every((i) => i.extended)).toBe(true);
  }
  // The BUY list's cards when the day has BUYs, else the WATCH list's.
  const list = await listWithCards(request);
  await page.goto("/");
  await page.getByRole("tab", { name: list.tab, exact: true }).click();
  const cards = page.getByTestId("stock-card");
  await expect(cards.first()).toBeVisible({ timeout: 15_000 });
  // The cards follow the server's rank, not the alphabet.
  await expect(cards).toHaveCount(list.items.length);
  expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-ticker")))).toEqual(list.items.map((b) => b.ticker));
  for (const text of await page.getByTestId("stock-card-distance").allInnerTexts()) expect(text.trim()).toMatch(DISTANCE);
  for (const text of await page.getByTestId("stock-card-risk").allInnerTexts()) expect(text.trim()).toMatch(/^\d+\.\d%$/);
  // Every BUY card has its distance; on the watch list extended stocks may have none.
  if (list.action === "BUY") await expect(page.getByTestId("stock-card-distance")).toHaveCount(list.items.length);
  await cards.first().scrollIntoViewIfNeeded();
  await shot(page, "landing-buy-cards");

  await page.getByRole("tab", { name: "Stocks to watch", exact: true }).click();
  await expect(page.getByTestId("stock-card-distance").first()).toHaveText(DISTANCE);
  await shot(page, "landing-watch-cards");
});

test("Share and Print have their own space: they cover no report text, no trigger and no footer link; the chart's ranges switch", async ({ page, verifiedUser: _user }) => {
  await page.goto("/stocks");
  const toolbar = page.getByTestId("share-print-buttons");
  await expect(toolbar.getByRole("button", { name: "Share" })).toBeDisabled();
  // On /stocks before any result, the footer's links (Contact us) are not covered.
  await expectNeverCovers(page, toolbar, page.getByRole("contentinfo").getByRole("link"), "the footer links");

  await analyzeStock(page, "NWSC");
  const report = page.getByTestId("analysis-report");
  await expect(report).toBeVisible({ timeout: 20_000 });
  await expect(toolbar.getByRole("button", { name: "Share" })).toBeEnabled();
  const chart = page.getByTestId("price-chart");
  await expect(chart.locator("canvas").first()).toBeVisible({ timeout: 15_000 });

  // Every text element of the report (the ownership figure, the Triggers list…) and the footer links.
  await expectNeverCovers(page, toolbar, report.locator("h2, h3, p, li, dd, dt, canvas"), "the report");
  await expectNeverCovers(page, toolbar, page.getByRole("contentinfo").getByRole("link"), "the footer links");

  // The chart's ranges: 6M first, then 3M, 1Y and All, one pressed at a time.
  const ranges = chart.getByRole("group", { name: "Chart range" });
  await expect(ranges.getByRole("button", { name: "6M, 6 months" })).toHaveAttribute("aria-pressed", "true");
  await chart.scrollIntoViewIfNeeded();
  await shot(page, "chart-6m", { fullPage: false });
  for (const name of ["3M, 3 months", "1Y, 1 year", "All, all history"]) {
    await ranges.getByRole("button", { name }).click();
    await expect(ranges.getByRole("button", { name })).toHaveAttribute("aria-pressed", "true");
    await expect(ranges.locator('[aria-pressed="true"]')).toHaveCount(1);
  }
  await ranges.getByRole("button", { name: "3M, 3 months" }).click();
  // The attribution is a link under the chart, not a logo over the volume.
  await expect(chart.getByRole("link", { name: "Chart by TradingView" })).toBeVisible();
  await expect(chart.locator("a#tv-attr-logo")).toHaveCount(0);
  await chart.scrollIntoViewIfNeeded();
  await shot(page, "chart-3m", { fullPage: false });
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await shot(page, "analyze-report");
});

test("the gift results page has the site's header and footer", async ({ page }) => {
  await requestGiftIdeasForSam(page);
  await expect(page.getByRole("heading", { name: "Gift ideas for Sam" })).toBeVisible();

  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Quanta" })).toHaveAttribute("href", "/");
  const main = header.getByRole("navigation", { name: "Main" });
  await expect(main.getByRole("link", { name: "Analyze" })).toHaveAttribute("href", "/stocks");
  await expect(main.getByRole("link", { name: "History" })).toHaveAttribute("href", "/dashboard");
  await expect(main.getByRole("link", { name: "Gift ideas" })).toHaveAttribute("aria-current", "page");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("Research, not investment advice.");
  await expect(footer.getByRole("link", { name: "Contact us" })).toBeVisible();
  // Nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  await shot(page, "gift-results");
});
