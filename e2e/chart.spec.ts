import { analyzeStock } from "./support/auth-steps";
import { expect, test } from "./support/fixtures";
import { shot } from "./support/screenshots";

test("the report's chart: the legend follows the cursor, and Weekly, Log scale and the RS line work by keyboard", async ({ page, verifiedUser: _user }) => {
  await page.goto("/stocks");
  await analyzeStock(page, "NWSC");
  const chart = page.getByTestId("price-chart");
  const canvas = page.getByTestId("price-chart-canvas");
  await expect(canvas.locator("canvas").first()).toBeVisible({ timeout: 15_000 });
  await chart.scrollIntoViewIfNeeded();

  // The legend shows the last session until the cursor is over a bar, then that bar's O/H/L/C.
  const ohlc = page.getByTestId("chart-ohlc");
  // The click on 'Analyze Stock' may have left the cursor where the chart now is.
  await page.mouse.move(5, 5);
  await expect(ohlc).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}O [\d,.]+H [\d,.]+L [\d,.]+C [\d,.]+Vol [\d.]+[KMB]?[+-]?\d+\.\d%$/);
  const last = await ohlc.textContent();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.35);
  await expect(ohlc).not.toHaveText(last ?? "");
  await expect(ohlc).toContainText(/O [\d,.]+H [\d,.]+L [\d,.]+C [\d,.]+/);
  await expect(page.getByRole("list", { name: "Chart legend" })).toContainText("SMA 50");
  await expect(page.getByRole("list", { name: "Chart legend" })).toContainText("RS line");
  await page.mouse.move(5, 5);
  await expect(ohlc).toHaveText(last ?? "");
  await shot(page, "chart-daily", { of: chart });

  // Weekly and Log scale by keyboard: Tab to the buttons, Enter and Space press them.
  const weekly = page.getByRole("button", { name: "Weekly" });
  await page.getByRole("button", { name: "Daily" }).focus();
  await page.keyboard.press("Tab");
  await expect(weekly).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(weekly).toHaveAttribute("aria-pressed", "true");
  await expect(ohlc).toContainText("Week to ");
  await expect(page.getByRole("list", { name: "Chart legend" })).toContainText("SMA 10-week");
  await page.keyboard.press("Tab");
  const log = page.getByRole("button", { name: "Log scale" });
  await expect(log).toBeFocused();
  await page.keyboard.press("Space");
  await expect(log).toHaveAttribute("aria-pressed", "true");
  await shot(page, "chart-weekly-log", { of: chart });

  await page.keyboard.press("Tab");
  const rs = page.getByRole("button", { name: "RS line" });
  await expect(rs).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(rs).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("list", { name: "Chart legend" })).not.toContainText("RS line");
});
