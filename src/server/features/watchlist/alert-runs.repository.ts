import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { watchAlertRuns, watchAlertSlices } from "../../db/schema";

/** An evaluation's watched stocks outside the universe, as stored by its first attempt. */
export interface AlertRun {
  tickers: string[];
  sliceSize: number;
}

/** What `quanta jobs` shows of an evaluation. */
export interface AlertRunSummary {
  runKey: string;
  startedAt: Date;
  raisedAt: Date | null;
  slices: number;
  slicesFinished: number;
  /** Watched stocks the run could not analyse (the next session catches them up). */
  failed: string[];
  lastError: string | null;
}

/**
 * The watch lists' evaluations and their slices (decision 034): the run keeps its ticker list so a
 * slice job carries only its slice, and a finished slice is a row, so 'every slice finished, raise
 * the alerts' is a count in the database, whatever order the slices end in or fail.
 */
export class AlertRunsRepository {
  constructor(private readonly db: Database) {}

  /** Records the run unless a first attempt did; answers the run as stored (a retry reuses its slices). */
  async start(runKey: string, tickers: string[], sliceSize: number, now: Date): Promise<AlertRun> {
    await this.db.insert(watchAlertRuns).values({ runKey, tickers, sliceSize, createdAt: now }).onConflictDoNothing();
    const [row] = await this.db.select({ tickers: watchAlertRuns.tickers, sliceSize: watchAlertRuns.sliceSize }).from(watchAlertRuns).where(eq(watchAlertRuns.runKey, runKey));
    return row!;
  }

  /** Marks a slice finished (a second finish of the same slice changes nothing); answers the slices still unfinished. */
  async finishSlice(runKey: string, slice: number, outcome: { failed: string[]; error?: string | undefined }, now: Date): Promise<number> {
    await this.db
      .insert(watchAlertSlices)
      .values({ runKey, slice, failed: outcome.failed, error: outcome.error ?? null, finishedAt: now })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({
        slices: sql<number>`ceil(jsonb_array_length(${watchAlertRuns.tickers})::numeric / ${watchAlertRuns.sliceSize})::int`,
        finished: sql<number>`(select count(*)::int from ${watchAlertSlices} where ${watchAlertSlices.runKey} = ${runKey})`,
      })
      .from(watchAlertRuns)
      .where(eq(watchAlertRuns.runKey, runKey));
    return row ? Number(row.slices) - Number(row.finished) : 0;
  }

  async markRaised(runKey: string, now: Date): Promise<void> {
    await this.db.update(watchAlertRuns).set({ raisedAt: now }).where(and(eq(watchAlertRuns.runKey, runKey), isNull(watchAlertRuns.raisedAt)));
  }

  /** The newest evaluations, for operators. */
  async recent(limit: number): Promise<AlertRunSummary[]> {
    const runs = await this.db.select().from(watchAlertRuns).orderBy(desc(watchAlertRuns.createdAt)).limit(limit);
    const summaries: AlertRunSummary[] = [];
    for (const run of runs) {
      const slices = await this.db.select().from(watchAlertSlices).where(eq(watchAlertSlices.runKey, run.runKey)).orderBy(watchAlertSlices.slice);
      summaries.push({
        runKey: run.runKey,
        startedAt: run.createdAt,
        raisedAt: run.raisedAt,
        slices: Math.ceil(run.tickers.length / run.sliceSize),
        slicesFinished: slices.length,
        failed: slices.flatMap((slice) => slice.failed),
        lastError: slices.findLast((slice) => slice.error !== null)?.error ?? null,
      });
    }
    return summaries;
  }

  /** Forgets evaluations older than `before` (their slices go with them). */
  async prune(before: Date): Promise<void> {
    await this.db.delete(watchAlertRuns).where(lt(watchAlertRuns.createdAt, before));
  }
}
