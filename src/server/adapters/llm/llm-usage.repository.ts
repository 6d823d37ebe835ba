import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { llmUsage } from "../../db/schema";

/**
 * Language-model tokens used per user per UTC day (narration and chat share it), checked against
 * LLM_DAILY_TOKEN_BUDGET before each call; past the budget the rules narrator / assistant answer.
 */
export class LlmUsageRepository {
  constructor(private readonly db: Database | Promise<Database>) {}

  /** Adds `tokens` to the user's count for `day` (YYYY-MM-DD, UTC); returns the new total. */
  async add(userId: string, day: string, tokens: number): Promise<number> {
    const db = await this.db;
    const amount = Math.max(0, Math.round(tokens));
    const rows = await db
      .insert(llmUsage)
      .values({ userId, day, tokens: amount })
      .onConflictDoUpdate({ target: [llmUsage.userId, llmUsage.day], set: { tokens: sql`${llmUsage.tokens} + ${amount}` } })
      .returning({ tokens: llmUsage.tokens });
    return rows[0]?.tokens ?? amount;
  }

  async used(userId: string, day: string): Promise<number> {
    const db = await this.db;
    const [row] = await db
      .select({ tokens: llmUsage.tokens })
      .from(llmUsage)
      .where(and(eq(llmUsage.userId, userId), eq(llmUsage.day, day)));
    return row?.tokens ?? 0;
  }

  /** True while the user may still spend tokens today. */
  async withinBudget(userId: string, day: string, budget: number): Promise<boolean> {
    return budget > 0 && (await this.used(userId, day)) < budget;
  }
}
