import type { Page } from "@playwright/test";

/** Fills the gift form for Sam (10, family, birthday, under $25, dinosaurs and drawing) and sends it. */
export async function requestGiftIdeasForSam(page: Page, press: "click" | "tap" = "click"): Promise<void> {
  await page.goto("/gift");
  await page.getByLabel("Name", { exact: true }).fill("Sam");
  await page.getByLabel("Age", { exact: true }).fill("10");
  await page.getByLabel("Relationship", { exact: true }).selectOption("family");
  await page.getByLabel("Occasion", { exact: true }).selectOption("birthday");
  await page.getByLabel("Budget", { exact: true }).selectOption("under_25");
  await page.getByLabel("Interests", { exact: true }).fill("dinosaurs, drawing");
  await page.getByRole("button", { name: "Get Gift Recommendations" })[press]();
}
