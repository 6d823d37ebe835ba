import { grantsPremium } from "./subscription-order";

const DAY_MS = 86_400_000;

export interface PremiumPolicy {
  /** Days a past_due subscription keeps premium (PREMIUM_GRACE_DAYS). */
  graceDays: number;
  now: () => Date;
}

/**
 * The premium rule on one subscription row, at `policy.now()`: active or trialing (a manual grant
 * until its end date), or past_due for the grace days.
 */
export function premiumNow(
  record: { status: string; source: string; currentPeriodEnd: Date | null; pastDueSince: Date | null },
  policy: PremiumPolicy,
): boolean {
  const now = policy.now().getTime();
  if (grantsPremium(record.status)) {
    // Stripe renews active subscriptions itself; a manual grant ends on its date.
    return record.source !== "manual" || record.currentPeriodEnd === null || record.currentPeriodEnd.getTime() > now;
  }
  if (record.status === "past_due" && record.pastDueSince) return now < record.pastDueSince.getTime() + policy.graceDays * DAY_MS;
  return false;
}
