/**
 * Which of two states of a Stripe subscription is the later one, when webhook deliveries arrive out
 * of order (docs/decisions/011-premium-with-stripe.md, 'Update (security hardening)').
 *
 * With STRIPE_SECRET_KEY every handled event re-reads the subscription, so the state compared here
 * is the one Stripe returned, stamped with the moment it was read: a later read is newer, whatever
 * event triggered it. Without a key the state is the event's own, stamped with the event's
 * `created` (whole seconds), and these rules decide, independently of delivery order:
 * 1. `canceled` and `incomplete_expired` are final: Stripe never reactivates such a subscription,
 *    so no later, older or same-second event of that subscription brings it back.
 * 2. Otherwise the newer stamp wins; an older one is recorded but not applied ('stale').
 * 3. Same stamp, same subscription: the status later in a subscription's life wins
 *    (incomplete < trialing < active < paused < past_due < unpaid); among statuses that can follow
 *    each other both ways (active, past_due) this keeps the more restrictive one, so an ambiguous
 *    tie never extends premium. Same status: the change applies (e.g. a new period end).
 * 4. A change of another subscription (or of none) never takes premium away from a row that holds
 *    a live subscription or a manual grant of its own ('kept'); otherwise rule 2 applies, a tie
 *    going to the change.
 */

/** Statuses after which Stripe never changes a subscription's status again. */
const FINAL_SUBSCRIPTION_STATUSES = ["canceled", "incomplete_expired"] as const;

/** Statuses that make premium on their own (past_due only for the grace days). */
const ACTIVE_SUBSCRIPTION_STATUSES = ["active", "trialing"] as const;

/** Rule 3: where a status sits in a subscription's life. Unknown statuses rank as restrictive. */
const TIE_RANK: Readonly<Record<string, number>> = { incomplete: 0, trialing: 1, active: 2, paused: 3, past_due: 4, unpaid: 5 };
const UNKNOWN_RANK = 4;

export type OrderDecision = "apply" | "stale" | "kept";

export interface StoredSubscriptionState {
  status: string;
  subscriptionId: string | null;
  /** When the stored state was true at Stripe (event `created`, or the moment it was re-read). */
  stateAt: Date | null;
}

export interface IncomingSubscriptionState {
  status: string;
  subscriptionId: string | null;
  at: Date;
}

function isFinalStatus(status: string): boolean {
  return (FINAL_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

export function grantsPremium(status: string): boolean {
  return (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

function tieRank(status: string): number {
  return TIE_RANK[status] ?? UNKNOWN_RANK;
}

/**
 * Whether `incoming` replaces `stored` on one row. `storedIsPremium`: the stored row makes premium
 * right now (premiumNow), for rule 4.
 */
export function decideChange(stored: StoredSubscriptionState | undefined, incoming: IncomingSubscriptionState, storedIsPremium: boolean): OrderDecision {
  if (!stored) return "apply";
  const storedAt = stored.stateAt?.getTime() ?? null;
  const incomingAt = incoming.at.getTime();
  const sameSubscription = stored.subscriptionId !== null && stored.subscriptionId === incoming.subscriptionId;
  if (!sameSubscription) {
    if (storedIsPremium && !grantsPremium(incoming.status)) return "kept";
    return storedAt !== null && storedAt > incomingAt ? "stale" : "apply";
  }
  // Rule 1.
  if (isFinalStatus(stored.status)) return isFinalStatus(incoming.status) && (storedAt === null || incomingAt >= storedAt) ? "apply" : "stale";
  if (isFinalStatus(incoming.status)) return "apply";
  // Rules 2 and 3.
  if (storedAt === null || incomingAt > storedAt) return "apply";
  if (incomingAt < storedAt) return "stale";
  return tieRank(incoming.status) >= tieRank(stored.status) ? "apply" : "stale";
}
