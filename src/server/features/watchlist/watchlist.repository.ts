import { and, desc, eq, sql } from "drizzle-orm";
import type { WatchSnapshot } from "../../../core/alerts/watch-snapshot";
import type { Database } from "../../db/database";
import { alertSettings, users, watchItems, watchSnapshots } from "../../db/schema";

export type WatchItemRow = typeof watchItems.$inferSelect;
export type AlertSettingsRow = typeof alertSettings.$inferSelect;

export interface WatchRulesPatch {
  ruleBuy?: boolean;
  ruleSell?: boolean;
  ruleExtended?: boolean;
  ruleNewBase?: boolean;
}

export interface WatchItemPatch extends WatchRulesPatch {
  /** A number sets (and re-arms) the alert; null clears it. */
  priceAbove?: number | null;
  priceBelow?: number | null;
}

export interface AlertSettingsPatch extends WatchRulesPatch {
  digest?: boolean;
  rulePrice?: boolean;
}

export type AddResult = { added: WatchItemRow } | { problem: "limit" | "duplicate" };

const DEFAULT_SETTINGS = { digest: true, ruleBuy: true, ruleSell: true, ruleExtended: true, ruleNewBase: true, rulePrice: true, readAt: null, unsubscribeVersion: 0 } as const;

/** The watch lists, their alert switches and the watched stocks' daily snapshots (decision 032). */
export class WatchlistRepository {
  constructor(private readonly db: Database) {}

  async items(userId: string): Promise<WatchItemRow[]> {
    return this.db.select().from(watchItems).where(eq(watchItems.userId, userId)).orderBy(watchItems.createdAt, watchItems.ticker);
  }

  async item(userId: string, ticker: string): Promise<WatchItemRow | null> {
    const [row] = await this.db.select().from(watchItems).where(and(eq(watchItems.userId, userId), eq(watchItems.ticker, ticker)));
    return row ?? null;
  }

  /**
   * Adds a stock unless the list is full or has it. The user's row is locked for the count and the
   * insert, so two requests at once cannot both take the last place.
   */
  async add(userId: string, ticker: string, limit: number, now: Date): Promise<AddResult> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
      const [{ watched } = { watched: 0 }] = await tx.select({ watched: sql<number>`count(*)::int` }).from(watchItems).where(eq(watchItems.userId, userId));
      const [existing] = await tx.select({ ticker: watchItems.ticker }).from(watchItems).where(and(eq(watchItems.userId, userId), eq(watchItems.ticker, ticker)));
      if (existing) return { problem: "duplicate" as const };
      if (watched >= limit) return { problem: "limit" as const };
      const [added] = await tx.insert(watchItems).values({ userId, ticker, createdAt: now }).returning();
      return { added: added! };
    });
  }

  async update(userId: string, ticker: string, patch: WatchItemPatch, now: Date): Promise<WatchItemRow | null> {
    const set: Partial<typeof watchItems.$inferInsert> = {};
    for (const key of ["ruleBuy", "ruleSell", "ruleExtended", "ruleNewBase"] as const) if (patch[key] !== undefined) set[key] = patch[key];
    // Setting a level (again) re-arms it: a new event from now on.
    if (patch.priceAbove !== undefined) Object.assign(set, { priceAbove: patch.priceAbove, priceAboveSetAt: patch.priceAbove === null ? null : now, priceAboveFiredOn: null });
    if (patch.priceBelow !== undefined) Object.assign(set, { priceBelow: patch.priceBelow, priceBelowSetAt: patch.priceBelow === null ? null : now, priceBelowFiredOn: null });
    if (Object.keys(set).length === 0) return this.item(userId, ticker);
    const [row] = await this.db.update(watchItems).set(set).where(and(eq(watchItems.userId, userId), eq(watchItems.ticker, ticker))).returning();
    return row ?? null;
  }

  async remove(userId: string, ticker: string): Promise<boolean> {
    const removed = await this.db.delete(watchItems).where(and(eq(watchItems.userId, userId), eq(watchItems.ticker, ticker))).returning({ ticker: watchItems.ticker });
    return removed.length > 0;
  }

  async settings(userId: string): Promise<Omit<AlertSettingsRow, "userId" | "updatedAt">> {
    const [row] = await this.db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
    return row ?? DEFAULT_SETTINGS;
  }

  /** Switching the digest back on advances the unsubscribe version: links mailed before stop working. */
  async updateSettings(userId: string, patch: AlertSettingsPatch, now: Date): Promise<Omit<AlertSettingsRow, "userId" | "updatedAt">> {
    const set = { ...patch, updatedAt: now };
    const advance =
      patch.digest === true
        ? { unsubscribeVersion: sql`case when ${alertSettings.digest} then ${alertSettings.unsubscribeVersion} else ${alertSettings.unsubscribeVersion} + 1 end` }
        : {};
    await this.db
      .insert(alertSettings)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: alertSettings.userId, set: { ...set, ...advance } });
    return this.settings(userId);
  }

  /** The bell was opened: alerts up to now are read. */
  async markAlertsRead(userId: string, now: Date): Promise<void> {
    await this.db.insert(alertSettings).values({ userId, readAt: now, updatedAt: now }).onConflictDoUpdate({ target: alertSettings.userId, set: { readAt: now } });
  }

  /**
   * Turns the digest off with an unsubscribe link of `version` (the e-mail's one-click link):
   * 'unknown' for an unknown user, 'outdated' when the digest was switched on again since the link
   * was mailed (its version is behind), 'off' when done.
   */
  async turnDigestOff(userId: string, version: number, now: Date): Promise<"off" | "outdated" | "unknown"> {
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) return "unknown";
    const current = (await this.settings(userId)).unsubscribeVersion;
    if (version > current) return "unknown";
    if (version < current) return "outdated";
    await this.updateSettings(userId, { digest: false }, now);
    return "off";
  }

  /** Keeps each stock's snapshot of its session (the first one written for a session stays). */
  async saveSnapshots(snapshots: WatchSnapshot[], now: Date): Promise<void> {
    for (let start = 0; start < snapshots.length; start += 500) {
      const batch = snapshots.slice(start, start + 500);
      await this.db
        .insert(watchSnapshots)
        .values(batch.map((snapshot) => ({ ticker: snapshot.ticker, session: snapshot.session, close: snapshot.close, snapshot, createdAt: now })))
        .onConflictDoNothing();
    }
  }

  /** Each ticker's newest snapshot (before `session` when given). */
  async latestSnapshots(tickers: string[], before?: string): Promise<Map<string, WatchSnapshot>> {
    if (tickers.length === 0) return new Map();
    const rows = await this.db
      .selectDistinctOn([watchSnapshots.ticker], { ticker: watchSnapshots.ticker, snapshot: watchSnapshots.snapshot })
      .from(watchSnapshots)
      .where(and(sql`${watchSnapshots.ticker} = any(${sql.param(tickers)}::text[])`, before === undefined ? undefined : sql`${watchSnapshots.session} < ${before}`))
      .orderBy(watchSnapshots.ticker, desc(watchSnapshots.session));
    return new Map(rows.map((row) => [row.ticker, row.snapshot as WatchSnapshot]));
  }

  /** The newest session any of these tickers has a snapshot of. */
  async latestSession(tickers: string[]): Promise<string | null> {
    if (tickers.length === 0) return null;
    const [row] = await this.db
      .select({ session: sql<string | null>`max(${watchSnapshots.session})` })
      .from(watchSnapshots)
      .where(sql`${watchSnapshots.ticker} = any(${sql.param(tickers)}::text[])`);
    return row?.session ?? null;
  }

  /** The snapshots of these tickers on the session. */
  async snapshotsAt(tickers: string[], session: string): Promise<WatchSnapshot[]> {
    if (tickers.length === 0) return [];
    const rows = await this.db
      .select({ snapshot: watchSnapshots.snapshot })
      .from(watchSnapshots)
      .where(and(eq(watchSnapshots.session, session), sql`${watchSnapshots.ticker} = any(${sql.param(tickers)}::text[])`));
    return rows.map((row) => row.snapshot as WatchSnapshot);
  }

  /**
   * Keeps each watched stock's `sessions` newest snapshots and drops the rest, with every snapshot
   * of a stock no one watches any more (one who watches it again starts from a fresh baseline) unless
   * it is in `keep` (the held stocks: their holders' alerts compare sessions too).
   */
  async pruneSnapshots(sessions: number, keep: string[] = []): Promise<void> {
    await this.db.execute(sql`
      delete from watch_snapshots s
      where (not exists (select 1 from watch_items w where w.ticker = s.ticker) and not s.ticker = any(${sql.param(keep)}::text[]))
        or exists (
          select 1 from (
            select ticker, session, row_number() over (partition by ticker order by session desc) as newest
            from watch_snapshots
          ) ranked
          where ranked.ticker = s.ticker and ranked.session = s.session and ranked.newest > ${sessions}
        )`);
  }

  /** Every ticker someone watches. */
  async watchedTickers(): Promise<string[]> {
    const rows = await this.db.selectDistinct({ ticker: watchItems.ticker }).from(watchItems).orderBy(watchItems.ticker);
    return rows.map((row) => row.ticker);
  }
}
