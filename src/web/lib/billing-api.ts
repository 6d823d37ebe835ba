import { portalResponseSchema, subscriptionResponseSchema, type SubscriptionResponse } from "../../contracts/billing";
import { apiJson } from "./api-client";

/**
 * Billing (contracts/billing.ts), read by the user menu and by research's daily-limit check (so the
 * fetchers are shared here). Signed-in pages only: parsed with the contract's zod schemas.
 */

/** GET /api/billing/subscription: the caller's plan, subscription and today's usage. */
export function fetchSubscription(): Promise<SubscriptionResponse> {
  return apiJson("/api/billing/subscription", { method: "GET" }, subscriptionResponseSchema);
}

/** POST /api/billing/portal: the address of Stripe's customer portal for the caller. */
export async function createPortalSession(): Promise<string> {
  return (await apiJson("/api/billing/portal", { method: "POST" }, portalResponseSchema)).url;
}
