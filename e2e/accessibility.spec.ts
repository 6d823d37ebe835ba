import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { analyzeStock } from "./support/auth-steps";
import { expect, signUpThroughApi, test } from "./support/fixtures";
import { requestGiftIdeasForSam } from "./support/gift-form";
import { NO_STOCKS_MESSAGE } from "./support/public-lists";

// axe (WCAG 2.0 / 2.1, A and AA) on every page a user reaches, at 1280 px, signed out and signed in.
// Each test visits its pages in turn and lists every violation found, so one run shows them all.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Every rule that passed somewhere, to show the checks really ran (an element they apply to was there). */
const passedRules = new Set<string>();

/** The page's violations, one line each: where, the rule, its impact and the elements. */
async function violationsOn(page: Page, where: string): Promise<string[]> {
  // label-content-name-mismatch (WCAG 2.5.3) is one of axe's experimental rules, off unless asked for.
  const result = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .withTags(WCAG_TAGS)
    .analyze();
  for (const rule of result.passes) passedRules.add(rule.id);
  return result.violations.map(
    (violation) => `${where}: ${violation.id} (${violation.impact ?? "?"}) ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

interface Visit {
  where: string;
  open: (page: Page) => Promise<unknown>;
  /** Shown once the page has its content. */
  ready: (page: Page) => Locator;
}

async function checkAll(page: Page, visits: Visit[]): Promise<void> {
  const found: string[] = [];
  for (const visit of visits) {
    await visit.open(page);
    await expect(visit.ready(page), visit.where).toBeVisible({ timeout: 15_000 });
    found.push(...(await violationsOn(page, visit.where)));
  }
  expect(found, found.join("\n")).toEqual([]);
}

test("signed out: the landing page, sign-in and sign-up, the track record, the gift pages and the 404 page", async ({ page }) => {
  await checkAll(page, [
    {
      where: "/",
      open: async (p) => {
        await p.goto("/");
        // The pre-rendered page hydrates on the first interaction.
        await p.mouse.move(10, 10);
      },
      ready: (p) => p.getByTestId("stock-card").or(p.getByText(NO_STOCKS_MESSAGE)).first(),
    },
    { where: "/signin", open: (p) => p.goto("/signin"), ready: (p) => p.getByRole("button", { name: "Sign In", exact: true }) },
    { where: "/signup", open: (p) => p.goto("/signup"), ready: (p) => p.getByRole("button", { name: "Sign Up", exact: true }) },
    { where: "/track-record", open: (p) => p.goto("/track-record"), ready: (p) => p.getByRole("heading", { level: 1, name: "Track record" }) },
    { where: "/gift", open: (p) => p.goto("/gift"), ready: (p) => p.getByRole("button", { name: "Get Gift Recommendations" }) },
    { where: "/gift results", open: (p) => requestGiftIdeasForSam(p), ready: (p) => p.getByRole("list", { name: "Gift ideas" }) },
    { where: "/forgetpassword", open: (p) => p.goto("/forgetpassword"), ready: (p) => p.getByRole("heading", { name: "Reset your password" }) },
    {
      where: "/stocks, the sign-up prompt",
      open: async (p) => {
        await p.goto("/stocks");
        await analyzeStock(p, "NWSC");
      },
      ready: (p) => p.getByRole("dialog", { name: "Unlock Quanta AI" }),
    },
    { where: "404", open: (p) => p.goto("/no-such-page"), ready: (p) => p.getByRole("heading", { level: 1 }) },
  ]);
});

test("signed in: a report, the stock page, history, watch list, alert settings, chat, upload and a shared analysis", async ({
  page,
  context,
  verifiedUser: _user,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await checkAll(page, [
    {
      where: "/stocks with a report",
      open: async (p) => {
        await p.goto("/stocks");
        await analyzeStock(p, "NWSC");
        await expect(p.getByTestId("price-chart").locator("canvas").first()).toBeVisible({ timeout: 15_000 });
      },
      ready: (p) => p.getByTestId("analysis-report"),
    },
    {
      where: "/dashboard with a shared analysis",
      open: async (p) => {
        await p.getByRole("button", { name: "Share", exact: true }).click();
        await expect(p.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
        await p.goto("/dashboard");
      },
      ready: (p) => p.getByRole("article", { name: "NWSC" }),
    },
    {
      where: "/s/<token>",
      open: async (p) => {
        const href = await p.getByRole("article", { name: "NWSC" }).getByRole("link", { name: "open the shared page" }).getAttribute("href");
        await p.goto(href!);
      },
      ready: (p) => p.getByRole("heading", { level: 1, name: "Shared analysis: NWSC" }),
    },
    { where: "/stock/NWSC", open: (p) => p.goto("/stock/NWSC"), ready: (p) => p.getByRole("heading", { level: 1 }) },
    {
      where: "/watchlist with a stock",
      open: async (p) => {
        await p.goto("/watchlist");
        await p.getByLabel("Add a stock").fill("NWSC");
        await p.getByRole("button", { name: "Watch", exact: true }).click();
      },
      ready: (p) => p.getByText("NWSC is on your watch list."),
    },
    { where: "/portfolio (empty)", open: (p) => p.goto("/portfolio"), ready: (p) => p.getByTestId("portfolio-empty") },
    {
      where: "/portfolio with a position",
      open: async (p) => {
        await p.getByRole("button", { name: "Add a position" }).click();
        const add = p.getByRole("dialog", { name: "Add a position" });
        await add.getByLabel("Ticker").fill("NWSC");
        await add.getByLabel("Shares").fill("10");
        await add.getByLabel("Price per share ($)").fill("100");
        await add.getByLabel("Stop ($)").fill("92");
        await add.getByRole("button", { name: "Add to portfolio" }).click();
      },
      ready: (p) => p.getByTestId("positions-table"),
    },
    { where: "/settings/alerts", open: (p) => p.goto("/settings/alerts"), ready: (p) => p.getByTestId("digest-switch") },
    { where: "/upload", open: (p) => p.goto("/upload"), ready: (p) => p.getByRole("link", { name: "Download the template" }) },
    { where: "/ask", open: (p) => p.goto("/ask"), ready: (p) => p.getByRole("textbox", { name: "Message" }) },
  ]);
  // The report's chart range buttons were checked against their visible labels (WCAG 2.5.3).
  expect([...passedRules]).toContain("label-content-name-mismatch");
});

test("signed in, not verified: the verification bar and the verification modal", async ({ page, baseURL }) => {
  // Sign-up signs the new user in, unverified.
  await signUpThroughApi(page, baseURL!, "a11y-unverified");
  await checkAll(page, [
    {
      where: "/stocks, the verification modal",
      open: async (p) => {
        await p.goto("/stocks");
        await expect(p.getByRole("region", { name: "E-mail verification" })).toBeVisible();
        await analyzeStock(p, "NWSC");
      },
      ready: (p) => p.getByRole("dialog", { name: "Email Verification Required" }),
    },
  ]);
});
