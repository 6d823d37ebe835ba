import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { PublicRefreshStatus } from "../../../contracts/public-refresh-status";
import type { AnalysisReport } from "../../../core/analysis/analysis-report";
import { isoFromDayNumber, lastCompletedSession } from "../../../core/market/trading-calendar";
import { inLanes } from "../../jobs/in-lanes";
import type { Logger } from "../../logger";
import type { PublicAnalysesRepository, PublicAnalysisRow } from "./public-analyses.repository";
import type { RefreshChunk, RefreshPhase, RefreshRunsRepository, RefreshRunSummary } from "./refresh-runs.repository";

export const PUBLIC_REFRESH_JOB = "public-recommendations-refresh";
/** The queue every instance takes the refresh's jobs from. */
export const PUBLIC_REFRESH_QUEUE = "public-refresh";
/** Where pg-boss puts a refresh job that failed for good (including a last attempt that timed out). */
const PUBLIC_REFRESH_FAILED_QUEUE = "public-refresh-failed";

/**
 * One queued step of a run: list the universe, score a chunk's RS, or analyse a chunk. `runId` is
 * the claim's own id (the trading day's run key and a random suffix): a day's run that is claimed
 * again after a failure gets new jobs and new chunks, never the finished ones of the first attempt.
 */
export type RefreshJob = { kind: "start"; runId: string } | { kind: RefreshPhase; runId: string; chunk: number };

/** The trading day (or manual) run key of a run id. */
function runKeyOf(runId: string): string {
  return runId.slice(0, runId.lastIndexOf("#"));
}

/** The job queue as the refresh uses it (jobs/job-queue.ts on pg-boss). */
export interface RefreshQueue {
  send(name: string, jobs: { id: string; data: RefreshJob }[], options?: { deadLetter?: string }): Promise<void>;
  work(name: string, concurrency: number, handler: (data: RefreshJob, job: { lastAttempt: boolean }) => Promise<void>): Promise<void>;
  /** Jobs of the queue by state (created, retry, active, completed, failed…). */
  counts(name: string): Promise<Record<string, number>>;
}

/** Claims a run key so that one run per trading day happens however many instances ask (jobs/job-runs.repository.ts). */
export interface RunClaims {
  claim(name: string, runKey: string, holder: string): Promise<boolean>;
  finish(name: string, runKey: string, error: string | null): Promise<void>;
}

/** What the refresh needs of stock analysis. */
export interface UniverseAnalyzer {
  universe(): Promise<string[]>;
  /** A ticker's RS score, null without usable bars. */
  score(ticker: string): Promise<number | null>;
  /** Keeps the universe's scores for the session, where every analysis of it finds them. */
  publishScores(scores: number[]): Promise<void>;
  /** Analyses a ticker (the engine on the worker-thread pool). */
  analyze(ticker: string): Promise<AnalysisReport>;
  /** How many of a chunk's tickers are analysed at once (the pool's threads). */
  parallelism: number;
}

export interface RefreshResult {
  ran: boolean;
  runId?: string;
  analysed: number;
  failed: string[];
  /** Why the run could not finish (it is recorded failed and its day can be claimed again). */
  error?: string;
}

/** What the refresh tells the track record: the calls it published, and that a run has finished (time to score). */
export interface CallRecorder {
  recordCalls(reports: AnalysisReport[], runId: string): Promise<unknown>;
  scoreOpenCalls(): Promise<unknown>;
}

/** What follows a finished run (the watch lists' alerts), queued as its own jobs. */
export interface RefreshFollower {
  afterRefresh(runKey: string): Promise<void>;
}

/** Stores the per-session aggregates (the market page) once a run's analyses are in. */
export interface SessionSnapshotter {
  afterAnalyses(runKey: string): Promise<void>;
}

/** Stable ids of a run's jobs, so that two instances sending the same step queue it once. */
export type JobIds = (...parts: (string | number)[]) => string;

/**
 * The daily screen of the public universe as queued work (decision 024). A run is claimed once per
 * trading day; its universe is cut into chunks; every instance takes chunks from the queue: first
 * each ticker's RS score (the ratings rank against the whole universe), then the analyses, written
 * a chunk at a time. Whichever instance finishes a phase's last chunk starts the next phase; a
 * chunk whose instance died is retried by another. Analyses run on worker threads, so requests are
 * answered throughout.
 */
export class PublicRefreshService {
  private working: Promise<void> | null = null;
  private readonly finishedListeners = new Set<() => void>();

  constructor(
    private readonly deps: {
      queue: RefreshQueue;
      claims: RunClaims;
      runs: RefreshRunsRepository;
      analyses: PublicAnalysesRepository;
      analyzer: UniverseAnalyzer;
      calls: CallRecorder;
      followers: RefreshFollower;
      snapshots: SessionSnapshotter;
      jobIds: JobIds;
      chunkSize: number;
      /** Jobs this instance works on at once (each a chunk). */
      concurrency: number;
      /** The queue's limit on one attempt of a job: a chunk taken longer ago is another attempt's to take. */
      jobTimeoutMs: number;
      /**
       * True where this process is the database's only user (the embedded PGlite, its folder locked to
       * it): chunks left 'running' at start were a dead process's, and are released for their retries.
       */
      soleProcess: boolean;
      instanceId: string;
      now: () => Date;
      log: Logger;
      /** Called on this instance when a run it finished has replaced the lists. */
      onListsReplaced: () => void;
    },
  ) {}

  /** The trading day the lists should describe (the last completed US session). */
  currentRunKey(): string {
    return isoFromDayNumber(lastCompletedSession(this.deps.now()));
  }

  /** True when the stored lists are older than the last completed session (or empty). */
  async isStale(): Promise<boolean> {
    const latest = await this.deps.analyses.latestAsOf();
    return latest === null || latest < this.currentRunKey();
  }

  /**
   * Whether the lists are being built for the first time, when the last run finished and how far
   * the current one is: the lists read 'Refreshing…' until the first run has finished.
   */
  async status(): Promise<PublicRefreshStatus> {
    const [latest] = await this.deps.runs.recent(1);
    const finishedAt = await this.deps.runs.lastFinishedAt();
    const inProgress = latest !== undefined && latest.phase !== "done" && latest.phase !== "failed";
    const total = latest?.tickers ?? 0;
    // Scoring the RS of every ticker is the first half of the work, analysing them the second.
    const halvesDone = !latest || latest.chunks === 0 ? 0 : (latest.phase === "score" ? latest.chunksDone : latest.chunks + latest.chunksDone) / (2 * latest.chunks);
    const done = Math.min(total, Math.round(total * halvesDone));
    return {
      refreshing: inProgress && finishedAt === null,
      finishedAt: finishedAt?.toISOString() ?? null,
      progress: inProgress ? { done, total } : null,
    };
  }

  /**
   * Takes jobs from the queue in this process from now on (the server and `quanta worker` call it at
   * start). The composition stops the queue, and so these workers, when the process closes.
   */
  startWorking(): Promise<void> {
    this.working ??= (async () => {
      if (this.deps.soleProcess) {
        const released = await this.deps.runs.releaseRunningChunks();
        if (released > 0) this.deps.log.warn({ chunks: released }, "public refresh: chunks left running by a stopped process are retried now");
      }
      await this.deps.queue.work(PUBLIC_REFRESH_QUEUE, this.deps.concurrency, (job, { lastAttempt }) => this.handle(job, lastAttempt));
      await this.deps.queue.work(PUBLIC_REFRESH_FAILED_QUEUE, 1, (job) => this.failedForGood(job));
    })();
    return this.working;
  }

  /**
   * Starts today's run unless one has already run (any instance); `force` (the CLI) starts a new
   * run regardless. With `wait: false` it only queues the run and answers (the instances working
   * on the queue do it); otherwise this process works on it too and answers when it has finished.
   */
  async refresh(options: { force?: boolean; wait?: boolean } = {}): Promise<RefreshResult> {
    const runKey = options.force ? `manual:${this.deps.now().toISOString()}` : this.currentRunKey();
    if (!(await this.deps.claims.claim(PUBLIC_REFRESH_JOB, runKey, this.deps.instanceId))) return { ran: false, analysed: 0, failed: [] };
    const runId = `${runKey}#${randomUUID().slice(0, 8)}`;
    if (options.wait !== false) await this.startWorking();
    await this.deps.queue.send(PUBLIC_REFRESH_QUEUE, [{ id: this.deps.jobIds(runId, "start"), data: { kind: "start", runId } }], { deadLetter: PUBLIC_REFRESH_FAILED_QUEUE });
    this.deps.log.info({ runId }, "public refresh: run queued");
    if (options.wait === false) return { ran: true, runId, analysed: 0, failed: [] };
    return this.waitFor(runId);
  }

  /** Resolves when the run has finished or failed (on any instance), with its totals. */
  async waitFor(runId: string, pollMs = 250): Promise<RefreshResult> {
    for (;;) {
      const phase = await this.deps.runs.phase(runId);
      if (phase === "done" || phase === "failed") {
        const summary = await this.deps.runs.summary(runId);
        return { ran: true, runId, analysed: summary?.analysed ?? 0, failed: summary?.failed ?? [], ...(phase === "failed" && { error: summary?.error ?? "the run failed" }) };
      }
      // Woken early when a run finishes in this process; each wait's listener is removed when it ends.
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.finishedListeners.delete(done);
          resolve();
        };
        const timer = setTimeout(done, pollMs);
        this.finishedListeners.add(done);
      });
    }
  }

  /** The newest runs with their progress (`quanta jobs`, the lists' status). */
  recentRuns(limit = 10): Promise<RefreshRunSummary[]> {
    return this.deps.runs.recent(limit);
  }

  /** The refresh queue's jobs by state. */
  queueCounts(): Promise<Record<string, number>> {
    return this.deps.queue.counts(PUBLIC_REFRESH_QUEUE);
  }

  private async handle(job: RefreshJob, lastAttempt: boolean): Promise<void> {
    try {
      switch (job.kind) {
        case "start":
          return await this.startRun(job.runId);
        case "score":
        case "analyse":
          return await this.runChunk(job.runId, job.kind, job.chunk, lastAttempt);
      }
    } catch (error) {
      // No retry follows: nothing else would carry the run on, so it is recorded failed (a run already done stays done).
      if (lastAttempt) await this.failRun(job.runId, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  /**
   * A job that failed for good. Most such failures were already recorded by the last attempt; this
   * covers a last attempt that timed out (its instance died, or it ran past the limit): its chunk is
   * given up, its tickers failed, and the run goes on; a start that never completed fails the run.
   */
  private async failedForGood(job: RefreshJob): Promise<void> {
    if (job.kind === "start") {
      // Recorded already, the run's chunks are queued again (idempotent); never recorded, it cannot go on.
      if ((await this.deps.runs.phase(job.runId)) !== null) return this.startRun(job.runId);
      return this.failRun(job.runId, "the run's start did not complete in any of its attempts");
    }
    if (await this.deps.runs.giveUpChunk(job.runId, job.kind, job.chunk, null, "its job did not complete in any of its attempts", this.deps.now())) {
      this.deps.log.error({ runId: job.runId, phase: job.kind, chunk: job.chunk }, "public refresh: a chunk's job timed out on every attempt; its tickers are left out of this run");
    }
    await this.continueRun(job.runId, job.kind);
  }

  /** Records a run that cannot finish as failed, and its day's claim with the error, so that the day can be claimed again. */
  private async failRun(runId: string, error: string): Promise<void> {
    if (!(await this.deps.runs.fail(runId, error, this.deps.now()))) return;
    await this.deps.claims.finish(PUBLIC_REFRESH_JOB, runKeyOf(runId), error);
    this.deps.log.error({ runId, error }, "public refresh: the run failed; its day can be refreshed again");
    this.notifyWaiting();
  }

  private notifyWaiting(): void {
    for (const listener of [...this.finishedListeners]) listener();
  }

  /**
   * Lists the universe, records the run's chunks and queues their scoring. A retry (or a duplicate)
   * of a run already recorded re-queues its recorded chunks; of a run past its scoring, does nothing.
   */
  private async startRun(runId: string): Promise<void> {
    const phase = await this.deps.runs.phase(runId);
    if (phase === "finishing") return this.completeFinishing(runId);
    if (phase !== null && phase !== "score") return;
    if (phase === null) {
      const universe = [...new Set(await this.deps.analyzer.universe())];
      const chunks: RefreshChunk[] = [];
      for (let start = 0; start < universe.length; start += this.deps.chunkSize) {
        chunks.push({ chunk: chunks.length, tickers: universe.slice(start, start + this.deps.chunkSize) });
      }
      await this.deps.runs.createRun(runId, chunks, this.deps.now());
    }
    const recorded = await this.deps.runs.chunks(runId, "score");
    this.deps.log.info({ runId, tickers: recorded.reduce((sum, chunk) => sum + chunk.tickers.length, 0), chunks: recorded.length }, "public refresh: run started");
    if (recorded.length === 0) {
      await this.finishRun(runId);
      return;
    }
    await this.sendChunks(runId, "score", recorded);
  }

  private async sendChunks(runId: string, phase: RefreshPhase, chunks: RefreshChunk[]): Promise<void> {
    await this.deps.queue.send(
      PUBLIC_REFRESH_QUEUE,
      chunks.map((chunk) => ({ id: this.deps.jobIds(runId, phase, chunk.chunk), data: { kind: phase, runId, chunk: chunk.chunk } })),
      { deadLetter: PUBLIC_REFRESH_FAILED_QUEUE },
    );
  }

  /**
   * A chunk's job. The chunk table, not the queue, says whether there is work: a job for a chunk that
   * is done (a retry, or a job sent again after the queue forgot the first) or that a live attempt
   * holds does no work, but carries the run on in case the attempt that finished it died before.
   */
  private async runChunk(runId: string, phase: RefreshPhase, chunk: number, lastAttempt: boolean): Promise<void> {
    const taken = await this.deps.runs.takeChunk(runId, phase, chunk, this.deps.instanceId, this.deps.now(), this.deps.jobTimeoutMs);
    if (!taken) return this.continueRun(runId, phase);
    const { tickers, attempt } = taken;
    try {
      if (phase === "score") {
        const scores: Record<string, number> = {};
        for (const ticker of tickers) {
          // Bars that are computed or cached resolve at once; without a turn of the event loop
          // between tickers a whole chunk would run before the next request is read.
          await nextTurn();
          const score = await this.deps.analyzer.score(ticker);
          if (score !== null) scores[ticker] = score;
        }
        await this.deps.runs.finishChunk(runId, phase, chunk, { scores, failed: [] }, this.deps.now());
      } else {
        const { rows, failed } = await this.analyseChunk(tickers);
        await this.deps.analyses.upsertMany(rows);
        // Every published call goes into the track record (a retried chunk's calls are stored once).
        await this.deps.calls.recordCalls(rows.map((row) => row.analysis as AnalysisReport), runId);
        await this.deps.runs.finishChunk(runId, phase, chunk, { analysed: rows.length, failed }, this.deps.now());
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!lastAttempt) {
        await this.deps.runs.chunkFailed(runId, phase, chunk, attempt, message).catch(() => undefined);
        throw error;
      }
      // No retry follows: the chunk's tickers are recorded as failed and the run goes on without them
      // (unless another attempt finished the chunk meanwhile: its results stand).
      if (await this.deps.runs.giveUpChunk(runId, phase, chunk, attempt, message, this.deps.now())) {
        this.deps.log.error({ runId, phase, chunk, err: error }, "public refresh: a chunk failed on every attempt; its tickers are left out of this run");
      }
    }
    await this.continueRun(runId, phase);
  }

  /** A chunk's analyses, `parallelism` at a time on the worker threads; a ticker that fails is reported, not retried. */
  private async analyseChunk(tickers: string[]): Promise<{ rows: PublicAnalysisRow[]; failed: string[] }> {
    const rows: PublicAnalysisRow[] = [];
    const failed: string[] = [];
    await inLanes(tickers, this.deps.analyzer.parallelism, async (ticker) => {
      try {
        const report = await this.deps.analyzer.analyze(ticker);
        rows.push({
          id: randomUUID(),
          ticker: report.stock_summary.ticker,
          action: report.stock_summary.recommendation.action,
          analysis: report,
          asOf: report.meta.as_of,
          createdAt: this.deps.now(),
        });
      } catch (error) {
        failed.push(ticker);
        this.deps.log.warn({ ticker, err: error }, "public refresh could not analyse a ticker");
      }
    });
    return { rows, failed };
  }

  /**
   * After a chunk: when none of its phase is left, start the next phase. Two instances finishing the
   * last chunks at once may both get here, and so may a retry of a job whose attempt died after
   * finishing its chunk: every step up to the run's phase update is idempotent (upserts, stable job
   * ids, chunks that are done do nothing), and the update lets one caller move the run on.
   */
  private async continueRun(runId: string, phase: RefreshPhase): Promise<void> {
    const runPhase = await this.deps.runs.phase(runId);
    if (runPhase === "finishing") return this.completeFinishing(runId);
    // Unknown (its start has not recorded it), done or failed: nothing to carry on.
    if (runPhase !== "score" && runPhase !== "analyse") return;
    if ((await this.deps.runs.unfinishedChunks(runId, phase)) > 0) return;
    if (phase === "score") {
      if (runPhase !== "score") return;
      await this.deps.analyzer.publishScores(await this.deps.runs.scores(runId));
      const chunks = await this.deps.runs.chunks(runId, "score");
      await this.deps.runs.addChunks(runId, "analyse", chunks);
      await this.sendChunks(runId, "analyse", chunks);
      await this.deps.runs.advance(runId, "score", "analyse", this.deps.now());
      return;
    }
    await this.finishRun(runId);
  }

  /** The run's last chunk is done: one caller moves the run to 'finishing', then does what finishing takes. */
  private async finishRun(runId: string): Promise<void> {
    if (!(await this.deps.runs.advance(runId, ["score", "analyse"], "finishing", this.deps.now()))) return;
    await this.completeFinishing(runId);
  }

  /**
   * What a finished run does before it is done, each step safe to repeat: if the instance doing it
   * dies, its job's retry (which finds its chunk done and the run 'finishing') does it again.
   */
  private async completeFinishing(runId: string): Promise<void> {
    await this.deps.analyses.retainOnly(await this.deps.runs.analysedTickers(runId));
    // The market page's session is stored from the finished analyses; an upsert, so a repeat is harmless.
    await this.deps.snapshots.afterAnalyses(runKeyOf(runId)).catch((error: unknown) => this.deps.log.error({ runId, err: error }, "public refresh: the market snapshot failed; it is stored again after the next run"));
    // The new session's bars are in: the track record's open calls move on by it before the run is done.
    await this.deps.calls.scoreOpenCalls().catch((error: unknown) => this.deps.log.error({ runId, err: error }, "public refresh: scoring the track record failed; it is scored again after the next run"));
    // The watch lists are evaluated against the new session by their own job (queued once per run).
    await this.deps.followers.afterRefresh(runKeyOf(runId)).catch((error: unknown) => this.deps.log.error({ runId, err: error }, "public refresh: the alerts could not be queued; they are evaluated after the next run"));
    await this.deps.claims.finish(PUBLIC_REFRESH_JOB, runKeyOf(runId), null);
    if (!(await this.deps.runs.advance(runId, "finishing", "done", this.deps.now()))) return;
    this.deps.onListsReplaced();
    this.notifyWaiting();
    this.deps.log.info({ runId }, "public refresh: run finished");
  }
}
