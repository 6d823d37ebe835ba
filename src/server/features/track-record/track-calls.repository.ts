import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { RecommendationAction } from "../../../core/analysis/analysis-report";
import type { CallProgress, CallStatus } from "../../../core/track-record/call-outcome";
import type { Database } from "../../db/database";
import { trackCalls, trackOutcomes, trackRecordFigures } from "../../db/schema";

export type TrackCallRow = typeof trackCalls.$inferSelect;
export type NewTrackCall = typeof trackCalls.$inferInsert;

export interface OutcomeUpdate {
  callId: string;
  progress: CallProgress;
  status: CallStatus;
  settled: boolean;
}

/** A distinct call with its progress (an episode's first call). */
export interface ScoredCallRow {
  call: TrackCallRow;
  progress: CallProgress;
  status: CallStatus;
  /** Calls of the episode so far (the days it was published). */
  days: number;
}

export interface CallsFilter {
  simulated: boolean;
  action?: RecommendationAction;
  ticker?: string;
}

/** Statements of a few hundred rows at most: short writes on the embedded database too. */
const BATCH = 200;

/**
 * The track record's tables (decision 029): calls are inserted once and never changed (the
 * database refuses it too); outcomes are upserted as sessions arrive; figures are one row per scope.
 */
export class TrackCallsRepository {
  constructor(private readonly db: Database) {}

  /** Each ticker's newest call before `asOf` (what a new call continues or breaks). */
  async previousCalls(tickers: string[], asOf: string): Promise<TrackCallRow[]> {
    if (tickers.length === 0) return [];
    return this.db
      .selectDistinctOn([trackCalls.ticker])
      .from(trackCalls)
      .where(and(inArray(trackCalls.ticker, tickers), sql`${trackCalls.asOf} < ${asOf}`))
      .orderBy(trackCalls.ticker, desc(trackCalls.asOf));
  }

  /** The bases (`ticker|base start`) of these tickers that already opened a trade. */
  async tradedBases(tickers: string[]): Promise<Set<string>> {
    if (tickers.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ ticker: trackCalls.ticker, baseStart: trackCalls.baseStart })
      .from(trackCalls)
      .where(and(inArray(trackCalls.ticker, tickers), eq(trackCalls.trade, true)));
    return new Set(rows.map((r) => `${r.ticker}|${r.baseStart}`));
  }

  /**
   * Inserts the calls (a call already stored for its session and ticker is left as it was) and the
   * first progress of those that start an episode, in one transaction.
   */
  async insertCalls(calls: NewTrackCall[], startProgress: (call: NewTrackCall) => CallProgress): Promise<number> {
    if (calls.length === 0) return 0;
    return this.db.transaction(async (tx) => {
      let inserted = 0;
      for (let start = 0; start < calls.length; start += BATCH) {
        const rows = await tx.insert(trackCalls).values(calls.slice(start, start + BATCH)).onConflictDoNothing().returning({ id: trackCalls.id, episodeId: trackCalls.episodeId });
        inserted += rows.length;
        const starts = new Set(rows.filter((r) => r.id === r.episodeId).map((r) => r.id));
        const outcomes = calls
          .filter((c) => starts.has(c.id))
          .map((c) => {
            const progress = startProgress(c);
            return { callId: c.id, progress, status: "open", settled: false, lastDate: progress.lastDate };
          });
        if (outcomes.length > 0) await tx.insert(trackOutcomes).values(outcomes).onConflictDoNothing();
      }
      return inserted;
    });
  }

  /** Distinct calls still being measured, with their call. */
  async openOutcomes(): Promise<{ call: TrackCallRow; progress: CallProgress }[]> {
    const rows = await this.db
      .select({ call: trackCalls, progress: trackOutcomes.progress })
      .from(trackOutcomes)
      .innerJoin(trackCalls, eq(trackCalls.id, trackOutcomes.callId))
      .where(eq(trackOutcomes.settled, false));
    return rows.map((r) => ({ call: r.call, progress: r.progress as CallProgress }));
  }

  /** Every distinct call of a scope (an episode's first) with its stored outcome, null when it has none. */
  async episodesWithOutcomes(simulated: boolean): Promise<{ call: TrackCallRow; outcome: { progress: CallProgress; status: string; settled: boolean; lastDate: string } | null }[]> {
    const rows = await this.db
      .select({ call: trackCalls, progress: trackOutcomes.progress, status: trackOutcomes.status, settled: trackOutcomes.settled, lastDate: trackOutcomes.lastDate })
      .from(trackCalls)
      .leftJoin(trackOutcomes, eq(trackOutcomes.callId, trackCalls.id))
      .where(and(eq(trackCalls.simulated, simulated), sql`${trackCalls.id} = ${trackCalls.episodeId}`))
      .orderBy(asc(trackCalls.asOf), asc(trackCalls.ticker));
    return rows.map(({ call, progress, status, settled, lastDate }) => ({
      call,
      outcome: progress === null || status === null || settled === null || lastDate === null ? null : { progress: progress as CallProgress, status, settled, lastDate },
    }));
  }

  async saveOutcomes(updates: OutcomeUpdate[], at: Date): Promise<void> {
    for (let start = 0; start < updates.length; start += BATCH) {
      const rows = updates.slice(start, start + BATCH).map((u) => ({
        callId: u.callId,
        progress: u.progress,
        status: u.status,
        settled: u.settled,
        lastDate: u.progress.lastDate,
        updatedAt: at,
      }));
      await this.db
        .insert(trackOutcomes)
        .values(rows)
        .onConflictDoUpdate({
          target: trackOutcomes.callId,
          set: { progress: sql`excluded.progress`, status: sql`excluded.status`, settled: sql`excluded.settled`, lastDate: sql`excluded.last_date`, updatedAt: sql`excluded.updated_at` },
        });
    }
  }

  /** Every distinct call of a scope with its progress, for the figures. */
  async scoredSetups(simulated: boolean): Promise<{ action: string; setup: string; baseType: string | null; trade: boolean; engineVersion: string; progress: CallProgress }[]> {
    const rows = await this.db
      .select({ action: trackCalls.action, setup: trackCalls.setup, baseType: trackCalls.baseType, trade: trackCalls.trade, engineVersion: trackCalls.engineVersion, progress: trackOutcomes.progress })
      .from(trackOutcomes)
      .innerJoin(trackCalls, eq(trackCalls.id, trackOutcomes.callId))
      .where(eq(trackCalls.simulated, simulated));
    return rows.map((r) => ({ ...r, progress: r.progress as CallProgress }));
  }

  /** Calls (stock-sessions) of a scope by action, its first session and its engine versions with their first session (oldest first). */
  async callTotals(simulated: boolean): Promise<{ byAction: Record<string, number>; firstCall: string | null; engineVersions: { version: string; since: string }[] }> {
    const byAction = await this.db
      .select({ action: trackCalls.action, calls: count() })
      .from(trackCalls)
      .where(eq(trackCalls.simulated, simulated))
      .groupBy(trackCalls.action);
    const versions = await this.db
      .select({ version: trackCalls.engineVersion, first: sql<string>`min(${trackCalls.asOf})` })
      .from(trackCalls)
      .where(eq(trackCalls.simulated, simulated))
      .groupBy(trackCalls.engineVersion)
      .orderBy(sql`min(${trackCalls.asOf})`);
    return {
      byAction: Object.fromEntries(byAction.map((r) => [r.action, Number(r.calls)])),
      firstCall: versions[0]?.first ?? null,
      engineVersions: versions.map((v) => ({ version: v.version, since: v.first })),
    };
  }

  async saveFigures(scope: string, figures: unknown, at: Date): Promise<void> {
    await this.db
      .insert(trackRecordFigures)
      .values({ scope, figures, computedAt: at })
      .onConflictDoUpdate({ target: trackRecordFigures.scope, set: { figures, computedAt: at } });
  }

  async figures(scope: string): Promise<{ figures: unknown; computedAt: Date } | null> {
    const [row] = await this.db.select({ figures: trackRecordFigures.figures, computedAt: trackRecordFigures.computedAt }).from(trackRecordFigures).where(eq(trackRecordFigures.scope, scope));
    return row ?? null;
  }

  /**
   * A page of distinct calls, newest first, with their progress and how many days each was
   * published. The page's ids come from the distinct calls' own index alone; only those 25 or so
   * rows are joined to their progress.
   */
  async callsPage(filter: CallsFilter, page: number, pageSize: number): Promise<{ rows: ScoredCallRow[]; total: number }> {
    const conditions: SQL[] = [eq(trackCalls.simulated, filter.simulated), sql`${trackCalls.id} = ${trackCalls.episodeId}`];
    if (filter.action) conditions.push(eq(trackCalls.action, filter.action));
    if (filter.ticker) conditions.push(eq(trackCalls.ticker, filter.ticker));
    const where = and(...conditions);
    const [totalRow] = await this.db.select({ total: count() }).from(trackCalls).where(where);
    const pageIds = await this.db
      .select({ id: trackCalls.id })
      .from(trackCalls)
      .where(where)
      .orderBy(desc(trackCalls.asOf), asc(trackCalls.ticker))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const ids = pageIds.map((r) => r.id);
    if (ids.length === 0) return { rows: [], total: Number(totalRow?.total ?? 0) };
    const [rows, days] = await Promise.all([
      this.db
        .select({ call: trackCalls, progress: trackOutcomes.progress, status: trackOutcomes.status })
        .from(trackCalls)
        .innerJoin(trackOutcomes, eq(trackOutcomes.callId, trackCalls.id))
        .where(inArray(trackCalls.id, ids))
        .orderBy(desc(trackCalls.asOf), asc(trackCalls.ticker)),
      this.db.select({ episodeId: trackCalls.episodeId, days: count() }).from(trackCalls).where(inArray(trackCalls.episodeId, ids)).groupBy(trackCalls.episodeId),
    ]);
    const daysById = new Map(days.map((d) => [d.episodeId, Number(d.days)]));
    return {
      rows: rows.map((r) => ({ call: r.call, progress: r.progress as CallProgress, status: r.status as CallStatus, days: daysById.get(r.call.id) ?? 1 })),
      total: Number(totalRow?.total ?? 0),
    };
  }
}
