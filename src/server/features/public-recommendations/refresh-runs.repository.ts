import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { refreshChunks, refreshRuns } from "../../db/schema";

export type RefreshPhase = "score" | "analyse";

export interface RefreshChunk {
  chunk: number;
  tickers: string[];
}

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
}

/**
 * The daily refresh's runs and chunks: the record of what each instance took and produced, from
 * which any instance can tell when a phase is complete and continue the run.
 */
export class RefreshRunsRepository {
  // The tables' run_key column holds the run id: the trading day's key and the claim's suffix.
  constructor(private readonly db: Database) {}

  /** Records the run and its 'score' chunks; a second call for the same run changes nothing. */
  async createRun(runId: string, chunks: RefreshChunk[], startedAt: Date): Promise<void> {
    const tickers = chunks.reduce((sum, chunk) => sum + chunk.tickers.length, 0);
    await this.db.transaction(async (tx) => {
      await tx.insert(refreshRuns).values({ runKey: runId, tickers, chunks: chunks.length, startedAt }).onConflictDoNothing();
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
      const batch = chunks.slice(start, start + 100).map((chunk) => ({ runKey: runId, phase, chunk: chunk.chunk, tickers: chunk.tickers }));
      await db.insert(refreshChunks).values(batch).onConflictDoNothing();
    }
  }

  async chunks(runId: string, phase: RefreshPhase): Promise<RefreshChunk[]> {
    return this.db
      .select({ chunk: refreshChunks.chunk, tickers: refreshChunks.tickers })
      .from(refreshChunks)
      .where(and(eq(refreshChunks.runKey, runId), eq(refreshChunks.phase, phase)))
      .orderBy(refreshChunks.chunk);
  }

  /** Marks a chunk taken by `holder` and answers its tickers; null when the chunk is unknown. */
  async takeChunk(runId: string, phase: RefreshPhase, chunk: number, holder: string, at: Date): Promise<string[] | null> {
    const [row] = await this.db
      .update(refreshChunks)
      .set({ state: "running", holder, startedAt: at, attempts: sql`${refreshChunks.attempts} + 1` })
      .where(and(eq(refreshChunks.runKey, runId), eq(refreshChunks.phase, phase), eq(refreshChunks.chunk, chunk)))
      .returning({ tickers: refreshChunks.tickers });
    return row?.tickers ?? null;
  }

  async finishChunk(
    runId: string,
    phase: RefreshPhase,
    chunk: number,
    result: { scores?: Record<string, number>; analysed?: number; failed: string[]; error?: string },
    at: Date,
  ): Promise<void> {
    await this.db
      .update(refreshChunks)
      .set({ state: "done", finishedAt: at, scores: result.scores ?? null, analysed: result.analysed ?? null, failed: result.failed, error: result.error?.slice(0, 500) ?? null })
      .where(and(eq(refreshChunks.runKey, runId), eq(refreshChunks.phase, phase), eq(refreshChunks.chunk, chunk)));
  }

  async chunkFailed(runId: string, phase: RefreshPhase, chunk: number, error: string): Promise<void> {
    await this.db
      .update(refreshChunks)
      .set({ state: "retrying", error: error.slice(0, 500) })
      .where(and(eq(refreshChunks.runKey, runId), eq(refreshChunks.phase, phase), eq(refreshChunks.chunk, chunk)));
  }

  /** Chunks of the phase not done yet. */
  async unfinishedChunks(runId: string, phase: RefreshPhase): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(refreshChunks)
      .where(and(eq(refreshChunks.runKey, runId), eq(refreshChunks.phase, phase), ne(refreshChunks.state, "done")));
    return row?.count ?? 0;
  }

  /** Every RS score the 'score' phase produced. */
  async scores(runId: string): Promise<number[]> {
    const rows = await this.db
      .select({ scores: refreshChunks.scores })
      .from(refreshChunks)
      .where(and(eq(refreshChunks.runKey, runId), eq(refreshChunks.phase, "score")));
    return rows.flatMap((row) => Object.values(row.scores ?? {}));
  }

  /** Tickers the 'analyse' phase analysed (every chunk's tickers but its failures). */
  async analysedTickers(runId: string): Promise<string[]> {
    const rows = await this.db
      .select({ tickers: refreshChunks.tickers, failed: refreshChunks.failed })
      .from(refreshChunks)
      .where(and(eq(refreshChunks.runKey, runId), eq(refreshChunks.phase, "analyse")));
    return rows.flatMap((row) => {
      const failed = new Set(row.failed ?? []);
      return row.tickers.filter((ticker) => !failed.has(ticker));
    });
  }

  /** Moves the run to the next phase; true for the one caller that moved it. */
  async advance(runId: string, from: string, to: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(refreshRuns)
      .set({ phase: to, ...(to === "done" && { finishedAt: at }) })
      .where(and(eq(refreshRuns.runKey, runId), eq(refreshRuns.phase, from)))
      .returning({ runId: refreshRuns.runKey });
    return rows.length > 0;
  }

  async phase(runId: string): Promise<string | null> {
    const [row] = await this.db.select({ phase: refreshRuns.phase }).from(refreshRuns).where(eq(refreshRuns.runKey, runId));
    return row?.phase ?? null;
  }

  /** The newest runs, newest first, with their progress. */
  async recent(limit: number): Promise<RefreshRunSummary[]> {
    return this.summarise(await this.db.select().from(refreshRuns).orderBy(desc(refreshRuns.startedAt)).limit(limit));
  }

  /** One run with its progress, or null when it is unknown. */
  async summary(runId: string): Promise<RefreshRunSummary | null> {
    const [summary] = await this.summarise(await this.db.select().from(refreshRuns).where(eq(refreshRuns.runKey, runId)));
    return summary ?? null;
  }

  /** The runs' chunks in one query, without their tickers and scores (the lists' status asks every few seconds). */
  private async summarise(runs: (typeof refreshRuns.$inferSelect)[]): Promise<RefreshRunSummary[]> {
    if (runs.length === 0) return [];
    const chunks = await this.db
      .select({
        runId: refreshChunks.runKey,
        phase: refreshChunks.phase,
        state: refreshChunks.state,
        holder: refreshChunks.holder,
        attempts: refreshChunks.attempts,
        analysed: refreshChunks.analysed,
        failed: refreshChunks.failed,
        error: refreshChunks.error,
      })
      .from(refreshChunks)
      .where(inArray(refreshChunks.runKey, runs.map((run) => run.runKey)));
    return runs.map((run) => {
      const ofRun = chunks.filter((chunk) => chunk.runId === run.runKey);
      const current = ofRun.filter((chunk) => chunk.phase === (run.phase === "done" ? "analyse" : run.phase));
      const analysed = ofRun.filter((chunk) => chunk.phase === "analyse");
      const holders: Record<string, number> = {};
      for (const chunk of ofRun) if (chunk.holder) holders[chunk.holder] = (holders[chunk.holder] ?? 0) + 1;
      return {
        runId: run.runKey,
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
