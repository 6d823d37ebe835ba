import { expect, test, type Page } from "@playwright/test";
import { listWithCards, NO_STOCKS_MESSAGE, publicList, waitForFirstScreen } from "./support/public-lists";
import { msStatusShown, recordTimeline } from "./support/timeline";

// The landing page as a visitor (docs/product.md), at 1280 px (e2e/phone-layout.spec.ts: on a phone). The public lists fill
// a few seconds after the server starts, so the tests wait for them through the API first.
// The news and contact tests need GET /api/news and POST /api/contact from the server.

function tab(page: Page, name: string) {
  return page.getByRole("tab", { name, exact: true });
}

function cards(page: Page) {
  return page.getByTestId("stock-card");
}

async function openDetailPanelAndClose(page: Page, ticker: string): Promise<void> {
  const card = cards(page).filter({ has: page.getByRole("heading", { name: ticker, exact: true }) });
  await card.getByRole("button", { name: `Quick view of ${ticker}` }).click();
  const panel = page.getByRole("dialog", { name: `${ticker} analysis` });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("analysis-report")).toBeVisible();
  await expect(panel.getByTestId("report-ticker")).toHaveText(ticker);
  await panel.getByRole("button", { name: "Close" }).click();
  await expect(panel).toBeHidden();
}

async function contactSuccess(page: Page): Promise<void> {
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill("Ada Lovelace");
  await form.getByLabel("Email").fill("ada@example.com");
  await form.getByLabel("Message (optional)").fill("Hello from the end-to-end suite.");
  const posted = page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST");
  await form.getByRole("button", { name: "Submit" }).click();
  expect((await posted).ok()).toBe(true);
  const status = form.getByText("Message sent successfully!");
  await expect(status).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("");
  await expect(form.getByLabel("Email")).toHaveValue("");
  await expect(form.getByLabel("Message (optional)")).toHaveValue("");
  // The status line disappears after 2 s.
  await expect(status).toBeHidden({ timeout: 5_000 });
  const shownFor = await msStatusShown(page, "Message sent successfully!");
  expect(shownFor).toBeGreaterThanOrEqual(1_500);
  expect(shownFor).toBeLessThan(3_500);
}

async function contactEmptyFields(page: Page): Promise<void> {
  const contactCalls: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/contact")) contactCalls.push(r.url());
  });
  const form = page.getByRole("form", { name: "Contact form" });
  await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
  await form.getByLabel("Name").fill("Ada");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByRole("alert")).toHaveText("Please fill in all fields.");
  await form.getByLabel("Name").fill("");
  await form.getByLabel("Email").fill("ada@example.com");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByRole("alert")).toHaveText("Please fill in all fields.");
  expect(contactCalls).toEqual([]);
}

test.describe("landing page (1280 px)", () => {
  test("the tabs switch between the buy list, the watch list and the news", async ({ page, request }) => {
    const buys = await publicList(request, "BUY");
    const watches = await publicList(request, "WATCH");
    await page.goto("/");
    await expect(tab(page, "Stocks to buy")).toHaveAttribute("aria-selected", "true");
    // A day without a stock in its buy window has no BUY card (the demo market is a market).
    if (buys.length === 0) await expect(page.getByText(NO_STOCKS_MESSAGE)).toBeVisible();
    else await expect(cards(page).first().getByTestId("recommendation-badge")).toHaveText("BUY");
    await expect(cards(page)).toHaveCount(buys.length);

    await tab(page, "Stocks to watch").click();
    await expect(tab(page, "Stocks to watch")).toHaveAttribute("aria-selected", "true");
    await expect(cards(page)).toHaveCount(watches.length);
    const first = cards(page).first();
    await expect(first.getByTestId("recommendation-badge")).toHaveText("WATCH");
    await expect(first.getByTestId("stock-card-price")).toHaveText(/^\d[\d,]*\.\d{2}$/);
    await expect(first.getByTestId("stock-card-volume")).toHaveText(/^\d[\d,]*$/);
    // The logo: loaded, or 'No logo' (never stuck loading).
    await expect(first.getByTestId("stock-logo")).toHaveAttribute("data-state", /found|missing/);
    // A card with a buy point shows it and its stop (a BUY always has them; a base forming too).
    const withLevels = cards(page).filter({ has: page.getByTestId("stock-card-buy-point").filter({ hasText: /^\d/ }) }).first();
    await expect(withLevels.getByTestId("stock-card-buy-point")).toHaveText(/^\d[\d,]*\.\d{2}$/);
    await expect(withLevels.getByTestId("stock-card-stop-loss")).toHaveText(/^\d[\d,]*\.\d{2}$/);

    await tab(page, "News to read").click();
    await expect(tab(page, "News to read")).toHaveAttribute("aria-selected", "true");
    await expect(cards(page)).toHaveCount(0);
    await tab(page, "Stocks to buy").click();
    await expect(cards(page)).toHaveCount(buys.length);
  });

  test("/#buy-list selects the buy tab and scrolls to the lists", async ({ page, request }) => {
    await waitForFirstScreen(request);
    // A fresh visit to /#buy-list.
    await page.goto("/#buy-list");
    await expect(tab(page, "Stocks to buy")).toHaveAttribute("aria-selected", "true");
    await expect(page.locator("#buy-list")).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeGreaterThan(100);

    // From another tab, scrolled to the top: the hero's link to /#buy-list selects the buy tab again.
    await page.goto("/");
    await tab(page, "Stocks to watch").click();
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await page.getByRole("link", { name: "See the lists" }).click();
    await expect(page).toHaveURL(/\/#buy-list$/);
    await expect(tab(page, "Stocks to buy")).toHaveAttribute("aria-selected", "true");
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeGreaterThan(100);
    await expect(page.locator("#buy-list")).toBeInViewport();
  });

  test("a card's Details sends a signed-out visitor to /signin", async ({ page, request }) => {
    const list = await listWithCards(request);
    const ticker = list.items[0]!.ticker;
    await page.goto("/");
    await tab(page, list.tab).click();
    const details = cards(page).first().getByRole("link", { name: /^Details/ });
    await expect(details).toHaveAttribute("href", `/stock/${ticker}`);
    await details.click();
    await expect(page).toHaveURL(`/signin?redirect=${encodeURIComponent(`/stock/${ticker}`)}`);
  });

  test("the detail panel opens with the full report and closes", async ({ page, request }) => {
    const list = await listWithCards(request);
    const ticker = list.items[0]!.ticker;
    await page.goto("/");
    await tab(page, list.tab).click();
    await openDetailPanelAndClose(page, ticker);
    // A click on the card body opens it too; Escape closes it.
    await cards(page).first().getByTestId("stock-card-price").click();
    await expect(page.getByRole("dialog", { name: `${ticker} analysis` })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("news renders with ticker chips (needs GET /api/news)", async ({ page, request }) => {
    await waitForFirstScreen(request);
    await expect
      .poll(async () => {
        const response = await request.get("/api/news?page=0&size=10");
        return response.ok() ? ((await response.json()) as { content: unknown[] }).content.length : 0;
      }, { timeout: 30_000, message: "news articles" })
      .toBeGreaterThan(0);
    await page.goto("/");
    await tab(page, "News to read").click();
    const articles = page.getByTestId("news-article");
    await expect(articles.first()).toBeVisible();
    const list = page.getByTestId("news-list");
    await expect(list).toHaveCSS("max-height", "800px");
    await expect(list).toHaveCSS("overflow-y", "auto");
    const first = articles.first();
    await expect(first.getByRole("heading").getByRole("link")).toHaveAttribute("target", "_blank");
    await expect(first.getByRole("heading").getByRole("link")).toHaveAttribute("rel", /noopener/);
    await expect(first.getByRole("time")).toBeVisible();
    await expect(page.getByTestId("ticker-chip").first()).toHaveText(/^[A-Z][A-Z0-9.-]*$/);
    const preview = (await first.getByTestId("news-content").textContent()) ?? "";
    expect(preview.length).toBeLessThanOrEqual(101);
  });

  test("the contact form sends a message, clears the fields and hides the status (needs POST /api/contact)", async ({ page }) => {
    await recordTimeline(page);
    await page.goto("/");
    await contactSuccess(page);
  });

  test("the contact form asks for name and e-mail and sends nothing", async ({ page }) => {
    await page.goto("/");
    await contactEmptyFields(page);
  });

  test("the landing page has the marketing sections and the demo video slot", async ({ page }) => {
    await page.goto("/");
    for (const name of ["Simplify Investments", "Why choose us", "Technology", "Contact Us"]) {
      await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    for (const name of ["AI-Powered Analysis", "Clear Concise Reports", "Customizable Alerts", "Level Playing Field"]) {
      await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    // The video is created when its frame nears the viewport.
    await page.getByRole("heading", { name: "See Quanta at work" }).scrollIntoViewIfNeeded();
    const video = page.getByTestId("demo-video");
    await expect(video).toHaveAttribute("preload", "none");
    await expect(video).toHaveAttribute("poster", "/demo/quanta-demo-poster.jpg");
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop && v.autoplay)).toBe(true);
  });
});
