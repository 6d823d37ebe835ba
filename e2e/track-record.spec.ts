import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { listWithCards } from "./support/public-lists";
import { shot } from "./support/screenshots";

// The public track record as a visitor, on the e2e app: the demo market and a fresh data
// directory, so after the start-up screen the record holds that day's calls, all still open.
// At 1280 px; e2e/phone-layout.spec.ts checks the page on a phone.

interface SummaryShape {
  calls: number;
  simulated: boolean;
}

/** Waits until the first daily screen has stored its calls in the record. */
async function waitForCalls(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get("/api/track-record");
        if (!response.ok()) return 0;
        return ((await response.json()) as SummaryShape).calls;
      },
      { timeout: 60_000, message: "the record's first calls" },
    )
    .toBeGreaterThan(0);
}

function callRows(page: Page) {
  return page.getByTestId("calls-table").getByTestId("call-row");
}

/** The action cell (the first data cell; the ticker is the row header) of every row. */
async function actionsShown(page: Page): Promise<string[]> {
  return callRows(page).evaluateAll((rows) => rows.map((row) => row.querySelector("td")?.textContent?.trim() ?? ""));
}

async function tickersShown(page: Page): Promise<string[]> {
  return callRows(page).evaluateAll((rows) => rows.map((row) => row.querySelector("th")?.firstChild?.textContent?.trim() ?? ""));
}

test("the landing page leads to the track record: simulated label, past results, calls with filters, historical simulation", async ({ page, request }) => {
  await waitForCalls(request);
  await page.goto("/");
  await page.getByTestId("landing-track-record").getByRole("link", { name: "See the track record" }).click();
  await expect(page).toHaveURL(/\/track-record$/);
  await expect(page).toHaveTitle(/^Track record · /);

  await expect(page.getByRole("heading", { level: 1, name: "Track record" })).toBeVisible();
  await expect(page.getByTestId("simulated-notice")).toBeVisible();
  await expect(page.getByTestId("simulated-notice")).toContainText("simulated prices");
  await expect(page.getByText("Past results do not guarantee future results.")).toBeVisible();
  await expect(page.getByTestId("engine-versions")).toHaveText(/\d+\.\d+\.\d+/);
  // A fresh record: every call is still open, no trade has closed.
  await expect(page.getByTestId("equity-empty")).toBeVisible();
  await expect(page.getByTestId("stats-buy-avg-r")).toHaveText("not yet");
  await expect(page.locator("body")).not.toContainText("NaN");

  // The historical simulation, apart and with its figures.
  const historical = page.getByTestId("historical-section");
  await expect(historical.getByRole("heading", { name: "Historical simulation (not live calls)" })).toBeVisible();
  const simulation = historical.getByTestId("historical-simulation").first();
  await expect(simulation.getByTestId("historical-1-universe")).toHaveText(/^[\d,]+ stocks, [\d,]+ stock-years$/);
  await expect(simulation.getByTestId("historical-trades-1").getByRole("row", { name: /BUY setups/ })).toContainText(/[+-]\d\.\d\dR/);
  await expect(historical.getByTestId("historical-caveats")).toContainText("Survivor-only");

  // The calls: all of them, then filtered by action and by ticker, each reflected in the URL.
  await expect(callRows(page).first()).toBeVisible();
  const all = await actionsShown(page);
  expect(all.length).toBeGreaterThan(0);
  await expect(page.getByTestId("calls-table").getByTestId("call-outcome").first()).toHaveText("Open");

  const wanted = all.includes("WATCH") ? "WATCH" : all[0]!;
  await page.getByLabel("Action", { exact: true }).selectOption(wanted);
  await expect(page).toHaveURL(new RegExp(`/track-record\\?action=${wanted}$`));
  // The previous rows stay (dimmed, aria-busy) until the filtered page arrives.
  await expect.poll(async () => [...new Set(await actionsShown(page))]).toEqual([wanted]);

  const [ticker] = await tickersShown(page);
  await page.getByLabel("Ticker", { exact: true }).fill(ticker!.toLowerCase());
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/track-record\\?action=${wanted}&ticker=${ticker!.replace(/[.^]/g, "\\$&")}$`));
  await expect.poll(() => tickersShown(page)).toEqual([ticker]);

  // A link with the filter opens the page filtered.
  await page.goto("/track-record?action=BUY");
  await expect(page.getByLabel("Action", { exact: true })).toHaveValue("BUY");
  await expect(page.getByTestId("calls-table").or(page.getByTestId("calls-empty"))).toBeVisible();
  expect((await actionsShown(page)).every((action) => action === "BUY")).toBe(true);
});

test("the verdict comes first, in percent returns, and the calls come a page at a time", async ({ page, request }) => {
  await waitForCalls(request);
  await page.goto("/track-record");
  const verdict = page.getByTestId("record-verdict");
  await expect(verdict).toBeVisible();
  // On the first screen, right under the heading, before any figure.
  const box = await verdict.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  const simulationVerdict = verdict.getByTestId("record-verdict-simulation");
  await expect(simulationVerdict).toHaveText(
    /^In the \d{4}–\d{4} historical simulation, BUY calls returned [+-]\d+\.\d% on average per trade \([\d,]+ trades\) against [+-]\d+\.\d% for random entries .*: (they beat random entries|they did not beat random entries|.*no clear edge over random entries)\.$/,
  );
  // A fresh record: no live trade has closed.
  await expect(verdict.getByTestId("record-verdict-live")).toContainText("no trade has closed yet");
  await shot(page, "track-record");
  const verdictTop = box!.y;
  const statsTop = (await page.getByTestId("stats-buy").boundingBox())!.y;
  expect(verdictTop).toBeLessThan(statsTop);

  // One page of calls at a time: the pager moves through them and the URL follows.
  const calls = (await (await request.get("/api/track-record/calls?page_size=25")).json()) as { total: number };
  const pages = Math.max(1, Math.ceil(calls.total / 25));
  await expect(page.getByTestId("calls-page")).toHaveText(new RegExp(`^Page 1 of ${pages} · `));
  expect(await callRows(page).count()).toBe(Math.min(25, calls.total));
  if (pages > 1) {
    const first = await tickersShown(page);
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/track-record\?page=2$/);
    await expect(page.getByTestId("calls-page")).toHaveText(new RegExp(`^Page 2 of ${pages} · `));
    await expect.poll(() => tickersShown(page)).not.toEqual(first);
    await page.getByRole("button", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/\/track-record$/);
  }
});

test("the page paints its loading state from the HTML, and the app replaces it with the page", async ({ page, request }) => {
  const html = await (await request.get("/track-record")).text();
  expect(html).toContain('<div id="root" data-first-paint>');
  expect(html).toContain("Loading the track record…");
  expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/track-record">');
  await waitForCalls(request);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/track-record");
  await expect(page.getByTestId("record-verdict")).toBeVisible();
  await expect(page.getByText("Loading the track record…")).toHaveCount(0);
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.locator("main")).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("a report links to how Quanta's BUY calls did", async ({ page, request }) => {
  await waitForCalls(request);
  const list = await listWithCards(request);
  await page.goto("/");
  await page.getByRole("tab", { name: list.tab, exact: true }).click();
  const card = page.getByTestId("stock-card").first();
  await card.getByRole("button", { name: /^Quick view of / }).click();
  const panel = page.getByRole("dialog", { name: /analysis$/ });
  await expect(panel.getByTestId("analysis-report")).toBeVisible();
  const link = panel.getByRole("link", { name: "How did Quanta's BUY calls do?" });
  await expect(link).toHaveAttribute("href", "/track-record?action=BUY");
  await link.click();
  await expect(page).toHaveURL(/\/track-record\?action=BUY$/);
  await expect(page.getByRole("heading", { level: 1, name: "Track record" })).toBeVisible();
  await expect(page.getByLabel("Action", { exact: true })).toHaveValue("BUY");
});
