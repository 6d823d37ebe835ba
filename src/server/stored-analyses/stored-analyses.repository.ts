import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { analysisOutcomes, stockAnalyses } from "../db/schema";

/**
 * The one owner of `stock_analyses`, the users' stored analyses. Research writes and lists a user's
 * history, the CSV feature imports and exports it, the chat reads a user's latest analysis: each
 * through the interface it declares, all wired to this repository in composition/create-services.ts.
 * Every query is scoped to the analysis's owner.
 */

export interface StoredAnalysis {
  id: string;
  ticker: string;
  analysis: unknown;
  createdAt: Date;
}

/** What the public page of a shared analysis may show: the report and its date, nothing of its owner. */
export interface SharedAnalysis {
  analysis: unknown;
  createdAt: Date;
}

/** A row read from a user's file; `id` null when the file has none (one is made). */
export interface ImportedAnalysis {
  id: string | null;
  ticker: string;
  action: string;
  createdAt: Date;
  analysis: Record<string, unknown>;
}

/**
 * Where a page of analyses ends: the next page starts after it. `createdAt` is the database's own
 * text of the timestamp (microseconds; a Date keeps only milliseconds and would repeat the row).
 */
export interface AnalysisCursor {
  createdAt: string;
  id: string;
}

export interface NotFollowedAnalysis {
  id: string;
  userId: string;
  ticker: string;
  analysis: unknown;
  cursor: AnalysisCursor;
}

const INSERT_BATCH = 500;

/** The database or an open transaction of it. */
type Executor = Pick<Database, "select">;

export class StoredAnalysesRepository {
  constructor(private readonly db: Database) {}

  async insert(row: { id: string; userId: string; ticker: string; action: string; analysis: unknown; createdAt: Date }): Promise<void> {
    await this.db.insert(stockAnalyses).values(row);
  }

  /**
   * The user's latest analysis of `ticker` made from the market data of session `dataDate` (the
   * report's `meta.as_of`) by `dataSource` (`meta.data_source`); null when there is none.
   */
  async findForDataDate(userId: string, ticker: string, dataDate: string, dataSource: string, tx: Executor = this.db): Promise<StoredAnalysis | null> {
    const [row] = await tx
      .select({ id: stockAnalyses.id, ticker: stockAnalyses.ticker, analysis: stockAnalyses.analysis, createdAt: stockAnalyses.createdAt })
      .from(stockAnalyses)
      .where(
        and(
          eq(stockAnalyses.userId, userId),
          eq(stockAnalyses.ticker, ticker),
          isNull(stockAnalyses.deletedAt),
          sql`${stockAnalyses.analysis} -> 'meta' ->> 'as_of' = ${dataDate}`,
          sql`${stockAnalyses.analysis} -> 'meta' ->> 'data_source' = ${dataSource}`,
        ),
      )
      .orderBy(desc(stockAnalyses.createdAt), desc(stockAnalyses.id))
      .limit(1);
    return row ?? null;
  }

  /**
   * Stores a new analysis unless the user already has one of the same ticker, data date and source
   * (findForDataDate): then stores nothing and answers that one. The check and the insert run in one
   * transaction under an advisory lock of (user, ticker), so two instances that analysed the same
   * ticker at the same time store one row, and the other learns which.
   */
  async insertUnlessSameDataDate(
    row: { id: string; userId: string; ticker: string; action: string; analysis: unknown; createdAt: Date },
    dataDate: string,
    dataSource: string,
  ): Promise<StoredAnalysis | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quanta:analysis:${row.userId}:${row.ticker}`}))`);
      const existing = await this.findForDataDate(row.userId, row.ticker, dataDate, dataSource, tx);
      if (existing) return existing;
      await tx.insert(stockAnalyses).values(row);
      return null;
    });
  }

  async listForUser(userId: string, ticker?: string): Promise<(StoredAnalysis & { shareToken: string | null })[]> {
    const conditions = [eq(stockAnalyses.userId, userId), isNull(stockAnalyses.deletedAt)];
    if (ticker) conditions.push(eq(stockAnalyses.ticker, ticker));
    return this.db
      .select({
        id: stockAnalyses.id,
        ticker: stockAnalyses.ticker,
        analysis: stockAnalyses.analysis,
        createdAt: stockAnalyses.createdAt,
        shareToken: stockAnalyses.shareToken,
      })
      .from(stockAnalyses)
      .where(and(...conditions))
      .orderBy(desc(stockAnalyses.createdAt), desc(stockAnalyses.id));
  }

  /**
   * Shares one of the user's analyses under `token`, or answers the token it is already shared
   * under (sharing twice gives the same link). Null when the analysis is not theirs or not there.
   */
  async share(userId: string, id: string, token: string): Promise<string | null> {
    const owned = and(eq(stockAnalyses.id, id), eq(stockAnalyses.userId, userId), isNull(stockAnalyses.deletedAt));
    const [set] = await this.db
      .update(stockAnalyses)
      .set({ shareToken: token })
      .where(and(owned, isNull(stockAnalyses.shareToken)))
      .returning({ shareToken: stockAnalyses.shareToken });
    if (set?.shareToken) return set.shareToken;
    const [row] = await this.db.select({ shareToken: stockAnalyses.shareToken }).from(stockAnalyses).where(owned);
    return row?.shareToken ?? null;
  }

  /** Stops sharing one of the user's analyses (its link then reads nothing). False when it is not theirs or not there. */
  async unshare(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .update(stockAnalyses)
      .set({ shareToken: null })
      .where(and(eq(stockAnalyses.id, id), eq(stockAnalyses.userId, userId), isNull(stockAnalyses.deletedAt)))
      .returning({ id: stockAnalyses.id });
    return rows.length > 0;
  }

  /** The analysis shared under `token`, unless its owner stopped sharing or removed it. */
  async findShared(token: string): Promise<SharedAnalysis | null> {
    const [row] = await this.db
      .select({ analysis: stockAnalyses.analysis, createdAt: stockAnalyses.createdAt })
      .from(stockAnalyses)
      .where(and(eq(stockAnalyses.shareToken, token), isNull(stockAnalyses.deletedAt)));
    return row ?? null;
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

  /**
   * Analyses (not removed) made since `since` that the track record neither follows nor has set
   * aside as unfollowable (no outcome row), with their report: one page in (created_at, id) order,
   * after `after` (the last row of the previous page), so paging always moves on.
   */
  async notFollowedSince(since: Date, page: { limit: number; after?: AnalysisCursor }): Promise<NotFollowedAnalysis[]> {
    const after = page.after ? sql`(${stockAnalyses.createdAt}, ${stockAnalyses.id}) > (${page.after.createdAt}::timestamptz, ${page.after.id})` : undefined;
    const rows = await this.db
      .select({
        id: stockAnalyses.id,
        userId: stockAnalyses.userId,
        ticker: stockAnalyses.ticker,
        analysis: stockAnalyses.analysis,
        createdAt: sql<string>`${stockAnalyses.createdAt}::text`,
      })
      .from(stockAnalyses)
      .leftJoin(analysisOutcomes, eq(analysisOutcomes.analysisId, stockAnalyses.id))
      .where(and(isNull(analysisOutcomes.analysisId), isNull(stockAnalyses.deletedAt), gte(stockAnalyses.createdAt, since), after))
      .orderBy(asc(stockAnalyses.createdAt), asc(stockAnalyses.id))
      .limit(page.limit);
    return rows.map(({ createdAt, ...row }) => ({ ...row, cursor: { createdAt, id: row.id } }));
  }

  /** The caller's analyses that are not removed, oldest first. */
  async listForExport(userId: string): Promise<StoredAnalysis[]> {
    return this.db
      .select({ id: stockAnalyses.id, ticker: stockAnalyses.ticker, createdAt: stockAnalyses.createdAt, analysis: stockAnalyses.analysis })
      .from(stockAnalyses)
      .where(and(eq(stockAnalyses.userId, userId), isNull(stockAnalyses.deletedAt)))
      .orderBy(asc(stockAnalyses.createdAt), asc(stockAnalyses.id));
  }

  /**
   * Stores the rows in one transaction, skipping those the user already has (same id, or same
   * ticker and timestamp) and repeats within the file. An id held by someone else's analysis (or by
   * one the user removed) is replaced by a new one, so another account's row is never overwritten,
   * moved or shown, and the answer is the same as for an id nobody holds.
   *
   * Concurrency (PostgreSQL, several connections): one user's imports run one after the other (a
   * transaction-scoped advisory lock), so the duplicate checks hold; and a row whose id another
   * account commits between the check and the insert is not an error: the insert skips the
   * conflict (ON CONFLICT DO NOTHING) and the row is stored under a new id.
   */
  async importRows(userId: string, rows: readonly ImportedAnalysis[]): Promise<{ imported: number; skipped: number }> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quanta:csv-import:${userId}`}))`);
      const ids = [...new Set(rows.flatMap((row) => (row.id ? [row.id] : [])))];
      const tickers = [...new Set(rows.map((row) => row.ticker))];
      const takenIds = new Map<string, boolean>();
      for (let k = 0; k < ids.length; k += 5000) {
        const found = await tx
          .select({ id: stockAnalyses.id, userId: stockAnalyses.userId, deletedAt: stockAnalyses.deletedAt })
          .from(stockAnalyses)
          .where(inArray(stockAnalyses.id, ids.slice(k, k + 5000)));
        for (const row of found) takenIds.set(row.id, row.userId === userId && row.deletedAt === null);
      }
      const seen = new Set<string>();
      for (let k = 0; k < tickers.length; k += 5000) {
        const found = await tx
          .select({ ticker: stockAnalyses.ticker, createdAt: stockAnalyses.createdAt })
          .from(stockAnalyses)
          .where(and(eq(stockAnalyses.userId, userId), isNull(stockAnalyses.deletedAt), inArray(stockAnalyses.ticker, tickers.slice(k, k + 5000))));
        for (const row of found) seen.add(`${row.ticker}\u0000${row.createdAt.getTime()}`);
      }
      const usedIds = new Set<string>();
      const fresh = [];
      let skipped = 0;
      for (const row of rows) {
        const key = `${row.ticker}\u0000${row.createdAt.getTime()}`;
        if ((row.id && (takenIds.get(row.id) === true || usedIds.has(row.id))) || seen.has(key)) {
          skipped++;
          continue;
        }
        seen.add(key);
        const id = row.id && !takenIds.has(row.id) ? row.id : randomUUID();
        if (row.id) usedIds.add(row.id);
        usedIds.add(id);
        fresh.push({ id, userId, ticker: row.ticker, action: row.action, analysis: row.analysis, createdAt: row.createdAt });
      }
      for (let k = 0; k < fresh.length; k += INSERT_BATCH) {
        const batch = fresh.slice(k, k + INSERT_BATCH);
        const stored = new Set(
          (await tx.insert(stockAnalyses).values(batch).onConflictDoNothing({ target: stockAnalyses.id }).returning({ id: stockAnalyses.id })).map((row) => row.id),
        );
        // Ids another account took after the check above (this user's own imports wait for the lock).
        const lost = batch.filter((row) => !stored.has(row.id)).map((row) => ({ ...row, id: randomUUID() }));
        if (lost.length > 0) await tx.insert(stockAnalyses).values(lost);
      }
      return { imported: fresh.length, skipped };
    });
  }
}
