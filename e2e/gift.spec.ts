import { expect, test } from "@playwright/test";
import { shot } from "./support/screenshots";

// The gift assistant without JavaScript: the server-rendered form posts natively, an
// invalid post comes back with its message and the entered values, a valid one lists the ideas.
test.describe("without JavaScript", () => {
test.use({ javaScriptEnabled: false });

test("the gift form works with JavaScript disabled: a validation round trip, then the ideas", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/gift");
  await expect(page.getByRole("heading", { name: "Gift Recommendation Assistant" })).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill("Ada <b>Lovelace</b>");
  await page.getByLabel("Age", { exact: true }).fill("36");
  await page.getByLabel("Relationship", { exact: true }).selectOption("other");
  await page.getByLabel("Occasion", { exact: true }).selectOption("birthday");
  await page.getByLabel("Budget", { exact: true }).selectOption("50_100");
  await page.getByLabel("Interests", { exact: true }).fill("cooking, hiking");
  await page.getByLabel("Previous gifts (optional)").fill("Pasta maker");
  await shot(page, "form");
  await page.getByRole("button", { name: "Get Gift Recommendations" }).click();

  // 'Other' without its description: the server answers the form again, values kept.
  await expect(page.getByText("Please describe the relationship.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Ada <b>Lovelace</b>");
  await expect(page.getByLabel("Interests", { exact: true })).toHaveValue("cooking, hiking");
  await expect(page.getByLabel("Budget", { exact: true })).toHaveValue("50_100");
  await shot(page, "form-with-a-message");

  await page.getByLabel("If other, describe the relationship").fill("Neighbour");
  await page.getByRole("button", { name: "Get Gift Recommendations" }).click();

  await expect(page.getByRole("heading", { name: "Gift ideas for Ada <b>Lovelace</b>" })).toBeVisible();
  const ideas = page.getByRole("list", { name: "Gift ideas" }).getByRole("listitem");
  const count = await ideas.count();
  expect(count).toBeGreaterThanOrEqual(5);
  expect(count).toBeLessThanOrEqual(10);
  await expect(page.getByText("Pasta maker")).toHaveCount(0);
  for (const text of await ideas.allInnerTexts()) {
    expect(text).toContain("Where to look:");
    const prices = [...text.matchAll(/\$([\d,]+)/g)].map((m) => Number(m[1]!.replace(/,/g, "")));
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toBeLessThanOrEqual(100);
  }
  await shot(page, "ideas");
});
});

test.describe("with JavaScript", () => {
  test("the React form posts natively to the same endpoint", async ({ page }) => {
    await page.goto("/gift");
    await page.getByLabel("Name", { exact: true }).fill("Sam");
    await page.getByLabel("Age", { exact: true }).fill("10");
    await page.getByLabel("Relationship", { exact: true }).selectOption("family");
    await page.getByLabel("Occasion", { exact: true }).selectOption("other");
    await page.getByLabel("Describe the occasion").fill("End of school year");
    await page.getByLabel("Budget", { exact: true }).selectOption("under_25");
    await page.getByLabel("Interests", { exact: true }).fill("dinosaurs, drawing");
    await page.getByRole("button", { name: "Get Gift Recommendations" }).click();
    await expect(page.getByRole("heading", { name: "Gift ideas for Sam" })).toBeVisible();
    const count = await page.getByRole("list", { name: "Gift ideas" }).getByRole("listitem").count();
    expect(count).toBeGreaterThanOrEqual(5);
    expect(count).toBeLessThanOrEqual(10);
  });
});
