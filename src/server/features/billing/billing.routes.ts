import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuthenticatedUser } from "../../plugins/authenticate";
import type { StripeCustomersRepository } from "./stripe-customers.repository";

/** The caller's subscription (SPEC.md §7 'Subscription check'), looked up by their own e-mail. */
export function registerBillingRoutes(
  app: FastifyInstance,
  deps: { authenticate: (request: FastifyRequest) => Promise<AuthenticatedUser>; customers: () => Promise<StripeCustomersRepository> },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/billing/subscription",
    {
      schema: {
        tags: ["billing"],
        security: [{ bearer: [] }],
        response: {
          200: z.object({
            subscription: z.object({ status: z.string(), active: z.boolean(), currentPeriodEnd: z.string().nullable() }).nullable(),
          }),
        },
      },
    },
    async (request) => {
      const user = await deps.authenticate(request);
      const customers = await deps.customers();
      const record = await customers.findByEmail(user.email);
      if (!record) return { subscription: null };
      return {
        subscription: {
          status: record.status,
          active: await customers.isPremium(user.email),
          currentPeriodEnd: record.currentPeriodEnd?.toISOString() ?? null,
        },
      };
    },
  );
}
