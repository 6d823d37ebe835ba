import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { shot } from "./support/screenshots";

// The public market page as a visitor, on the e2e app (the demo market): after the start-up screen
// the page holds that session's snapshot. At 1280 px; e2e/phone-layout.spec.ts checks it on a phone.

/** Waits until the first daily screen has stored the market page. */
async function waitForMarket(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get("/api/market");
        return response.ok() ? ((await response.json()) as { as_of: string | null }).as_of : null;
      },
      { timeout: 90_000, message: "the first market snapshot" },
    )
    .not.toBeNull();
}

test("the market page: the state since its date, distribution days, 120 sessions, breadth, groups linking to the screener, the chart", async ({ page, request }) => {
  await waitForMarket(request);
  await page.goto("/");
  await page.getByRole("navigation").getByRole("link", { name: "Market", exact: true }).first().click();
  await expect(page).toHaveURL(/\/market$/);
  await expect(page.getByRole("heading", { name: "Market", level: 1 })).toBeVisible();
  await expect(page.getByTestId("market-state")).toHaveText(/Confirmed uptrend|Uptrend under pressure|Correction/);
  await expect(page.getByTestId("market-since")).toContainText("since");
  await expect(page.getByTestId("distribution-days").getByRole("heading", { name: "Distribution days" })).toBeVisible();

  // The strip's table, opened by keyboard, lists the 120 sessions.
  const timeline = page.getByTestId("state-timeline");
  await timeline.getByText("Show the sessions as a table").focus();
  await page.keyboard.press("Enter");
  await expect(timeline.locator("tbody tr")).toHaveCount(120);

  await expect(page.getByTestId("breadth-above-50")).toHaveText(/\d+\.\d%/);
  await expect(page.getByTestId("breadth-history").locator("tbody tr")).toHaveCount(1);

  const sector = page.getByTestId("sector-ranks").getByRole("link").first();
  const name = (await sector.textContent()) ?? "";
  expect(await sector.getAttribute("href")).toBe(`/screener?sector=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("industry-ranks").getByRole("link").first()).toHaveAttribute("href", /^\/screener\?industry=/);

  // The chart drew (its canvas is inside the figure) with its legend.
  const chart = page.getByTestId("benchmark-chart");
  await expect(chart.locator("canvas").first()).toBeVisible();
  await expect(chart.getByRole("list", { name: "Chart legend" })).toContainText("EMA 50");
  await shot(page, "market");

  // axe (WCAG 2.0 / 2.1, A and AA) finds nothing, with the sessions' table open.
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
