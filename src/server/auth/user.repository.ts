import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { sessions, users } from "../db/schema";

export interface UserRecord {
  id: string;
  email: string;
  emailVerified: boolean;
  disabled: boolean;
}

/** The columns every lookup reads, and the record they make. */
const userColumns = { id: users.id, email: users.email, emailVerified: users.emailVerified, banned: users.banned };

function toRecord(row: { id: string; email: string; emailVerified: boolean; banned: boolean | null }): UserRecord {
  return { id: row.id, email: row.email, emailVerified: row.emailVerified, disabled: row.banned === true };
}

/** What an account held when it was deleted: the operator's receipt (`quanta users delete`). */
export interface DeletedAccount {
  email: string;
  analyses: number;
  watchItems: number;
  alerts: number;
  savedScreens: number;
  positions: number;
  trades: number;
  conversations: number;
  sessions: number;
}

export class UserRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<UserRecord | undefined> {
    const [row] = await this.db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
    return row && toRecord(row);
  }

  /**
   * The user behind a token, only while the session the token was minted from is still open: a
   * sign-out, a password reset or an expiry ends the token with it.
   */
  async findBySession(userId: string, sessionId: string, now: Date): Promise<UserRecord | undefined> {
    const [row] = await this.db
      .select(userColumns)
      .from(users)
      .innerJoin(sessions, eq(sessions.userId, users.id))
      .where(and(eq(users.id, userId), eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
      .limit(1);
    return row && toRecord(row);
  }

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const [row] = await this.db.select(userColumns).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
    return row && toRecord(row);
  }

  /** Disables or re-enables a user. Disabling also ends every session, in one transaction. */
  async setDisabled(userId: string, disabled: boolean, reason: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ banned: disabled, banReason: disabled ? reason : null, banExpires: null, updatedAt: new Date() })
        .where(eq(users.id, userId));
      if (disabled) await tx.delete(sessions).where(eq(sessions.userId, userId));
    });
  }

  async list(): Promise<UserRecord[]> {
    const rows = await this.db.select(userColumns).from(users).orderBy(users.createdAt);
    return rows.map(toRecord);
  }

  /**
   * Deletes the account: every user table references users(id) on delete cascade, so the one delete
   * takes its sessions, analyses, watch list, alerts, screens, positions and chat with it. The counts
   * are read first in the same transaction, for the receipt only. E-mail-keyed rows (a plan in
   * stripe_customers, contact messages) are not the account's and stay (decision 065).
   */
  async delete(userId: string): Promise<DeletedAccount | undefined> {
    return this.db.transaction(async (tx) => {
      const count = (table: string) => sql<number>`(select count(*)::int from ${sql.identifier(table)} where user_id = ${userId})`;
      const [row] = await tx
        .select({
          email: users.email,
          analyses: count("stock_analyses"),
          watchItems: count("watch_items"),
          alerts: count("user_alerts"),
          savedScreens: count("saved_screens"),
          positions: count("positions"),
          trades: count("position_trades"),
          conversations: count("chat_conversations"),
          sessions: count("sessions"),
        })
        .from(users)
        .where(eq(users.id, userId))
        .for("update");
      if (!row) return undefined;
      await tx.delete(users).where(eq(users.id, userId));
      return row;
    });
  }
}
