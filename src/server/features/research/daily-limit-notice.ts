import type { Database } from "../../db/database";
import type { Logger } from "../../logger";
import { DailyUsageRepository } from "./daily-usage.repository";

/**
 * The operator's side of the daily limit: users at the limit are told when it
 * resets; how to sell premium is for the operator, so it goes to the server log, once per process,
 * the first time a user reaches the limit on a server without payments.
 */
export const DAILY_LIMIT_OPERATOR_NOTICE =
  "A user reached the free daily limit and premium is not sold on this server: set STRIPE_PUBLISHABLE_KEY, STRIPE_BUY_BUTTON_ID and STRIPE_WEBHOOK_SECRET to sell it (README, 'Premium with Stripe'), grant it with 'quanta premium grant EMAIL', or raise FREE_DAILY_ANALYSES.";

/** A function that logs the operator notice the first time it is called, when payments are not configured. */
export function dailyLimitOperatorNotice(options: { log: Logger; paymentsConfigured: boolean; freeDailyAnalyses: number }): () => void {
  let told = false;
  return () => {
    if (told || options.paymentsConfigured) return;
    told = true;
    options.log.warn({ freeDailyAnalyses: options.freeDailyAnalyses }, DAILY_LIMIT_OPERATOR_NOTICE);
  };
}

/** The daily usage store that calls `onLimitReached` whenever a reservation is refused. */
export class DailyUsageWithLimitNotice extends DailyUsageRepository {
  constructor(
    db: Database,
    private readonly onLimitReached: () => void,
  ) {
    super(db);
  }

  override async reserve(userId: string, day: string, limit: number): Promise<number | null> {
    const reserved = await super.reserve(userId, day, limit);
    if (reserved === null) this.onLimitReached();
    return reserved;
  }
}
