import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import type { OutboxMessage } from "./support/mailbox";
import { ALERTS_APP_URL } from "./support/ports";
import { listWithCards } from "./support/public-lists";
import { shot } from "./support/screenshots";

// Watch lists and alerts: a user watches a BUY candidate of the demo market, sets a price alert, the market moves
// to the next session (the test clock of the alerts app, DEV_TEST_CLOCK), and the day's alerts
// arrive in one digest e-mail and in the header's bell; the e-mail's link unsubscribes. The alerts
// app is a server of its own (playwright.config.ts): moving its clock disturbs no other spec.
test.use({ baseURL: ALERTS_APP_URL });
// Both journeys move the alerts app's clock: one after the other, so neither sees the other's session.
test.describe.configure({ mode: "default" });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * The page at 390 px too (where nothing may scroll sideways), then back at 1280 px. These pages are
 * reached only in this journey (the alerts app's clock moved, an alert fired), so their phone check
 * is here rather than in e2e/phone-layout.spec.ts.
 */
async function alsoOnAPhone(page: Page, name: string, whilePhone?: () => Promise<void>): Promise<void> {
  await shot(page, name);
  await page.setViewportSize(PHONE);
  await expect.poll(() => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0), { message: `${name}: no sideways scroll at 390 px` }).toBeLessThanOrEqual(PHONE.width);
  await whilePhone?.();
  await page.setViewportSize(DESKTOP);
}

/** The outbox's message to `to` whose subject matches, waiting up to `timeout` (the refresh and the alert jobs run first). */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp, timeout: number): Promise<OutboxMessage & { html?: string }> {
  let found: (OutboxMessage & { html?: string }) | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get("/dev/mailbox.json")).json()) as { messages: (OutboxMessage & { html?: string })[] };
        found = messages.find((message) => message.to === to.toLowerCase() && subject.test(message.subject));
        return Boolean(found);
      },
      { timeout, intervals: [500], message: `an e-mail to ${to} matching ${String(subject)}` },
    )
    .toBe(true);
  return found!;
}

/** The watch list's latest call for `ticker`, as the API gives it to the signed-in page. */
async function watchedCall(page: Page, ticker: string): Promise<{ price: number; stop: number | null }> {
  // The API takes the short-lived token the app gets with its session cookie.
  const { token } = (await (await page.request.get("/api/auth/token")).json()) as { token: string };
  const response = await page.request.get("/api/watchlist", { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: { ticker: string; latest: { price: number; stop: number | null } | null }[] };
  const latest = items.find((item) => item.ticker === ticker)?.latest;
  expect(latest, `${ticker}'s call on the watch list`).toBeTruthy();
  return latest!;
}

const dollars = (value: number) => `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** POST /dev/clock/advance from the page's session, with the CSRF pair as the app sends it. */
async function advanceMarket(page: Page): Promise<string> {
  const { csrfToken } = (await (await page.request.get("/csrf_cookie")).json()) as { csrfToken: string };
  const response = await page.request.post("/dev/clock/advance", { data: { sessions: 1 }, headers: { "x-csrftoken": csrfToken } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { session: string }).session;
}

test("watch a BUY candidate, the next session's digest and bell, unsubscribe, remove — at 1280 and 390 px", async ({ page, request, verifiedUser }) => {
  test.setTimeout(150_000);
  const { email } = verifiedUser;

  // The first daily screen of the fresh alerts app has finished: the buy list is filled.
  await expect
    .poll(async () => ((await (await request.get("/api/public-lists/status")).json()) as { finishedAt: string | null }).finishedAt, {
      timeout: 90_000,
      intervals: [1_000],
      message: "the first daily screen",
    })
    .not.toBeNull();

  // A BUY candidate of the landing page's buy list (or, on a day without one, the watch list's
  // first setup): its card's 'Watch'.
  const list = await listWithCards(request);
  await page.goto("/");
  // The pre-rendered landing page hydrates on the first interaction.
  await page.mouse.move(10, 10);
  await page.getByRole("tab", { name: list.tab, exact: true }).click();
  const buyList = page.getByRole("tabpanel", { name: list.tab });
  const watchButton = buyList.getByTestId("watch-button").first();
  await expect(watchButton).toBeVisible({ timeout: 30_000 });
  const ticker = (await watchButton.getAttribute("data-ticker"))!;
  expect(ticker).toMatch(/^[A-Z.]+$/);
  await expect(watchButton).toHaveAttribute("aria-pressed", "false");
  await watchButton.click();
  await expect(watchButton).toHaveAttribute("aria-pressed", "true");
  await expect(watchButton).toContainText("Watching");

  // The watch list: its call, price, distances to the buy point and the stop.
  await page.goto("/watchlist");
  const row = page.getByTestId("watchlist-row").and(page.locator(`[data-ticker="${ticker}"]`));
  await expect(row).toBeVisible();
  await expect(page.getByTestId("watchlist-count")).toContainText("1 of 10 stocks");
  await expect(row.getByTestId("recommendation-badge")).toHaveText(list.action);
  const priceText = (await row.getByTestId("watch-price").innerText()).trim();
  expect(priceText).toMatch(/^\$?[\d,]+\.\d{2}$/);
  const price = Number(priceText.replace(/[$,]/g, ""));
  await expect(row.getByTestId("watch-buy-point")).toContainText(/buy point/i);
  await expect(row.getByTestId("watch-stop")).toContainText(/above stop|below stop|at the stop/i);

  // A price alert the next close surely crosses: closes above half the price.
  const level = Math.floor(price / 2);
  await row.getByText(`Alerts for ${ticker}`).click();
  await row.getByLabel("Alert when it closes above $").fill(String(level));
  await row.getByRole("button", { name: "Save price alerts" }).click();
  await expect(row.getByRole("status")).toHaveText("Price alerts saved.");
  await expect(row.getByTestId("price_above-note")).toHaveText(new RegExp(`^Set at \\$?${level.toFixed(2)}\\.$`));
  await alsoOnAPhone(page, "watchlist");

  // The next session: the daily refresh runs, then the alert jobs; one digest for the day.
  const shown = await watchedCall(page, ticker);
  const session = await advanceMarket(page);
  expect(session).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const digest = await mailTo(request, email, /^Quanta alerts for /, 90_000);
  expect(digest.text).toContain(`${ticker} closed above $${level.toFixed(2)}`);
  // The stock's own alert follows the plan the user was shown: a close under the stop shown the day
  // before is a SELL, and that day brings no BUY. (Which of the two the demo market's next session
  // brings depends on the date the suite runs; the rule holds either way.)
  const closed = await watchedCall(page, ticker);
  const stoppedOut = shown.stop !== null && closed.price < shown.stop;
  const stockAlert = stoppedOut ? `${ticker} closed under its ${dollars(shown.stop!)} stop (SELL)` : null;
  if (stockAlert) {
    expect(digest.text).toContain(stockAlert);
    expect(digest.text).not.toContain(`${ticker} reached its buy range`);
  } else {
    expect(digest.text).not.toContain(`${ticker} closed under its`);
  }
  const unsubscribeLink = digest.links.find((link) => new URL(link).pathname === "/unsubscribe/alerts");
  expect(unsubscribeLink, digest.links.join(", ")).toBeDefined();
  expect(digest.links.map((link) => new URL(link).pathname)).toEqual(expect.arrayContaining(["/watchlist", "/settings/alerts"]));

  // The bell: the unread count, then the same alerts (opening it marks them read).
  await page.reload();
  const bell = page.getByRole("banner").getByTestId("alert-bell");
  await expect(bell.getByTestId("alert-bell-badge")).toBeVisible({ timeout: 15_000 });
  const unread = Number(await bell.getByTestId("alert-bell-badge").innerText());
  expect(unread).toBeGreaterThanOrEqual(stockAlert ? 2 : 1);
  await bell.click();
  const items = page.getByTestId("alert-item");
  await expect(items).toHaveCount(unread);
  if (stockAlert) {
    await expect(items.and(page.locator('[data-kind="sell"]'))).toContainText(stockAlert);
    await expect(items.and(page.locator('[data-kind="buy"]'))).toHaveCount(0);
  }
  await expect(items.and(page.locator('[data-kind="price_above"]'))).toContainText(`${ticker} closed above $${level.toFixed(2)}`);
  await expect(bell.getByTestId("alert-bell-badge")).toHaveCount(0);
  // The watch list after the session: the price alert is spent.
  await expect(row.getByTestId("price_above-note")).toContainText("Fired on");
  await alsoOnAPhone(page, "bell-open", async () => {
    // On a phone the open list fits the screen and still lists every alert.
    const panel = page.getByRole("dialog", { name: "Alerts" });
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expect(items).toHaveCount(unread);
  });
  await page.keyboard.press("Escape");
  await expect(items).toHaveCount(0);

  // At 390 px the bell opens by a tap of its own too.
  await page.setViewportSize(PHONE);
  await bell.click();
  await expect(items).toHaveCount(unread);
  await page.keyboard.press("Escape");
  await page.setViewportSize(DESKTOP);

  // The digest as the dev mailbox shows it, and its HTML body as a mail client would.
  await page.goto("/dev/mailbox");
  await expect(page.getByText(digest.subject)).toBeVisible();
  await alsoOnAPhone(page, "digest-mailbox");
  expect(digest.html).toBeTruthy();
  await page.setContent(digest.html!);
  await expect(page.getByText(`${ticker} closed above $${level.toFixed(2)}`)).toBeVisible();
  await alsoOnAPhone(page, "digest-email");

  // The e-mail's unsubscribe link: one press, a confirmation, and the digest is off in the settings.
  await page.goto(unsubscribeLink!);
  await page.getByTestId("unsubscribe-button").click();
  await expect(page.getByTestId("unsubscribe-done")).toContainText("You will no longer receive alert e-mails.");
  await alsoOnAPhone(page, "unsubscribed");
  await page.goto("/settings/alerts");
  await expect(page.getByTestId("digest-switch")).toHaveAttribute("aria-checked", "false");
  await alsoOnAPhone(page, "settings");

  // Removing the stock, at 390 px: asked once, then gone.
  await page.setViewportSize(PHONE);
  await page.goto("/watchlist");
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: `Remove ${ticker}` }).click();
  await row.getByRole("button", { name: "Yes, remove" }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId("watchlist-empty")).toBeVisible();
  await expect(page.getByTestId("watchlist-count")).toContainText("0 of 10 stocks");
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(PHONE.width);
});

test("a holder's stop: buy from a report, raise the stop over the close, the next session's alert in the bell and the portfolio — at 1280 and 390 px", async ({ page, request, verifiedUser }) => {
  test.setTimeout(150_000);
  const { email } = verifiedUser;
  await expect
    .poll(async () => ((await (await request.get("/api/public-lists/status")).json()) as { finishedAt: string | null }).finishedAt, {
      timeout: 90_000,
      intervals: [1_000],
      message: "the first daily screen",
    })
    .not.toBeNull();

  // 'I bought this' on a listed stock's report, as prefilled.
  const ticker = (await listWithCards(request)).items[0]!.ticker;
  await page.goto(`/stock/${ticker}`);
  await expect(page.getByTestId("analysis-report")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("bought-button").click();
  const dialog = page.getByRole("dialog", { name: `I bought ${ticker}` });
  await dialog.getByLabel("Shares").fill("10");
  await dialog.getByRole("button", { name: "Add to portfolio" }).click();
  await expect(page.getByTestId("bought-added")).toContainText("Added 10 shares");

  // The holder raises the stop above the last close: the next close is under it, whatever it is.
  await page.goto("/portfolio");
  const row = page.getByTestId("position-row").and(page.locator(`[data-ticker="${ticker}"]`));
  const close = Number((await row.getByTestId("position-close").innerText()).replace(/[$,]/g, ""));
  const stop = Math.ceil(close * 2);
  await row.getByRole("button", { name: `Manage ${ticker}` }).click();
  const manage = page.getByRole("dialog");
  await manage.getByLabel("Stop ($)").fill(stop.toFixed(2));
  await manage.getByRole("button", { name: "Save stop and alerts" }).click();
  await expect(manage.getByTestId("levels-status")).toHaveText("Saved.");
  await page.keyboard.press("Escape");

  // The test clock moves one session: the refresh, then the alert jobs.
  await advanceMarket(page);
  const title = `${ticker} closed under your ${dollars(stop)} stop`;
  const digest = await mailTo(request, email, /^Quanta alerts for /, 90_000);
  expect(digest.text).toContain(title);
  expect(digest.text).toContain("Your watch list and portfolio after the close of");

  // The portfolio names the alert on the position; the bell has it once.
  await page.reload();
  await expect(row.getByTestId("position-alerts")).toHaveText(title, { timeout: 15_000 });
  await alsoOnAPhone(page, "portfolio-stop-alert");
  const bell = page.getByRole("banner").getByTestId("alert-bell");
  await bell.click();
  const alert = page.getByTestId("alert-item").and(page.locator('[data-kind="holder_stop"]'));
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText(title);
  await alsoOnAPhone(page, "bell-holder-stop");
});
