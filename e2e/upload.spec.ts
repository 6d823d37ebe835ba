import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { analyzeStock } from "./support/auth-steps";
import { expect, test } from "./support/fixtures";
import { shot } from "./support/screenshots";

const flatSample = path.resolve(import.meta.dirname, "../docs/samples/analyses-flat.csv");

async function upload(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.getByLabel("CSV file").setInputFiles(file);
  await page.getByRole("button", { name: "Upload CSV" }).click();
}

test("a user exports the history as CSV, uploads it back and a flat file, and a bad file changes nothing", async ({ page, verifiedUser: _user }, testInfo) => {
  await page.goto("/stocks");
  await analyzeStock(page, "NWSC");
  await expect(page.getByTestId("analysis-report")).toBeVisible({ timeout: 15_000 });

  // Download CSV from the history page.
  await page.goto("/dashboard");
  await expect(page.getByRole("article", { name: "NWSC" })).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^quanta-analyses-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(exported);
  const text = await readFile(exported, "utf8");
  expect(text.startsWith("id,ticker,timestamp,analysis\r\n")).toBe(true);
  expect(text).toContain(",NWSC,");

  // Uploading it back: everything is already there.
  await page.goto("/upload");
  await page.getByLabel("CSV file").setInputFiles(exported);
  await expect(page.getByTestId("csv-preview")).toContainText("NWSC");
  await page.getByRole("button", { name: "Upload CSV" }).click();
  await expect(page.getByText("File uploaded successfully!")).toBeVisible();
  await expect(page.getByTestId("upload-summary")).toContainText("0 imported, 1 skipped as duplicates, 0 rejected");

  // The documented flat sample: two new analyses in the history.
  await upload(page, flatSample);
  await expect(page.getByTestId("upload-summary")).toContainText("2 imported, 0 skipped as duplicates");
  await shot(page, "upload-success");
  await page.getByRole("link", { name: "see them in your history" }).click();
  await expect(page.getByRole("article", { name: "ACME" })).toBeVisible();
  await expect(page.getByRole("article", { name: "GLBX" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(3);

  // A bad file: rejected with its line and column, nothing changed.
  await page.goto("/upload");
  const bad = (await readFile(flatSample, "utf8")).replace(",ACME,52.40,", ",ACME2,abc,");
  await upload(page, { name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
  await expect(page.getByText("Failed to upload file. Please try again.")).toBeVisible();
  await expect(page.getByTestId("rejected-rows")).toContainText("current_metrics.price");
  await expect(page.getByTestId("rejected-rows")).toContainText('Expected a number, got "abc".');
  await shot(page, "upload-rejected");

  // A PNG renamed .csv is refused by the server; a .png is refused on the page.
  const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
  await upload(page, { name: "chart.csv", mimeType: "text/csv", buffer: png });
  await expect(page.getByRole("alert").filter({ hasText: "Failed to upload file. Please try again." })).toContainText("not a CSV");
  await page.getByLabel("CSV file").setInputFiles({ name: "chart.png", mimeType: "image/png", buffer: png });
  await expect(page.getByRole("alert")).toHaveText("Please select a valid CSV file");

  await page.goto("/dashboard");
  await expect(page.getByRole("article", { name: "NWSC" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(3);
  await shot(page, "history");
});
