import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { expectNoSidewaysScroll } from "./support/layout";
import { listWithCards } from "./support/public-lists";
import { shot } from "./support/screenshots";

// The portfolio: a verified user buys a stock from its report ('I bought this', prefilled from the
// trade setup and the position-size calculator), sees the position valued at the close on /portfolio
// and moves its stop; another imports 200 transactions from a CSV and exports them again.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const transactions = path.resolve(import.meta.dirname, "fixtures/transactions-200.csv");

/** The picture at 1280 and 390 px, and nothing wider than the phone's screen. */
async function bothWidths(page: Page, name: string): Promise<void> {
  await shot(page, name);
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page, `${name} at 390 px`);
  await page.setViewportSize(DESKTOP);
}

const amount = (text: string) => Number(text.replace(/[$,\s]/g, ""));

test("buy from a report (prefilled), see the position at shares × close, move its stop — at 1280 and 390 px", async ({ page, request, verifiedUser: _user }) => {
  test.setTimeout(90_000);
  const { items } = await listWithCards(request);
  const ticker = items[0]!.ticker;
  await page.goto(`/stock/${ticker}`);
  await expect(page.getByTestId("analysis-report")).toBeVisible({ timeout: 20_000 });
  const buyPoint = amount(await page.getByTestId("trade-buy-point").innerText());
  const stop = amount(await page.getByTestId("trade-stop-loss").innerText());
  expect(stop).toBeLessThan(buyPoint);

  // The calculator: $100,000 with 1% at risk.
  await page.getByTestId("sizing-account").fill("100000");
  await page.getByTestId("sizing-risk").fill("1");
  const expected = Math.min(Math.floor(1000 / (buyPoint - stop) + 1e-9), Math.floor(100_000 / buyPoint));
  await expect(page.getByTestId("sizing-answer")).toContainText(`Buy ${expected.toLocaleString("en-US")} shares`);
  await bothWidths(page, "report-sizing");

  await page.getByTestId("bought-button").click();
  const dialog = page.getByRole("dialog", { name: `I bought ${ticker}` });
  await expect(dialog.getByLabel("Shares")).toHaveValue(String(expected));
  await expect(dialog.getByLabel("Price per share ($)")).toHaveValue(buyPoint.toFixed(2));
  await expect(dialog.getByLabel("Stop ($)")).toHaveValue(stop.toFixed(2));
  await shot(page, "bought-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Add to portfolio" }).click();
  await expect(page.getByTestId("bought-added")).toContainText(`Added ${expected.toLocaleString("en-US")} shares`);

  await page.getByTestId("bought-added").getByRole("link", { name: "portfolio" }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  const row = page.getByTestId("position-row").and(page.locator(`[data-ticker="${ticker}"]`));
  await expect(row).toBeVisible();
  await expect(row.getByTestId("position-shares")).toHaveText(expected.toLocaleString("en-US"));
  const close = amount(await row.getByTestId("position-close").innerText());
  const value = amount(await row.getByTestId("position-value").innerText());
  expect(value).toBe(Math.round(expected * close * 100) / 100);
  await expect(page.getByTestId("total-value")).toHaveText(await row.getByTestId("position-value").innerText());
  await expect(page.getByTestId("total-open-risk")).toContainText("Heat:");
  await bothWidths(page, "portfolio");

  // Move the stop just under the close.
  const newStop = Math.floor(close * 0.99 * 100) / 100;
  await row.getByRole("button", { name: `Manage ${ticker}` }).click();
  const manage = page.getByRole("dialog");
  await manage.getByLabel("Stop ($)").fill(newStop.toFixed(2));
  await manage.getByRole("button", { name: "Save stop and alerts" }).click();
  await expect(manage.getByTestId("levels-status")).toHaveText("Saved.");
  await shot(page, "position-dialog", { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(row.getByTestId("position-stop")).toHaveText(`$${newStop.toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
});

test("import 200 transactions from a CSV and export them again", async ({ page, verifiedUser: _user }) => {
  test.setTimeout(90_000);
  await page.goto("/portfolio");
  await expect(page.getByTestId("portfolio-empty")).toBeVisible();
  await bothWidths(page, "portfolio-empty");

  await page.getByLabel("Transactions CSV").setInputFiles(transactions);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByTestId("import-result")).toHaveText("Imported 200 transactions; 10 positions opened.", { timeout: 30_000 });
  await expect(page.getByTestId("position-row")).toHaveCount(10);
  await bothWidths(page, "portfolio-imported");

  const downloading = page.waitForEvent("download");
  await page.getByTestId("export-button").click();
  const exported = readFileSync(await (await downloading).path(), "utf8");
  // The same trades: date, ticker, side, quantity, price, fees (numbers compared as numbers).
  const trades = (csv: string) =>
    csv
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => {
        const [date, ticker, side, quantity, price, fees] = line.split(",");
        return [date, ticker, side, Number(quantity), Number(price), Number(fees)].join(",");
      })
      .sort();
  expect(trades(exported)).toEqual(trades(readFileSync(transactions, "utf8")));
});
