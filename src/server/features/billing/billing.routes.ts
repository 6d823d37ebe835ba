import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiErrorSchema as errorBody } from "../../../contracts/api-error";
import { portalResponseSchema, subscriptionResponseSchema, webhookResponseSchema, type SubscriptionResponse } from "../../../contracts/billing";
import { AppError } from "../../app-error";
import { requireUser, signedInUser, type AuthenticatedUser } from "../../plugins/require-user";
import type { BillingService } from "./billing.service";
import type { BillingWebhookService } from "./billing-webhook.service";

export interface BillingRouteDeps {
  billing: () => Promise<BillingService>;
  /** Today's analyses and the free limit (the research feature's /api/usage figures). */
  research: () => Promise<{ usageFor(user: AuthenticatedUser): Promise<SubscriptionResponse["usage"]> }>;
  webhooks: () => Promise<BillingWebhookService>;
}

/**
 * Billing: the caller's plan (docs/product.md), Stripe's signed webhook and the
 * customer portal. The webhook reads its body raw (the signature covers the exact bytes) and is
 * exempt from CSRF (plugins/csrf.ts): its signature is the proof.
 */
export async function billingRoutes(app: FastifyInstance, deps: BillingRouteDeps): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser({ verified: false });
  typed.get(
    "/api/billing/subscription",
    {
      preHandler: signedIn,
      schema: {
        tags: ["billing"],
        response: { 200: subscriptionResponseSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const [billing, research] = await Promise.all([deps.billing(), deps.research()]);
      const [plan, usage] = await Promise.all([billing.planFor(user), research.usageFor(user)]);
      return { ...plan, usage };
    },
  );

  typed.post(
    "/api/billing/portal",
    {
      preHandler: signedIn,
      schema: { tags: ["billing"], response: { 200: portalResponseSchema, 404: errorBody } },
    },
    async (request) => ({ url: await (await deps.billing()).portalUrl(signedInUser(request)) }),
  );

  await app.register(async (scope) => {
    // Only inside this scope: the raw bytes, as Stripe signed them.
    scope.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/billing/webhook",
      {
        schema: {
          tags: ["billing"],
          response: { 200: webhookResponseSchema, 400: errorBody },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : null;
        if (!raw) throw new AppError(400, "stripe_payload_invalid", "The webhook body must be the JSON Stripe sent.");
        const signature = request.headers["stripe-signature"];
        const result = await (await deps.webhooks()).handle(raw, typeof signature === "string" ? signature : undefined);
        return { received: true as const, outcome: result.outcome };
      },
    );
  });
}
