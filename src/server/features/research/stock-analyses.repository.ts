import { and, desc, eq, isNotNull, isNull, lt, gte } from "drizzle-orm";
import type { Database } from "../../db/database";
import { stockAnalyses } from "../../db/schema";

export interface StoredAnalysis {
  id: string;
  ticker: string;
  analysis: unknown;
  createdAt: Date;
}

/** A user's analysis history. Every query is scoped to its owner. */
export class StockAnalysesRepository {
  constructor(private readonly db: Database) {}

  async insert(row: { id: string; userId: string; ticker: string; action: string; analysis: unknown; createdAt: Date }): Promise<void> {
    await this.db.insert(stockAnalyses).values(row);
  }

  async listForUser(userId: string, ticker?: string): Promise<StoredAnalysis[]> {
    const conditions = [eq(stockAnalyses.userId, userId), isNull(stockAnalyses.deletedAt)];
    if (ticker) conditions.push(eq(stockAnalyses.ticker, ticker));
    return this.db
      .select({ id: stockAnalyses.id, ticker: stockAnalyses.ticker, analysis: stockAnalyses.analysis, createdAt: stockAnalyses.createdAt })
      .from(stockAnalyses)
      .where(and(...conditions))
      .orderBy(desc(stockAnalyses.createdAt), desc(stockAnalyses.id));
  }

  /** Hides one of the user's analyses (undoable). False when it is not theirs or not there. */
  async softDelete(userId: string, id: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(stockAnalyses)
      .set({ deletedAt: at })
      .where(and(eq(stockAnalyses.id, id), eq(stockAnalyses.userId, userId), isNull(stockAnalyses.deletedAt)))
      .returning({ id: stockAnalyses.id });
    return rows.length > 0;
  }

  /** Brings back an analysis the user removed since `since`. */
  async restore(userId: string, id: string, since: Date): Promise<boolean> {
    const rows = await this.db
      .update(stockAnalyses)
      .set({ deletedAt: null })
      .where(and(eq(stockAnalyses.id, id), eq(stockAnalyses.userId, userId), isNotNull(stockAnalyses.deletedAt), gte(stockAnalyses.deletedAt, since)))
      .returning({ id: stockAnalyses.id });
    return rows.length > 0;
  }

  /** Removes for good what was removed before `before` (the undo window has passed). */
  async purgeRemovedBefore(before: Date): Promise<number> {
    const rows = await this.db
      .delete(stockAnalyses)
      .where(and(isNotNull(stockAnalyses.deletedAt), lt(stockAnalyses.deletedAt, before)))
      .returning({ id: stockAnalyses.id });
    return rows.length;
  }
}
