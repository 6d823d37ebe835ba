import { lte, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { rateLimitWindows } from "../db/schema";

/** One counted request: how many its key's window now holds (this one included) and when the window ends. */
export interface CountedHit {
  hits: number;
  windowEndsAt: Date;
}

/** The `rate_limit_windows` table: every shared request limit's fixed windows, one row per scope and key. */
export class RateLimitRepository {
  constructor(private readonly db: Database) {}

  /**
   * Counts one request of `key` under `scope` at `at`. The first request opens a window of
   * `windowMs`; the first after it ends opens the next. One `insert … on conflict do update …
   * returning`, so concurrent requests on any instance each get their own count.
   */
  async hit(scope: string, key: string, at: Date, windowMs: number): Promise<CountedHit> {
    const ends = new Date(at.getTime() + windowMs);
    const ended = sql`${rateLimitWindows.expiresAt} <= ${at.toISOString()}::timestamptz`;
    const rows = await this.db
      .insert(rateLimitWindows)
      .values({ scope, key, windowStart: at, expiresAt: ends, hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimitWindows.scope, rateLimitWindows.key],
        set: {
          windowStart: sql`case when ${ended} then excluded.window_start else ${rateLimitWindows.windowStart} end`,
          expiresAt: sql`case when ${ended} then excluded.expires_at else ${rateLimitWindows.expiresAt} end`,
          hits: sql`case when ${ended} then 1 else ${rateLimitWindows.hits} + 1 end`,
        },
      })
      .returning({ hits: rateLimitWindows.hits, expiresAt: rateLimitWindows.expiresAt });
    const row = rows[0];
    return { hits: row?.hits ?? 1, windowEndsAt: row?.expiresAt ?? ends };
  }

  /** Deletes every window that ended by `at` (they count nothing); how many. */
  async deleteEnded(at: Date): Promise<number> {
    const rows = await this.db.delete(rateLimitWindows).where(lte(rateLimitWindows.expiresAt, at)).returning({ key: rateLimitWindows.key });
    return rows.length;
  }
}
