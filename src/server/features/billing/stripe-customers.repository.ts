import { eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import { stripeCustomers } from "../../db/schema";

export const ACTIVE_SUBSCRIPTION_STATUSES = ["active", "trialing"] as const;

export interface SubscriptionRecord {
  email: string;
  status: string;
  currentPeriodEnd: Date | null;
}

/** Payment-provider customers keyed by e-mail (SPEC.md §3, §6). */
export class StripeCustomersRepository {
  constructor(private readonly db: Database) {}

  async findByEmail(email: string): Promise<SubscriptionRecord | undefined> {
    const [row] = await this.db
      .select({ email: stripeCustomers.email, status: stripeCustomers.status, currentPeriodEnd: stripeCustomers.currentPeriodEnd })
      .from(stripeCustomers)
      .where(eq(stripeCustomers.email, email.trim().toLowerCase()))
      .limit(1);
    return row;
  }

  async upsert(record: { email: string; status: string; customerId?: string | null; subscriptionId?: string | null; currentPeriodEnd?: Date | null }): Promise<void> {
    const values = {
      email: record.email.trim().toLowerCase(),
      status: record.status,
      customerId: record.customerId ?? null,
      subscriptionId: record.subscriptionId ?? null,
      currentPeriodEnd: record.currentPeriodEnd ?? null,
      updatedAt: new Date(),
    };
    await this.db.insert(stripeCustomers).values(values).onConflictDoUpdate({ target: stripeCustomers.email, set: values });
  }

  /** Premium = a customer row for this e-mail with an active subscription. */
  async isPremium(email: string): Promise<boolean> {
    const record = await this.findByEmail(email);
    return record !== undefined && (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(record.status);
  }
}
