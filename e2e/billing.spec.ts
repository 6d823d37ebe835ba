import Stripe from "stripe";
import { analyzeStock } from "./support/auth-steps";
import { expect, test } from "./support/fixtures";
import { shot } from "./support/screenshots";
import { E2E_STRIPE } from "./support/stripe-test-keys";

/** A checkout.session.completed event for `email`, signed with the server's webhook secret by Stripe's SDK. */
function signedCheckout(email: string): { payload: string; signature: string } {
  const created = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id: `evt_e2e_${created}_${Math.random().toString(36).slice(2, 8)}`,
    object: "event",
    type: "checkout.session.completed",
    created,
    livemode: false,
    data: { object: { id: "cs_test_e2e", object: "checkout.session", mode: "subscription", status: "complete", customer: "cus_e2e", subscription: "sub_e2e", customer_details: { email } } },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_STRIPE.webhookSecret }) };
}

test("a free user reaches the daily limit, sees the Stripe Upgrade modal, and analyses again after a signed payment webhook", async ({ page, request, verifiedUser }) => {
  test.setTimeout(120_000);
  const stripeScripts: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith("https://js.stripe.com/")) stripeScripts.push(r.url());
  });
  const { email } = verifiedUser;
  await page.goto("/stocks");
  const usage = page.getByTestId("usage-line");
  await expect(usage).toHaveText("5 of 5 free analyses left today");
  // Five different tickers: the same ticker on the same market data is not charged again.
  for (const [index, ticker] of ["NWSC", "ECHF", "QBIT", "CVPH", "KSTM"].entries()) {
    await analyzeStock(page, ticker);
    await expect(usage).toHaveText(`${String(4 - index)} of 5 free analyses left today`, { timeout: 15_000 });
  }
  expect(stripeScripts).toEqual([]);

  await analyzeStock(page, "CBRG");
  const modal = page.getByRole("dialog", { name: "Upgrade to Premium" });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText("You have used all 5 free analyses for today.");
  const button = modal.locator("stripe-buy-button");
  await expect(button).toHaveAttribute("buy-button-id", E2E_STRIPE.buyButtonId);
  await expect(button).toHaveAttribute("publishable-key", E2E_STRIPE.publishableKey);
  await expect(button).toHaveAttribute("customer-email", email);
  await expect(button).toHaveAttribute("client-reference-id", /.+/);
  // Offline, Stripe's script cannot load: the modal says so and still works.
  expect(stripeScripts).toEqual(["https://js.stripe.com/v3/buy-button.js"]);
  await expect(modal.getByRole("status")).toContainText("The payment button could not be loaded");
  await shot(page, "upgrade-modal", { fullPage: false });
  await modal.getByRole("button", { name: "Close", exact: true }).click();
  await expect(modal).toBeHidden();

  // Stripe tells the server that this e-mail paid.
  const { payload, signature } = signedCheckout(email.toUpperCase());
  const unsigned = await request.post("/api/billing/webhook", { data: payload, headers: { "content-type": "application/json" } });
  expect(unsigned.status()).toBe(400);
  const delivered = await request.post("/api/billing/webhook", { data: payload, headers: { "content-type": "application/json", "stripe-signature": signature } });
  expect(await delivered.json()).toEqual({ received: true, outcome: "applied" });

  await analyzeStock(page, "NWSC");
  await expect(page.getByTestId("analysis-report")).toBeVisible({ timeout: 15_000 });
  await expect(modal).toBeHidden();
  await expect(usage).toBeHidden();
});
