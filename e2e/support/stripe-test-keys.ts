/**
 * Test-mode Stripe values of the main e2e server (playwright.config.ts): a Buy Button is shown, and
 * the spec signs webhook events with the secret. None of them is a real account's.
 */
export const E2E_STRIPE = {
  publishableKey: "pk_test_quanta_e2e_0000000000000000",
  buyButtonId: "buy_btn_quanta_e2e_0000000000",
  webhookSecret: "whsec_quanta_e2e_00000000000000000000000000",
};
