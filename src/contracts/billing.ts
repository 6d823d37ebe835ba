import { z } from "zod";
import { usageSchema } from "./research";

/** GET /api/billing/subscription (docs/product.md): the plan, the row behind it and today's usage. */
export const subscriptionResponseSchema = z.object({
  plan: z.enum(["free", "premium"]),
  subscription: z
    .object({ status: z.string(), active: z.boolean(), currentPeriodEnd: z.string().nullable(), source: z.string(), manageable: z.boolean() })
    .nullable(),
  usage: usageSchema.omit({ premium: true }),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** POST /api/billing/portal: where Stripe's customer portal opens. */
export const portalResponseSchema = z.object({ url: z.string() });
export type PortalResponse = z.infer<typeof portalResponseSchema>;

/** POST /api/billing/webhook: what Quanta did with a signed Stripe event. */
export const webhookResponseSchema = z.object({ received: z.literal(true), outcome: z.string() });
