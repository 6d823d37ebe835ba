import { copyFileSync, mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { analyzeStock, signUpVerified } from "./support/auth-steps";

// Lists and layout: the public lists ranked by setup quality with each card's distance to its
// buy point; Share/Print in their own space; the chart's ranges; the gift results inside the site's
// header and footer; long links wrapped in the dev mailbox. Each journey at 1280 and 390 px.

const SHOTS = "/tmp/shots/lists-layout";

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(file, `${SHOTS}/${name}.png`);
}

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

/** Checks, at several scroll positions, that `cover` never overlaps any of `targets` on screen. */
async function expectNeverCovers(page: Page, cover: Locator, targets: Locator, what: string): Promise<void> {
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

async function waitForList(request: APIRequestContext, action: "BUY" | "WATCH"): Promise<{ ticker: string; rank: number; distance: number | null; extended: boolean }[]> {
  let items: { ticker: string; rank: number; distance: number | null; extended: boolean }[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/public-buy-stocks?action=${action}`);
        if (!response.ok()) return 0;
        const body = (await response.json()) as { analyses: { analysis: string; setup?: { rank: number; distance: number | null; extended: boolean } }[] };
        items = body.analyses.map((a) => ({
          ticker: (JSON.parse(a.analysis) as { stock_summary: { ticker: string } }).stock_summary.ticker,
          rank: a.setup?.rank ?? 0,
          distance: a.setup?.distance ?? null,
          extended: a.setup?.extended ?? false,
        }));
        return items.length;
      },
      { timeout: 30_000, message: `the public ${action} list` },
    )
    .toBeGreaterThan(0);
  return items;
}

const DISTANCE = /^(At buy point|\d+\.\d% (above|below) buy point)$/;

for (const viewport of [
  { name: "1280", width: 1280, height: 800 },
  { name: "390", width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.name} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the landing lists come ranked by setup, each card with its distance to the buy point and its risk", async ({ page, request }, testInfo) => {
      for (const action of ["BUY", "WATCH"] as const) {
        const items = await waitForList(request, action);
        expect(items.map((i) => i.rank)).toEqual(items.map((_, index) => index + 1));
        // Extended stocks, if any, come last.
        const firstExtended = items.findIndex((i) => i.extended);
        if (firstExtended >= 0) expect(items.slice(firstExtended).every((i) => i.extended)).toBe(true);
      }
      const buys = await waitForList(request, "BUY");
      await page.goto("/");
      const cards = page.getByTestId("stock-card");
      await expect(cards.first()).toBeVisible({ timeout: 15_000 });
      // The cards follow the server's rank, not the alphabet.
      await expect(cards).toHaveCount(buys.length);
      expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-ticker")))).toEqual(buys.map((b) => b.ticker));
      for (const text of await page.getByTestId("stock-card-distance").allInnerTexts()) expect(text.trim()).toMatch(DISTANCE);
      for (const text of await page.getByTestId("stock-card-risk").allInnerTexts()) expect(text.trim()).toMatch(/^\d+\.\d%$/);
      await expect(page.getByTestId("stock-card-distance")).toHaveCount(buys.length);
      await cards.first().scrollIntoViewIfNeeded();
      await shot(page, testInfo, `landing-buy-cards-${viewport.name}`);

      await page.getByRole("tab", { name: "Stocks to watch", exact: true }).click();
      await expect(page.getByTestId("stock-card-distance").first()).toHaveText(DISTANCE);
      await shot(page, testInfo, `landing-watch-cards-${viewport.name}`);
    });

    test("Share and Print have their own space: they cover no report text, no trigger and no footer link; the chart's ranges switch", async ({ page, request }, testInfo) => {
      test.setTimeout(90_000);
      await signUpVerified(page, request, `layout${viewport.name}`);
      await page.goto("/stocks");
      const toolbar = page.getByTestId("share-print-buttons");
      await expect(toolbar.getByRole("button", { name: "Share" })).toBeDisabled();
      // On /stocks before any result, the footer's links (Terms of Use) are not covered.
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
      await expect(ranges.getByRole("button", { name: "6 months" })).toHaveAttribute("aria-pressed", "true");
      await chart.scrollIntoViewIfNeeded();
      await shot(page, testInfo, `chart-6m-${viewport.name}`);
      for (const name of ["3 months", "1 year", "All history"]) {
        await ranges.getByRole("button", { name }).click();
        await expect(ranges.getByRole("button", { name })).toHaveAttribute("aria-pressed", "true");
        await expect(ranges.locator('[aria-pressed="true"]')).toHaveCount(1);
      }
      await ranges.getByRole("button", { name: "3 months" }).click();
      // The attribution is a link under the chart, not a logo over the volume.
      await expect(chart.getByRole("link", { name: "Chart by TradingView" })).toBeVisible();
      await expect(chart.locator("a#tv-attr-logo")).toHaveCount(0);
      await chart.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`chart-3m-${viewport.name}.png`) });
      mkdirSync(SHOTS, { recursive: true });
      copyFileSync(testInfo.outputPath(`chart-3m-${viewport.name}.png`), `${SHOTS}/chart-3m-${viewport.name}.png`);
      await page.evaluate(() => {
        window.scrollTo(0, 0);
      });
      await shot(page, testInfo, `analyze-report-${viewport.name}`);
    });

    test("the gift results page has the site's header and footer", async ({ page }, testInfo) => {
      await page.goto("/gift");
      await page.getByLabel("Name", { exact: true }).fill("Sam");
      await page.getByLabel("Age", { exact: true }).fill("10");
      await page.getByLabel("Relationship", { exact: true }).selectOption("family");
      await page.getByLabel("Occasion", { exact: true }).selectOption("birthday");
      await page.getByLabel("Budget", { exact: true }).selectOption("under_25");
      await page.getByLabel("Interests", { exact: true }).fill("dinosaurs, drawing");
      await page.getByRole("button", { name: "Get Gift Recommendations" }).click();
      await expect(page.getByRole("heading", { name: "Gift ideas for Sam" })).toBeVisible();

      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "Quanta" })).toHaveAttribute("href", "/");
      const main = header.getByRole("navigation", { name: "Main" });
      await expect(main.getByRole("link", { name: "Analyze" })).toHaveAttribute("href", "/stocks");
      await expect(main.getByRole("link", { name: "History" })).toHaveAttribute("href", "/dashboard");
      await expect(main.getByRole("link", { name: "Gift ideas" })).toHaveAttribute("aria-current", "page");
      const footer = page.getByRole("contentinfo");
      await expect(footer).toContainText("Research, not investment advice.");
      await expect(footer.getByRole("link", { name: "Terms of Use" })).toBeVisible();
      // Nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(page, testInfo, `gift-results-${viewport.name}`);
    });

    test("the dev mailbox wraps long links", async ({ page, request }, testInfo) => {
      await signUpVerified(page, request, `mailbox${viewport.name}`);
      await page.goto("/dev/mailbox");
      await expect(page.getByRole("heading", { name: "Dev mailbox" })).toBeVisible();
      await expect(page.locator("li a").first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: testInfo.outputPath(`mailbox-${viewport.name}.png`) });
      mkdirSync(SHOTS, { recursive: true });
      copyFileSync(testInfo.outputPath(`mailbox-${viewport.name}.png`), `${SHOTS}/mailbox-${viewport.name}.png`);
    });
  });
}
