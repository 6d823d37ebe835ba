import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { llmSharedUsage, llmUsage } from "../../db/schema";

/**
 * Whose daily token budget a call spends: a signed-in user's (narration and chat share it), or a
 * named budget of an anonymous use that has no user to bill (`{ shared: "gift" }`).
 */
export type BudgetKey = { userId: string } | { shared: string };

/**
 * Language-model tokens used per budget per UTC day, checked against LLM_DAILY_TOKEN_BUDGET before
 * each call; past the budget the rules answer. Kept in the database so every instance counts the
 * same tokens: a user's in `llm_usage` (removed with the user), a shared budget in `llm_shared_usage`.
 */
export class LlmUsageRepository {
  constructor(private readonly db: Database | Promise<Database>) {}

  /** Adds `tokens` to the budget's count for `day` (YYYY-MM-DD, UTC) in one upsert; returns the new total. */
  async add(key: BudgetKey, day: string, tokens: number): Promise<number> {
    const db = await this.db;
    const amount = Math.max(0, Math.round(tokens));
    const rows =
      "userId" in key
        ? await db
            .insert(llmUsage)
            .values({ userId: key.userId, day, tokens: amount })
            .onConflictDoUpdate({ target: [llmUsage.userId, llmUsage.day], set: { tokens: sql`${llmUsage.tokens} + ${amount}` } })
            .returning({ tokens: llmUsage.tokens })
        : await db
            .insert(llmSharedUsage)
            .values({ budgetKey: key.shared, day, tokens: amount })
            .onConflictDoUpdate({ target: [llmSharedUsage.budgetKey, llmSharedUsage.day], set: { tokens: sql`${llmSharedUsage.tokens} + ${amount}` } })
            .returning({ tokens: llmSharedUsage.tokens });
    return rows[0]?.tokens ?? amount;
  }

  async used(key: BudgetKey, day: string): Promise<number> {
    const db = await this.db;
    const [row] =
      "userId" in key
        ? await db
            .select({ tokens: llmUsage.tokens })
            .from(llmUsage)
            .where(and(eq(llmUsage.userId, key.userId), eq(llmUsage.day, day)))
        : await db
            .select({ tokens: llmSharedUsage.tokens })
            .from(llmSharedUsage)
            .where(and(eq(llmSharedUsage.budgetKey, key.shared), eq(llmSharedUsage.day, day)));
    return row?.tokens ?? 0;
  }

  /** True while the budget may still spend tokens today. */
  async withinBudget(key: BudgetKey, day: string, budget: number): Promise<boolean> {
    return budget > 0 && (await this.used(key, day)) < budget;
  }
}
