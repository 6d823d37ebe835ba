import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { savedScreens, users } from "../../db/schema";

export type SavedScreenRow = typeof savedScreens.$inferSelect;
type AddResult = { added: SavedScreenRow } | { problem: "duplicate" | "limit" };

/** The one owner of `saved_screens`: a user's saved screener screens. */
export class SavedScreensRepository {
  constructor(private readonly db: Database) {}

  async list(userId: string): Promise<SavedScreenRow[]> {
    return this.db.select().from(savedScreens).where(eq(savedScreens.userId, userId)).orderBy(asc(savedScreens.createdAt), asc(savedScreens.id));
  }

  /**
   * Saves a screen unless the user has `limit` already or one of the same name. The user's row is
   * locked first, so requests sent at once (to any instance) count one after another.
   */
  async add(userId: string, screen: { name: string; query: unknown }, limit: number, now: Date): Promise<AddResult> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
      const [{ saved } = { saved: 0 }] = await tx.select({ saved: sql<number>`count(*)::int` }).from(savedScreens).where(eq(savedScreens.userId, userId));
      const [existing] = await tx.select({ id: savedScreens.id }).from(savedScreens).where(and(eq(savedScreens.userId, userId), eq(savedScreens.name, screen.name)));
      if (existing) return { problem: "duplicate" as const };
      if (saved >= limit) return { problem: "limit" as const };
      const [added] = await tx.insert(savedScreens).values({ id: randomUUID(), userId, name: screen.name, query: screen.query, createdAt: now }).returning();
      return { added: added! };
    });
  }

  /** False when the id is unknown or another user's: the caller answers both the same way. */
  async remove(userId: string, id: string): Promise<boolean> {
    const removed = await this.db.delete(savedScreens).where(and(eq(savedScreens.userId, userId), eq(savedScreens.id, id))).returning({ id: savedScreens.id });
    return removed.length > 0;
  }
}
