import { desc, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { contactData, contactRateLimits } from "../../db/schema";

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  message: string | null;
  timestamp: Date;
  ip: string | null;
}

/** The `contact_data` table: messages sent with the landing page's contact form; and their per-address count. */
export class ContactRepository {
  constructor(private readonly db: Database) {}

  async add(message: ContactMessage): Promise<void> {
    await this.db.insert(contactData).values(message);
  }

  /** Newest first. */
  async list(limit = 1000): Promise<ContactMessage[]> {
    return this.db.select().from(contactData).orderBy(desc(contactData.timestamp)).limit(limit);
  }

  /**
   * Counts one message from `address` at `at` and returns how many its current window holds, this
   * one included. The first message opens a window of `windowMs`; the first after it ends opens the
   * next. One upsert, so concurrent messages, on any instance, each get their own count.
   */
  async countMessage(address: string, at: Date, windowMs: number): Promise<number> {
    const cutoff = new Date(at.getTime() - windowMs);
    const ended = sql`${contactRateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz`;
    const rows = await this.db
      .insert(contactRateLimits)
      .values({ address, windowStart: at, hits: 1 })
      .onConflictDoUpdate({
        target: contactRateLimits.address,
        set: {
          windowStart: sql`case when ${ended} then excluded.window_start else ${contactRateLimits.windowStart} end`,
          hits: sql`case when ${ended} then 1 else ${contactRateLimits.hits} + 1 end`,
        },
      })
      .returning({ hits: contactRateLimits.hits });
    const hits = rows[0]?.hits ?? 1;
    // Ended windows count nothing: cleared when a window opens, so the table holds recent senders only.
    if (hits === 1) await this.db.delete(contactRateLimits).where(lte(contactRateLimits.windowStart, cutoff));
    return hits;
  }
}
