import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/database";
import { stripeCustomers, stripeEvents } from "../../db/schema";
import { premiumNow, type PremiumPolicy } from "./premium-rule";
import { decideChange } from "./subscription-order";

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

/**
 * A state change a webhook event asks for. It applies to every row holding `subscriptionId` (several
 * e-mails can share one Stripe customer), to rows of `customerId` that hold no subscription, and to
 * the row of `email` (created if missing); rules in subscription-order.ts decide per row.
 */
export interface SubscriptionChange {
  /** The e-mail the event (or Stripe's customer) names; null = only rows already holding the subscription. */
  email: string | null;
  status: string;
  customerId: string | null;
  subscriptionId: string | null;
  currentPeriodEnd: Date | null;
  /** When this state was true at Stripe: the event's `created`, or when it was re-read from the API. */
  at: Date;
}

/**
 * 'applied': at least one row changed (or nothing to change); 'stale': only older state than stored;
 * 'kept': would have taken premium from a row that holds its own live subscription or grant;
 * 'duplicate': the event id was handled before.
 */
export type ApplyOutcome = "applied" | "duplicate" | "stale" | "kept";

/**
 * Payment-provider customers keyed by lower-cased e-mail (docs/product.md), and the webhook events
 * already handled. Whether a row is premium is BillingService's rule (premium-rule.ts); the policy
 * is needed here only to order webhook changes against a live subscription.
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

  /** The most recently changed row of this Stripe customer (several e-mails may share one). */
  async findByCustomerId(customerId: string): Promise<SubscriptionRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(stripeCustomers)
      .where(eq(stripeCustomers.customerId, customerId))
      .orderBy(sql`${stripeCustomers.updatedAt} desc`, stripeCustomers.email)
      .limit(1);
    return row;
  }

  /** Every row holding this subscription, and the rows of `customerId` holding none. */
  async findHolders(subscriptionId: string, customerId: string | null): Promise<SubscriptionRecord[]> {
    return this.db.select().from(stripeCustomers).where(holdersOf({ email: null, subscriptionId, customerId }));
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
   * Records the event and applies its change in one transaction, to every row it concerns (see
   * SubscriptionChange), each decided by subscription-order.ts: a replayed event id changes nothing
   * ('duplicate'). `change` null = an event Quanta records but does not act on.
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
      const where = holdersOf(change);
      if (!where) return "applied";
      const rows = await tx.select().from(stripeCustomers).where(where).orderBy(stripeCustomers.email).for("update");
      const email = change.email === null ? null : normalise(change.email);
      const targets: { email: string; current: SubscriptionRecord | undefined }[] = rows.map((row) => ({ email: row.email, current: row }));
      if (email !== null && !rows.some((row) => row.email === email)) targets.push({ email, current: undefined });
      const decisions = new Set<string>();
      for (const { email: rowEmail, current } of targets) {
        const decision = decideChange(current, change, current !== undefined && premiumNow(current, this.policy));
        decisions.add(decision);
        if (decision !== "apply") continue;
        const pastDueSince = pastDueSinceAfter(current, change, event.created);
        const values = {
          email: rowEmail,
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
      }
      if (targets.length === 0 || decisions.has("apply")) return "applied";
      return decisions.has("stale") ? "stale" : "kept";
    });
  }
}

/** When the grace days of a past_due row started: kept while it stays past_due, else the change's time. */
function pastDueSinceAfter(current: SubscriptionRecord | undefined, change: SubscriptionChange, eventCreated: Date): Date | null {
  if (change.status !== "past_due") return null;
  if (current?.status === "past_due" && current.pastDueSince) return current.pastDueSince;
  return new Date(Math.min(change.at.getTime(), eventCreated.getTime()));
}

/** The rows a change concerns: holders of its subscription, subscription-less rows of its customer, its e-mail's row. */
function holdersOf(change: Pick<SubscriptionChange, "email" | "subscriptionId" | "customerId">): SQL | undefined {
  const conditions: SQL[] = [];
  if (change.subscriptionId !== null) conditions.push(eq(stripeCustomers.subscriptionId, change.subscriptionId));
  if (change.customerId !== null) conditions.push(and(eq(stripeCustomers.customerId, change.customerId), isNull(stripeCustomers.subscriptionId))!);
  if (change.email !== null) conditions.push(eq(stripeCustomers.email, normalise(change.email)));
  return conditions.length === 0 ? undefined : or(...conditions);
}

function normalise(email: string): string {
  return email.trim().toLowerCase();
}
