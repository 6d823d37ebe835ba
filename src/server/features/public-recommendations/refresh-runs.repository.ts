import { and, desc, eq, inArray, lt, ne, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { refreshChunks, refreshRuns } from "../../db/schema";

export type RefreshPhase = "score" | "analyse";

export interface RefreshChunk {
  chunk: number;
  tickers: string[];
}

/** A chunk as one attempt took it: its tickers, and the attempt's number (only the latest attempt may give the chunk up). */
export interface TakenChunk {
  tickers: string[];
  attempt: number;
}

/** Phases a run goes through; 'finishing' is the one instance's clean-up after the last chunk, repeated by a retry if it dies. */
export type RunPhase = RefreshPhase | "finishing" | "done" | "failed";

/** A run as `quanta jobs` and the lists' status show it. */
export interface RefreshRunSummary {
  /** The run's id: its trading-day (or manual) key and the claim's suffix. */
  runId: string;
  phase: string;
  tickers: number;
  chunks: number;
  startedAt: Date;
  finishedAt: Date | null;
  /** Chunks of the current phase done, running (or waiting for a retry) and queued. */
  chunksDone: number;
  chunksRunning: number;
  /** Tickers analysed and failed so far (the 'analyse' phase). */
  analysed: number;
  failed: string[];
  /** Instances that took chunks, with how many. */
  holders: Record<string, number>;
  /** Chunks taken more than once (a failure or a dead instance), and the last error seen. */
  retried: number;
  lastError: string | null;
  /** Why the run failed (phase 'failed'), else null. */
  error: string | null;
}

/**
 * The daily refresh's runs and chunks: the record of what each instance took and produced, from
 * which any instance can tell when a phase is complete and continue the run.
 */
export class RefreshRunsRepository {
  constructor(private readonly db: Database) {}

  /** Records the run and its 'score' chunks; a second call for the same run changes nothing. */
  async createRun(runId: string, chunks: RefreshChunk[], startedAt: Date): Promise<void> {
    const tickers = chunks.reduce((sum, chunk) => sum + chunk.tickers.length, 0);
    await this.db.transaction(async (tx) => {
      await tx.insert(refreshRuns).values({ runId, tickers, chunks: chunks.length, startedAt }).onConflictDoNothing();
      await this.insertChunks(tx, runId, "score", chunks);
    });
  }

  /** Records a phase's chunks (idempotent). */
  async addChunks(runId: string, phase: RefreshPhase, chunks: RefreshChunk[]): Promise<void> {
    await this.insertChunks(this.db, runId, phase, chunks);
  }

  private async insertChunks(db: Pick<Database, "insert">, runId: string, phase: RefreshPhase, chunks: RefreshChunk[]): Promise<void> {
    // Small batches: one statement per 100 chunks keeps each write short on the embedded database.
    for (let start = 0; start < chunks.length; start += 100) {
      const batch = chunks.slice(start, start + 100).map((chunk) => ({ runId, phase, chunk: chunk.chunk, tickers: chunk.tickers }));
      await db.insert(refreshChunks).values(batch).onConflictDoNothing();
    }
  }

  async chunks(runId: string, phase: RefreshPhase): Promise<RefreshChunk[]> {
    return this.db
      .select({ chunk: refreshChunks.chunk, tickers: refreshChunks.tickers })
      .from(refreshChunks)
      .where(and(eq(refreshChunks.runId, runId), eq(refreshChunks.phase, phase)))
      .orderBy(refreshChunks.chunk);
  }

  /**
   * Takes a chunk for `holder`'s attempt and answers its tickers with the attempt's number; null when
   * the chunk is unknown, done, or running in an attempt that is not over (taken less than
   * `staleAfterMs` ago: the queue retries a job only once its attempt failed or passed that limit).
   */
  async takeChunk(runId: string, phase: RefreshPhase, chunk: number, holder: string, at: Date, staleAfterMs: number): Promise<TakenChunk | null> {
    const [row] = await this.db
      .update(refreshChunks)
      .set({ state: "running", holder, startedAt: at, attempts: sql`${refreshChunks.attempts} + 1` })
      .where(
        and(
          this.isChunk(runId, phase, chunk),
          ne(refreshChunks.state, "done"),
          or(ne(refreshChunks.state, "running"), lt(refreshChunks.startedAt, new Date(at.getTime() - staleAfterMs))),
        ),
      )
      .returning({ tickers: refreshChunks.tickers, attempt: refreshChunks.attempts });
    return row ?? null;
  }

  private isChunk(runId: string, phase: RefreshPhase, chunk: number) {
    return and(eq(refreshChunks.runId, runId), eq(refreshChunks.phase, phase), eq(refreshChunks.chunk, chunk));
  }

  /** Records a chunk's results; a chunk already done keeps its first results (false). */
  async finishChunk(runId: string, phase: RefreshPhase, chunk: number, result: { scores?: Record<string, number>; analysed?: number; failed: string[] }, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(refreshChunks)
      .set({ state: "done", finishedAt: at, scores: result.scores ?? null, analysed: result.analysed ?? null, failed: result.failed, error: null })
      .where(and(this.isChunk(runId, phase, chunk), ne(refreshChunks.state, "done")))
      .returning({ chunk: refreshChunks.chunk });
    return rows.length > 0;
  }

  /**
   * Gives a chunk up after its last attempt failed: done, with every ticker failed and the error. Only
   * the latest attempt may (`attempt`; null when the queue gave the job up, whichever attempt it was),
   * and never over a chunk another attempt has finished.
   */
  async giveUpChunk(runId: string, phase: RefreshPhase, chunk: number, attempt: number | null, error: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(refreshChunks)
      .set({
        state: "done",
        finishedAt: at,
        scores: phase === "score" ? {} : null,
        analysed: phase === "analyse" ? 0 : null,
        failed: sql`${refreshChunks.tickers}`,
        error: error.slice(0, 500),
      })
      .where(and(this.isChunk(runId, phase, chunk), ne(refreshChunks.state, "done"), attempt === null ? undefined : eq(refreshChunks.attempts, attempt)))
      .returning({ chunk: refreshChunks.chunk });
    return rows.length > 0;
  }

  /** An attempt failed and the queue retries it: the chunk waits for the retry (unless another attempt took or finished it). */
  async chunkFailed(runId: string, phase: RefreshPhase, chunk: number, attempt: number, error: string): Promise<void> {
    await this.db
      .update(refreshChunks)
      .set({ state: "retrying", error: error.slice(0, 500) })
      .where(and(this.isChunk(runId, phase, chunk), eq(refreshChunks.state, "running"), eq(refreshChunks.attempts, attempt)));
  }

  /**
   * Chunks left 'running' by a process that is gone, made ready for their jobs' retries at once.
   * Only where one process holds the database (the embedded PGlite, its folder locked to it).
   */
  async releaseRunningChunks(): Promise<number> {
    const rows = await this.db
      .update(refreshChunks)
      .set({ state: "retrying", error: "the process running this chunk stopped" })
      .where(eq(refreshChunks.state, "running"))
      .returning({ chunk: refreshChunks.chunk });
    return rows.length;
  }

  /** Chunks of the phase not done yet. */
  async unfinishedChunks(runId: string, phase: RefreshPhase): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(refreshChunks)
      .where(and(eq(refreshChunks.runId, runId), eq(refreshChunks.phase, phase), ne(refreshChunks.state, "done")));
    return row?.count ?? 0;
  }

  /** Every RS score the 'score' phase produced. */
  async scores(runId: string): Promise<number[]> {
    const rows = await this.db
      .select({ scores: refreshChunks.scores })
      .from(refreshChunks)
      .where(and(eq(refreshChunks.runId, runId), eq(refreshChunks.phase, "score")));
    return rows.flatMap((row) => Object.values(row.scores ?? {}));
  }

  /** Tickers the 'analyse' phase analysed (every chunk's tickers but its failures). */
  async analysedTickers(runId: string): Promise<string[]> {
    const rows = await this.db
      .select({ tickers: refreshChunks.tickers, failed: refreshChunks.failed })
      .from(refreshChunks)
      .where(and(eq(refreshChunks.runId, runId), eq(refreshChunks.phase, "analyse")));
    return rows.flatMap((row) => {
      const failed = new Set(row.failed ?? []);
      return row.tickers.filter((ticker) => !failed.has(ticker));
    });
  }

  /** Moves the run from one of `from` to the next phase; true for the one caller that moved it. */
  async advance(runId: string, from: RunPhase | RunPhase[], to: RunPhase, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(refreshRuns)
      .set({ phase: to, ...(to === "done" && { finishedAt: at }) })
      .where(and(eq(refreshRuns.runId, runId), inArray(refreshRuns.phase, Array.isArray(from) ? from : [from])))
      .returning({ runId: refreshRuns.runId });
    return rows.length > 0;
  }

  /**
   * Records a run that cannot finish as failed, with the error (a run that never got to list its
   * universe is recorded too); a run already done or failed is left as it is. True when recorded.
   */
  async fail(runId: string, error: string, at: Date): Promise<boolean> {
    const message = error.slice(0, 500);
    return this.db.transaction(async (tx) => {
      await tx.insert(refreshRuns).values({ runId, tickers: 0, chunks: 0, startedAt: at }).onConflictDoNothing();
      const rows = await tx
        .update(refreshRuns)
        .set({ phase: "failed", finishedAt: at, error: message })
        .where(and(eq(refreshRuns.runId, runId), notInArray(refreshRuns.phase, ["done", "failed"])))
        .returning({ runId: refreshRuns.runId });
      return rows.length > 0;
    });
  }

  async phase(runId: string): Promise<RunPhase | null> {
    const [row] = await this.db.select({ phase: refreshRuns.phase }).from(refreshRuns).where(eq(refreshRuns.runId, runId));
    return (row?.phase as RunPhase | undefined) ?? null;
  }

  /** The newest runs, newest first, with their progress. */
  async recent(limit: number): Promise<RefreshRunSummary[]> {
    return this.summarise(await this.db.select().from(refreshRuns).orderBy(desc(refreshRuns.startedAt)).limit(limit));
  }

  /** One run with its progress, or null when it is unknown. */
  async summary(runId: string): Promise<RefreshRunSummary | null> {
    const [summary] = await this.summarise(await this.db.select().from(refreshRuns).where(eq(refreshRuns.runId, runId)));
    return summary ?? null;
  }

  /** The runs' chunks in one query, without their tickers and scores (the lists' status asks every few seconds). */
  private async summarise(runs: (typeof refreshRuns.$inferSelect)[]): Promise<RefreshRunSummary[]> {
    if (runs.length === 0) return [];
    const chunks = await this.db
      .select({
        runId: refreshChunks.runId,
        phase: refreshChunks.phase,
        state: refreshChunks.state,
        holder: refreshChunks.holder,
        attempts: refreshChunks.attempts,
        analysed: refreshChunks.analysed,
        failed: refreshChunks.failed,
        error: refreshChunks.error,
      })
      .from(refreshChunks)
      .where(inArray(refreshChunks.runId, runs.map((run) => run.runId)));
    return runs.map((run) => {
      const ofRun = chunks.filter((chunk) => chunk.runId === run.runId);
      const current = ofRun.filter((chunk) => chunk.phase === (run.phase === "score" ? "score" : "analyse"));
      const analysed = ofRun.filter((chunk) => chunk.phase === "analyse");
      const holders: Record<string, number> = {};
      for (const chunk of ofRun) if (chunk.holder) holders[chunk.holder] = (holders[chunk.holder] ?? 0) + 1;
      return {
        runId: run.runId,
        phase: run.phase,
        tickers: run.tickers,
        chunks: run.chunks,
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        chunksDone: current.filter((chunk) => chunk.state === "done").length,
        chunksRunning: current.filter((chunk) => chunk.state === "running" || chunk.state === "retrying").length,
        analysed: analysed.reduce((sum, chunk) => sum + (chunk.analysed ?? 0), 0),
        failed: analysed.flatMap((chunk) => chunk.failed ?? []),
        holders,
        retried: ofRun.filter((chunk) => chunk.attempts > 1).length,
        lastError: ofRun.findLast((chunk) => chunk.error)?.error ?? null,
        error: run.error,
      };
    });
  }

  /** When the newest finished run ended, or null if none has. */
  async lastFinishedAt(): Promise<Date | null> {
    const [row] = await this.db
      .select({ finishedAt: refreshRuns.finishedAt })
      .from(refreshRuns)
      .where(eq(refreshRuns.phase, "done"))
      .orderBy(desc(refreshRuns.finishedAt))
      .limit(1);
    return row?.finishedAt ?? null;
  }
}
