import { AppError } from "../../app-error";
import type { StripeGateway } from "../../adapters/billing/stripe-gateway";
import type { AuthenticatedUser } from "../../plugins/require-user";
import { premiumNow, type PremiumPolicy } from "./premium-rule";
import type { StripeCustomersRepository, SubscriptionRecord } from "./stripe-customers.repository";

export interface SubscriptionView {
  status: string;
  active: boolean;
  currentPeriodEnd: string | null;
  source: string;
  /** Stripe's customer portal can be opened for it (a Stripe subscription, and the API key is set). */
  manageable: boolean;
}

export type GrantOutcome = { granted: true; email: string; until: Date | null } | { granted: false; reason: "stripe_subscription_active" };

/**
 * Who is premium, for every caller: the research limit, the subscription endpoint, the customer
 * portal and the operator's `quanta premium` command all ask this service, so the rule
 * (premium-rule.ts) is applied the same way everywhere.
 */
export class BillingService {
  constructor(
    private readonly deps: {
      customers: StripeCustomersRepository;
      gateway: Pick<StripeGateway, "canReadApi" | "portalUrl">;
      policy: PremiumPolicy;
      appUrl: string;
    },
  ) {}

  async isPremium(email: string): Promise<boolean> {
    const record = await this.deps.customers.findByEmail(email);
    return record !== undefined && this.premium(record);
  }

  /** The caller's plan and subscription row (docs/product.md). */
  async planFor(user: AuthenticatedUser): Promise<{ plan: "free" | "premium"; subscription: SubscriptionView | null }> {
    const record = await this.deps.customers.findByEmail(user.email);
    if (!record) return { plan: "free", subscription: null };
    const active = this.premium(record);
    return {
      plan: active ? "premium" : "free",
      subscription: {
        status: record.status,
        active,
        currentPeriodEnd: record.currentPeriodEnd?.toISOString() ?? null,
        source: record.source,
        manageable: this.manageable(record),
      },
    };
  }

  /** A Stripe customer-portal session for the caller's own subscription; 404 when there is none. */
  async portalUrl(user: AuthenticatedUser): Promise<string> {
    const record = await this.deps.customers.findByEmail(user.email);
    if (!record || !this.manageable(record) || !record.customerId) {
      throw new AppError(404, "no_stripe_subscription", "There is no Stripe subscription to manage for this account.");
    }
    return this.deps.gateway.portalUrl(record.customerId, `${this.deps.appUrl}/stocks`);
  }

  /** Every row with whether it is premium now, newest change first (`quanta premium list`). */
  async list(): Promise<(SubscriptionRecord & { premium: boolean })[]> {
    return (await this.deps.customers.list()).map((record) => ({ ...record, premium: this.premium(record) }));
  }

  /** A manual grant for `days` (null = until revoked); never over a live Stripe subscription. */
  async grant(email: string, days: number | null): Promise<GrantOutcome> {
    const existing = await this.deps.customers.findByEmail(email);
    if (existing?.source === "stripe" && this.premium(existing)) return { granted: false, reason: "stripe_subscription_active" };
    const until = days === null ? null : new Date(this.deps.policy.now().getTime() + days * 86_400_000);
    await this.deps.customers.upsert({ email, status: "active", source: "manual", currentPeriodEnd: until });
    return { granted: true, email: email.trim().toLowerCase(), until };
  }

  /** Removes the e-mail's premium row; false when it had none. */
  revoke(email: string): Promise<boolean> {
    return this.deps.customers.remove(email);
  }

  private premium(record: SubscriptionRecord): boolean {
    return premiumNow(record, this.deps.policy);
  }

  private manageable(record: SubscriptionRecord): boolean {
    return this.deps.gateway.canReadApi && record.source === "stripe" && record.customerId !== null;
  }
}
