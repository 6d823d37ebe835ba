import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { stripeCustomers, stripeEvents } from "../../db/schema";

export const ACTIVE_SUBSCRIPTION_STATUSES = ["active", "trialing"] as const;
const DAY_MS = 86_400_000;

export interface SubscriptionRecord {
  email: string;
  status: string;
  customerId: string | null;
  subscriptionId: string | null;
  currentPeriodEnd: Date | null;
  stateAt: Date | null;
  pastDueSince: Date | null;
  source: string;
  updatedAt: Date;
}

/** A state change a webhook event asks for, dated by the event. */
export interface SubscriptionChange {
  email: string;
  status: string;
  customerId: string | null;
  subscriptionId: string | null;
  currentPeriodEnd: Date | null;
  /** When Stripe created the event: an older change never overwrites a newer one. */
  at: Date;
}

export type ApplyOutcome = "applied" | "duplicate" | "stale";

export interface PremiumPolicy {
  /** Days a past_due subscription keeps premium (PREMIUM_GRACE_DAYS). */
  graceDays: number;
  now: () => Date;
}

/**
 * Payment-provider customers keyed by lower-cased e-mail (SPEC.md §3, §6), and the webhook events
 * already handled. Premium = active or trialing (a manual grant until its end date), or past_due
 * for the grace days.
 */
export class StripeCustomersRepository {
  constructor(
    private readonly db: Database,
    private readonly policy: PremiumPolicy = { graceDays: 3, now: () => new Date() },
  ) {}

  async findByEmail(email: string): Promise<SubscriptionRecord | undefined> {
    const [row] = await this.db.select().from(stripeCustomers).where(eq(stripeCustomers.email, normalise(email))).limit(1);
    return row;
  }

  async findByCustomerId(customerId: string): Promise<SubscriptionRecord | undefined> {
    const [row] = await this.db.select().from(stripeCustomers).where(eq(stripeCustomers.customerId, customerId)).limit(1);
    return row;
  }

  /** Every row, newest change first (`quanta premium list`). */
  async list(): Promise<SubscriptionRecord[]> {
    return this.db.select().from(stripeCustomers).orderBy(sql`${stripeCustomers.updatedAt} desc`);
  }

  /** A direct write (tests, the CLI's grant): no ordering check. */
  async upsert(record: { email: string; status: string; customerId?: string | null; subscriptionId?: string | null; currentPeriodEnd?: Date | null; source?: string }): Promise<void> {
    const values = {
      email: normalise(record.email),
      status: record.status,
      customerId: record.customerId ?? null,
      subscriptionId: record.subscriptionId ?? null,
      currentPeriodEnd: record.currentPeriodEnd ?? null,
      source: record.source ?? "stripe",
      stateAt: this.policy.now(),
      pastDueSince: null,
      updatedAt: this.policy.now(),
    };
    await this.db.insert(stripeCustomers).values(values).onConflictDoUpdate({ target: stripeCustomers.email, set: values });
  }

  async remove(email: string): Promise<boolean> {
    const rows = await this.db.delete(stripeCustomers).where(eq(stripeCustomers.email, normalise(email))).returning({ email: stripeCustomers.email });
    return rows.length > 0;
  }

  /**
   * Records the event and applies its change in one transaction: a replayed event id changes
   * nothing ('duplicate'), an event older than the stored state is recorded but not applied
   * ('stale'). `change` null = an event Quanta records but does not act on.
   */
  async applyEvent(event: { id: string; type: string; created: Date }, change: SubscriptionChange | null): Promise<ApplyOutcome> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, createdAt: event.created })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (inserted.length === 0) return "duplicate";
      if (!change) return "applied";
      const email = normalise(change.email);
      const [current] = await tx.select().from(stripeCustomers).where(eq(stripeCustomers.email, email)).for("update").limit(1);
      if (current?.stateAt && current.stateAt.getTime() > change.at.getTime()) return "stale";
      const pastDueSince = change.status === "past_due" ? (current?.status === "past_due" && current.pastDueSince ? current.pastDueSince : change.at) : null;
      const values = {
        email,
        status: change.status,
        customerId: change.customerId ?? current?.customerId ?? null,
        subscriptionId: change.subscriptionId ?? current?.subscriptionId ?? null,
        currentPeriodEnd: change.currentPeriodEnd ?? (change.subscriptionId === current?.subscriptionId ? (current?.currentPeriodEnd ?? null) : null),
        stateAt: change.at,
        pastDueSince,
        source: "stripe",
        updatedAt: this.policy.now(),
      };
      await tx.insert(stripeCustomers).values(values).onConflictDoUpdate({ target: stripeCustomers.email, set: values });
      return "applied";
    });
  }

  async isPremium(email: string): Promise<boolean> {
    const record = await this.findByEmail(email);
    return record !== undefined && premiumNow(record, this.policy);
  }
}

/** The premium rule on one row, at `policy.now()`. */
export function premiumNow(record: Pick<SubscriptionRecord, "status" | "source" | "currentPeriodEnd" | "pastDueSince">, policy: PremiumPolicy): boolean {
  const now = policy.now().getTime();
  if ((ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(record.status)) {
    // Stripe renews active subscriptions itself; a manual grant ends on its date.
    return record.source !== "manual" || record.currentPeriodEnd === null || record.currentPeriodEnd.getTime() > now;
  }
  if (record.status === "past_due" && record.pastDueSince) return now < record.pastDueSince.getTime() + policy.graceDays * DAY_MS;
  return false;
}

function normalise(email: string): string {
  return email.trim().toLowerCase();
}
