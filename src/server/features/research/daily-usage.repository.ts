import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { dailyUsage } from "../../db/schema";

/**
 * Free-tier analyses per user per UTC day. `reserve` is one atomic statement (insert, or increment
 * only while under the limit), so concurrent requests and several instances cannot exceed it.
 */
export class DailyUsageRepository {
  constructor(private readonly db: Database) {}

  /** Takes one analysis from today's allowance; the new count, or null when the limit is reached. */
  async reserve(userId: string, day: string, limit: number): Promise<number | null> {
    if (limit <= 0) return null;
    const rows = await this.db
      .insert(dailyUsage)
      .values({ userId, day, count: 1 })
      .onConflictDoUpdate({
        target: [dailyUsage.userId, dailyUsage.day],
        set: { count: sql`${dailyUsage.count} + 1` },
        setWhere: sql`${dailyUsage.count} < ${limit}`,
      })
      .returning({ count: dailyUsage.count });
    return rows[0]?.count ?? null;
  }

  /** Gives back a reserved analysis that did not happen (unknown ticker, provider down). */
  async release(userId: string, day: string): Promise<void> {
    await this.db
      .update(dailyUsage)
      .set({ count: sql`${dailyUsage.count} - 1` })
      .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, day), gt(dailyUsage.count, 0)));
  }

  async used(userId: string, day: string): Promise<number> {
    const [row] = await this.db
      .select({ count: dailyUsage.count })
      .from(dailyUsage)
      .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, day)));
    return row?.count ?? 0;
  }
}
