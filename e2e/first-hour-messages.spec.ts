import type { Page, Route } from "@playwright/test";
import { fillCredentials } from "./support/auth-steps";
import { expect, test } from "./support/fixtures";
import { APP_PORT } from "./support/ports";
import { NO_STOCKS_MESSAGE } from "./support/public-lists";
import { shot } from "./support/screenshots";

// Messages (decision 019): a failed list is one sentence with a way to try again, the contact
// form says when its rate limit is reached, and the app opened at 127.0.0.1 instead of APP_URL
// (http://localhost:…) still signs in (outside production the loopback aliases are trusted).

const LISTS_FAILED = "Failed to load stock recommendations: the server could not send the lists. Please try again.";
// The server's own sentence (server/features/contact/contact.service.ts).
const CONTACT_LIMIT = "Too many messages from your address. Please try again in a few minutes.";

/** Makes the landing page load its lists: the pre-rendered page hydrates on the first interaction. */
async function wakeLists(page: Page): Promise<void> {
  await page.mouse.move(10, 10);
  await page.locator("#buy-list, [id$='buy-list']").first().scrollIntoViewIfNeeded().catch(() => undefined);
}

test("a list that fails to load says so in one sentence and loads on Try Again", async ({ page }) => {
  let fail = true;
  await page.route("**/api/public-buy-stocks?**", async (route: Route) => {
    if (!fail) return route.fallback();
    return route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Something went wrong on our side. Please try again in a moment.", code: "internal_error" }) });
  });
  await page.goto("/");
  await wakeLists(page);
  const alert = page.getByRole("alert").filter({ hasText: LISTS_FAILED }).first();
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toHaveText(LISTS_FAILED);
  await expect(page.getByText(/Error loading recommendations|Failed to fetch stock recommendations|: Failed to/)).toHaveCount(0);
  await alert.scrollIntoViewIfNeeded();
  await shot(page, "lists-error");

  fail = false;
  await page.getByRole("button", { name: "Try Again" }).first().click();
  // The list itself: its cards, or its 'no stocks' line on a day without a BUY.
  await expect(page.getByTestId("stock-card").or(page.getByText(NO_STOCKS_MESSAGE)).first()).toBeVisible({ timeout: 30_000 });
});

test("the contact form says when too many messages were sent", async ({ page }) => {
  // The server counts messages per address (127.0.0.1 for the whole suite), so five real sends
  // here would spend landing.spec.ts's budget: this replays the server's answers instead, five
  // successes and then its 429 (the server's side is tested in contact.test.ts).
  let sends = 0;
  await page.route("**/api/contact", async (route: Route) => {
    if (route.request().method() !== "POST") return route.fallback();
    sends += 1;
    return sends <= 5
      ? route.fulfill({ status: 201, contentType: "application/json", body: JSON.stringify({ success: true }) })
      : route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ error: CONTACT_LIMIT, code: "rate_limited" }) });
  });
  await page.goto("/#contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.scrollIntoViewIfNeeded();
  for (let i = 1; i <= 6; i += 1) {
    await form.getByLabel("Name").fill("Ada Lovelace");
    await form.getByLabel("Email").fill("ada@example.com");
    await form.getByLabel("Message (optional)").fill(`Message ${String(i)}`);
    await form.getByRole("button", { name: "Submit" }).click();
    if (i <= 5) {
      await expect(form.getByText("Message sent successfully!")).toBeVisible();
      await expect(form.getByLabel("Name")).toHaveValue("");
    }
  }
  const limit = form.getByText(CONTACT_LIMIT);
  await expect(limit).toBeVisible();
  // The status hides after 2 s (docs/product.md): the form's own picture is taken at once.
  await shot(page, "contact-limit-form", { of: form, phone: false });
  await expect(form.getByText("Error sending message, please try again.")).toHaveCount(0);
  // The fields are kept, to send again later.
  await expect(form.getByLabel("Message (optional)")).toHaveValue("Message 6");
  await shot(page, "contact-limit");
  expect(sends).toBe(6);
});

test("the app opened at 127.0.0.1 instead of APP_URL (localhost) signs in", async ({ page, verifiedUser }) => {
  await page.context().clearCookies();
  const loopback = `http://127.0.0.1:${String(APP_PORT)}`;
  // A visitor who already used the site has a cookie for this address (here the CSRF one), and
  // with a cookie better-auth checks the Origin: this is when 'Invalid origin' used to appear.
  await page.context().addCookies([{ name: "csrftoken", value: "e2e-loopback-visitor-0123456789abcdef", url: loopback }]);
  await page.goto(`${loopback}/signin`);
  await fillCredentials(page, verifiedUser.email, verifiedUser.password);
  const answer = page.waitForResponse((r) => r.url().includes("/api/auth/sign-in/email"));
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole("status")).toHaveText("Your sign in was successful!");
  await expect(page.getByText("Invalid origin")).toHaveCount(0);
  await shot(page, "loopback-sign-in");
  await expect(page).toHaveURL(new RegExp(`^${loopback.replace(/\./g, "\\.")}/`));
});

test("a LAN address is refused with a sentence that explains the fix", async ({ request }) => {
  const lan = `http://192.168.1.5:${String(APP_PORT)}`;
  const response = await request.post("/api/auth/sign-in/email", {
    headers: { origin: lan, cookie: "csrftoken=e2e-lan-visitor-0123456789abcdef" },
    data: { email: "nobody@example.com", password: "whatever password 1" },
  });
  expect(response.status()).toBe(403);
  const body = (await response.json()) as { error: string; message: string };
  expect(body.message).toBe(
    `This page was opened at ${lan} but Quanta is configured for http://localhost:${String(APP_PORT)} (APP_URL). Open it at http://localhost:${String(APP_PORT)}, or set APP_URL or TRUSTED_ORIGINS to ${lan}.`,
  );
  expect(body.error).toBe(body.message);
});
