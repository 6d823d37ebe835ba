import { analyzeStock } from "./support/auth-steps";
import { expect, test } from "./support/fixtures";

test("a shared analysis opens signed out as a read-only page, and says it is gone once its owner stops sharing", async ({
  page,
  context,
  browser,
  verifiedUser: user,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/stocks");
  await analyzeStock(page, "NWSC");
  await expect(page.getByTestId("analysis-report")).toBeVisible({ timeout: 15_000 });
  const action = await page.getByTestId("recommendation-badge").textContent();

  // Share: the analysis's own link, copied and confirmed beside the button (no dialog).
  page.on("dialog", (dialog) => {
    throw new Error(`unexpected dialog: ${dialog.message()}`);
  });
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);

  // Someone signed out opens it: the report as the owner saw it, with its date and the demo label.
  const stranger = await browser.newContext();
  const shared = await stranger.newPage();
  const answer = await shared.goto(link);
  expect(answer?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(shared.getByRole("heading", { level: 1, name: "Shared analysis: NWSC" })).toBeVisible();
  await expect(shared.getByTestId("analysis-report")).toBeVisible();
  await expect(shared.getByTestId("recommendation-badge")).toHaveText(action ?? "");
  await expect(shared.getByTestId("shared-analysis-date")).toBeVisible();
  await expect(shared.getByTestId("demo-badge")).toBeVisible();
  await expect(shared.getByRole("button", { name: "Print" })).toBeVisible();
  await expect(shared.getByText(user.email)).toHaveCount(0);

  // The owner stops sharing from the history.
  await page.getByRole("link", { name: "View Historical Analysis" }).click();
  const card = page.getByRole("article", { name: "NWSC" });
  await expect(card.getByRole("link", { name: "open the shared page" })).toHaveAttribute("href", new URL(link).pathname);
  await card.getByRole("button", { name: "Stop sharing" }).click();
  await expect(card.getByRole("status")).toHaveText("Sharing stopped: the link no longer works.");

  await shared.reload();
  await expect(shared.getByRole("heading", { level: 1, name: "This shared analysis is no longer available" })).toBeVisible();
  await expect(shared.getByTestId("analysis-report")).toHaveCount(0);
  await stranger.close();
});
