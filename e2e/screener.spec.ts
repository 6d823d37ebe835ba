import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { paths } from "../src/contracts/paths";
import { SCREENER_PRESETS, type ScreenerResponse } from "../src/contracts/screener";
import { expect, test } from "./support/fixtures";
import { waitForFirstScreen } from "./support/public-lists";
import { shot } from "./support/screenshots";

// The screener at 1280 px: a ready-made screen puts the whole screen in the address, a reload keeps
// it, a header sorts it, the rows shown export as CSV, and the screen saved is listed. The phone's
// cards are checked in e2e/phone-layout.spec.ts.

test.use({ viewport: { width: 1280, height: 800 } });

/** The first preset with stocks on the demo market (its table is what the journey sorts and exports). */
async function presetWithRows(page: Page): Promise<(typeof SCREENER_PRESETS)[number]> {
  const { token } = (await (await page.request.get("/api/auth/token")).json()) as { token: string };
  for (const preset of SCREENER_PRESETS) {
    const search = new URLSearchParams(Object.entries(preset.query).map(([key, value]) => [key, String(value)]));
    const response = await page.request.get(`/api/screener?${search.toString()}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status(), await response.text()).toBe(200);
    if (((await response.json()) as ScreenerResponse).total > 0) return preset;
  }
  throw new Error("no ready-made screen has stocks on the demo market");
}

test("a preset, kept in the address across a reload, sorted by RS, exported as CSV and saved", async ({ page, request, verifiedUser: _user }) => {
  await waitForFirstScreen(request);
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Screener" }).click();
  await expect(page).toHaveURL(/\/screener$/);
  await expect(page.getByRole("heading", { name: "Screener", level: 1 })).toBeVisible();
  await expect(page.getByTestId("screener-row").first()).toBeVisible();
  await shot(page, "screener");

  const preset = await presetWithRows(page);
  await page.getByRole("button", { name: new RegExp(`^${preset.label}`) }).click();
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(paths.screener(preset.query));
  const address = page.url();
  await expect(page.getByRole("button", { name: new RegExp(`^${preset.label}`) })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("screener-row").first()).toBeVisible();

  await page.reload();
  expect(page.url()).toBe(address);
  await expect(page.getByRole("button", { name: new RegExp(`^${preset.label}`) })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("screener-row").first()).toBeVisible();

  // Sort by RS, lowest first or highest first: the header's other direction from the preset's.
  const rsHeader = page.getByRole("columnheader", { name: /^RS/ });
  await page.getByRole("button", { name: "RS", exact: true }).click();
  // RS high to low is the default sort, which the address leaves out.
  await expect.poll(() => new URL(page.url()).searchParams.get("sort") ?? "-rs_rating").toMatch(/^-?rs_rating$/);
  await expect(rsHeader).toHaveAttribute("aria-sort", /ascending|descending/);
  const direction = await rsHeader.getAttribute("aria-sort");
  const ratings = (await page.getByTestId("screener-row").locator("td:nth-child(13)").allTextContents()).map(Number).filter(Number.isFinite);
  const sorted = [...ratings].sort((a, b) => (direction === "ascending" ? a - b : b - a));
  expect(ratings).toEqual(sorted);

  const shown = await page.getByTestId("screener-row").count();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^screener-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), "utf8")).trim().split("\r\n");
  expect(lines[0]).toMatch(/^Ticker,Company,Sector,Industry,Price,/);
  expect(lines).toHaveLength(shown + 1);
  const firstTicker = await page.getByTestId("screener-row").first().getAttribute("data-ticker");
  expect(lines[1]?.startsWith(`${firstTicker ?? ""},`)).toBe(true);

  await page.getByLabel("Save this screen as").fill("My e2e screen");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const saved = page.getByTestId("saved-screens").getByRole("link", { name: "My e2e screen" });
  await expect(saved).toBeVisible();
  await expect(page.getByTestId("saved-screens-count")).toHaveText("1 of 3 screens saved");
  await shot(page, "screener-saved");

  // axe (WCAG 2.0 / 2.1, A and AA, as e2e/accessibility.spec.ts) on the page with its table and a saved screen.
  const axe = await new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // The saved screen opens its screen.
  await page.goto("/screener");
  await saved.click();
  await expect(page.getByRole("button", { name: new RegExp(`^${preset.label}`) })).toHaveAttribute("aria-pressed", "false");
  const sort = direction === "descending" ? "-rs_rating" : "rs_rating";
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(paths.screener({ ...preset.query, sort }));
  await expect(page.getByTestId("screener-row").first()).toBeVisible();
});
