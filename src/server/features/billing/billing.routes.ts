import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../app-error";
import type { StripeGateway } from "../../adapters/billing/stripe-gateway";
import type { AuthenticatedUser } from "../../plugins/authenticate";
import type { BillingWebhookService } from "./billing-webhook.service";
import { premiumNow, type PremiumPolicy, type StripeCustomersRepository } from "./stripe-customers.repository";

const errorBody = z.object({ error: z.string(), code: z.string() });

export interface BillingRouteDeps {
  authenticate: (request: FastifyRequest) => Promise<AuthenticatedUser>;
  customers: () => Promise<StripeCustomersRepository>;
  /** Today's analyses and the free limit (the research feature's /api/usage figures). */
  usage: (user: AuthenticatedUser) => Promise<{ used: number; limit: number | null; remaining: number | null; resetsAt: string }>;
  webhooks: BillingWebhookService;
  gateway: StripeGateway;
  policy: PremiumPolicy;
  appUrl: string;
}

/**
 * Billing: the caller's plan (SPEC.md §7 'Subscription check'), Stripe's signed webhook and the
 * customer portal. The webhook reads its body raw (the signature covers the exact bytes) and is
 * exempt from CSRF (plugins/csrf.ts): its signature is the proof.
 */
export function registerBillingRoutes(app: FastifyInstance, deps: BillingRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/billing/subscription",
    {
      schema: {
        tags: ["billing"],
        security: [{ bearer: [] }],
        response: {
          200: z.object({
            plan: z.enum(["free", "premium"]),
            subscription: z
              .object({ status: z.string(), active: z.boolean(), currentPeriodEnd: z.string().nullable(), source: z.string(), manageable: z.boolean() })
              .nullable(),
            usage: z.object({ used: z.number(), limit: z.number().nullable(), remaining: z.number().nullable(), resetsAt: z.string() }),
          }),
          401: errorBody,
        },
      },
    },
    async (request) => {
      const user = await deps.authenticate(request);
      const customers = await deps.customers();
      const [record, usage] = await Promise.all([customers.findByEmail(user.email), deps.usage(user)]);
      const active = record ? premiumNow(record, deps.policy) : false;
      return {
        plan: active ? ("premium" as const) : ("free" as const),
        subscription: record
          ? {
              status: record.status,
              active,
              currentPeriodEnd: record.currentPeriodEnd?.toISOString() ?? null,
              source: record.source,
              manageable: deps.gateway.canReadApi && record.source === "stripe" && record.customerId !== null,
            }
          : null,
        usage,
      };
    },
  );

  typed.post(
    "/api/billing/portal",
    {
      schema: {
        tags: ["billing"],
        security: [{ bearer: [] }],
        response: { 200: z.object({ url: z.string() }), 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const user = await deps.authenticate(request);
      const record = await (await deps.customers()).findByEmail(user.email);
      if (!deps.gateway.canReadApi || !record?.customerId || record.source !== "stripe") {
        throw new AppError(404, "no_stripe_subscription", "There is no Stripe subscription to manage for this account.");
      }
      return { url: await deps.gateway.portalUrl(record.customerId, `${deps.appUrl}/stocks`) };
    },
  );

  app.register(async (scope) => {
    // Only inside this scope: the raw bytes, as Stripe signed them.
    scope.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/billing/webhook",
      {
        schema: {
          tags: ["billing"],
          response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), 400: errorBody },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : null;
        if (!raw) throw new AppError(400, "stripe_payload_invalid", "The webhook body must be the JSON Stripe sent.");
        const signature = request.headers["stripe-signature"];
        const result = await deps.webhooks.handle(raw, typeof signature === "string" ? signature : undefined);
        return { received: true as const, outcome: result.outcome };
      },
    );
  });
}
