import { expect, test } from "@playwright/test";

// The first daily screen: a fresh server's lists say 'Refreshing…' until the first daily screen has finished, then
// fill by themselves (the page asks GET /api/public-lists/status every 5 s), without a reload.

test("the lists fill by themselves once the first daily screen has finished", async ({ page, request }) => {
  await page.goto("/");
  const buyList = page.getByRole("tabpanel", { name: "Stocks to buy" });
  const card = buyList.getByTestId("stock-card").first();
  // Depending on how far the start-up run is: 'Refreshing…' (never 'no stocks'), or the list itself.
  await expect(buyList.getByText("Refreshing…").or(card)).toBeVisible({ timeout: 30_000 });
  await expect(card).toBeVisible({ timeout: 90_000 });
  await expect(buyList.getByText("No recommended stocks available.")).toHaveCount(0);

  const status = (await (await request.get("/api/public-lists/status")).json()) as { refreshing: boolean; finishedAt: string | null; progress: unknown };
  expect(status.refreshing).toBe(false);
  expect(Date.parse(status.finishedAt ?? "")).not.toBeNaN();
});
