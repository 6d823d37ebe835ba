import { expect, test } from "@playwright/test";
import { NO_STOCKS_MESSAGE, publicList } from "./support/public-lists";

// The first daily screen: a fresh server's lists say 'Refreshing…' until the first daily screen has finished, then
// fill by themselves (the page asks GET /api/public-lists/status every 5 s), without a reload.

test("the lists fill by themselves once the first daily screen has finished", async ({ page, request }) => {
  await page.goto("/");
  const buyList = page.getByRole("tabpanel", { name: "Stocks to buy" });
  const card = buyList.getByTestId("stock-card").first();
  const noStocks = buyList.getByText(NO_STOCKS_MESSAGE);
  // Depending on how far the start-up run is: 'Refreshing…' (never 'no stocks' while it runs), or the list.
  await expect(buyList.getByText("Refreshing…").or(card).or(noStocks)).toBeVisible({ timeout: 30_000 });
  if (await buyList.getByText("Refreshing…").isVisible()) await expect(noStocks).toHaveCount(0);
  // Once the screen has finished, the page shows what it found without a reload: the day's BUYs,
  // or, on a day without one, the 'no stocks' line; the watch list always has stocks.
  const buys = await publicList(request, "BUY");
  if (buys.length > 0) await expect(card).toBeVisible({ timeout: 90_000 });
  else await expect(noStocks).toBeVisible({ timeout: 90_000 });
  await expect(buyList.getByTestId("stock-card")).toHaveCount(buys.length);
  await page.getByRole("tab", { name: "Stocks to watch", exact: true }).click();
  await expect(page.getByRole("tabpanel", { name: "Stocks to watch" }).getByTestId("stock-card").first()).toBeVisible();

  const status = (await (await request.get("/api/public-lists/status")).json()) as { refreshing: boolean; finishedAt: string | null; progress: unknown };
  expect(status.refreshing).toBe(false);
  expect(Date.parse(status.finishedAt ?? "")).not.toBeNaN();
});
