import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { AnalysisReport } from "../../../core/analysis/analysis-report";
import type { DatabaseHandle } from "../../db/database";
import { jobRuns, refreshChunks } from "../../db/schema";
import { PgBossJobQueue, stableJobId } from "../../jobs/job-queue";
import { JobRunsRepository } from "../../jobs/job-runs.repository";
import { createLogger } from "../../logger";
import { loadConfig } from "../../config";
import { testDatabaseKinds } from "../../test-support/test-database";
import { PublicAnalysesRepository, type PublicAnalysisRow } from "./public-analyses.repository";
import { PUBLIC_REFRESH_QUEUE, PublicRefreshService, type RefreshJob, type UniverseAnalyzer } from "./public-refresh.service";
import { RefreshRunsRepository } from "./refresh-runs.repository";

const log = createLogger(loadConfig({ LOG_LEVEL: "silent" }));
const TICKERS = ["AAA", "BBB", "CCC", "DDD", "EEE", "FFF"];

function fakeReport(ticker: string): AnalysisReport {
  return {
    stock_summary: { ticker, recommendation: { action: "WATCH" } },
    meta: { as_of: "2026-11-25" },
  } as unknown as AnalysisReport;
}

/** Every write that includes `ticker` fails, on every attempt. */
class FailingWrites extends PublicAnalysesRepository {
  constructor(
    db: DatabaseHandle["db"],
    private readonly ticker: string,
  ) {
    super(db);
  }

  override async upsertMany(rows: PublicAnalysisRow[]): Promise<void> {
    if (rows.some((row) => row.ticker === this.ticker)) throw new Error("the database refused the write");
    return super.upsertMany(rows);
  }
}

/** Every write that drops tickers from the lists fails the first time (a connection lost mid-finish). */
class FlakyRetain extends PublicAnalysesRepository {
  retainCalls = 0;

  override async retainOnly(tickers: string[]): Promise<void> {
    this.retainCalls++;
    if (this.retainCalls === 1) throw new Error("the connection was lost");
    return super.retainOnly(tickers);
  }
}

/** Counts the polls of a run's phase. */
class CountedRuns extends RefreshRunsRepository {
  phaseReads = 0;

  override async phase(runId: string) {
    this.phaseReads++;
    return super.phase(runId);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the queue has no job waiting, retrying or running. */
async function drained(queue: PgBossJobQueue): Promise<void> {
  for (let k = 0; k < 600; k++) {
    const counts = await queue.counts(PUBLIC_REFRESH_QUEUE);
    if (!counts.created && !counts.retry && !counts.active) return;
    await sleep(50);
  }
  throw new Error("the queue did not drain");
}

let close: (() => Promise<void>) | undefined;
/** The run keys the refresh handed to what follows it (the alerts). */
let followed: string[] = [];
afterEach(async () => {
  await close?.();
  close = undefined;
  followed = [];
});

describe.each(testDatabaseKinds("database-behaviour"))("the refresh's jobs on $name", (kind) => {
  interface Options {
    analyses?: PublicAnalysesRepository;
    runs?: RefreshRunsRepository;
    analyzer?: Partial<UniverseAnalyzer>;
    gate?: Promise<void>;
    /** The queue's limit on one attempt (the chunks' too). */
    jobTimeoutSeconds?: number;
    soleProcess?: boolean;
    instanceId?: string;
    snapshots?: { afterAnalyses: (runKey: string) => Promise<void> };
  }

  function build(database: DatabaseHandle, options: Options = {}): { refresh: PublicRefreshService; queue: PgBossJobQueue } {
    const gate = options.gate ?? Promise.resolve();
    const analyzer: UniverseAnalyzer = {
      universe: async () => TICKERS,
      score: async () => 1,
      publishScores: async () => undefined,
      analyze: async (ticker) => {
        await gate;
        return fakeReport(ticker);
      },
      parallelism: 2,
      ...options.analyzer,
    };
    const jobTimeoutSeconds = options.jobTimeoutSeconds ?? 30;
    const soleProcess = options.soleProcess ?? database.kind === "pglite";
    const queue = new PgBossJobQueue(database, { log, jobTimeoutSeconds, releaseActiveJobsAtStart: soleProcess });
    const refresh = new PublicRefreshService({
      queue,
      claims: new JobRunsRepository(database.db),
      runs: options.runs ?? new RefreshRunsRepository(database.db),
      analyses: options.analyses ?? new PublicAnalysesRepository(database.db),
      analyzer,
      // These reports are skeletons: the track record's own tests cover what it stores.
      calls: { recordCalls: async () => 0, scoreOpenCalls: async () => undefined },
      followers: { afterRefresh: async (runKey) => void followed.push(runKey) },
      snapshots: options.snapshots ?? { afterAnalyses: async () => {} },
      jobIds: stableJobId,
      chunkSize: 2,
      concurrency: 1,
      jobTimeoutMs: jobTimeoutSeconds * 1000,
      soleProcess,
      instanceId: options.instanceId ?? "test",
      now: () => new Date(),
      log,
      onListsReplaced: () => undefined,
    });
    return { refresh, queue };
  }

  it("finishes a run whose chunk fails on every attempt: that chunk's tickers are reported failed, the others listed", async () => {
    const database = await kind.open();
    const { refresh, queue } = build(database, { analyses: new FailingWrites(database.db, "CCC") });
    close = async () => {
      await queue.stop();
      await database.close();
    };
    const result = await refresh.refresh({ force: true });
    expect(result.failed.sort()).toEqual(["CCC", "DDD"]);
    expect(result.analysed).toBe(4);
    const listed = (await new PublicAnalysesRepository(database.db).list()).map((row) => row.ticker);
    expect(listed).toEqual(["AAA", "BBB", "EEE", "FFF"]);
    const failedChunk = (await database.db.select().from(refreshChunks)).find((chunk) => chunk.phase === "analyse" && chunk.tickers.includes("CCC"))!;
    // The first attempt and three retries, then recorded with the error.
    expect(failedChunk.attempts).toBe(4);
    expect(failedChunk.error).toBe("the database refused the write");
    const [run] = await refresh.recentRuns(1);
    expect(run?.retried).toBe(1);
  }, 60_000);

  it("takes the market snapshot once the run's analyses are in; a snapshot that fails does not fail the run", async () => {
    const database = await kind.open();
    const snapshotted: { runKey: string; listed: number }[] = [];
    const { refresh, queue } = build(database, {
      snapshots: {
        afterAnalyses: async (runKey) => {
          snapshotted.push({ runKey, listed: (await new PublicAnalysesRepository(database.db).list()).length });
          throw new Error("the snapshot failed");
        },
      },
    });
    close = async () => {
      await queue.stop();
      await database.close();
    };
    const result = await refresh.refresh({ force: true });
    expect(result.analysed).toBe(TICKERS.length);
    // Once, after the finished list is in, with the run's key (the one the watch lists' alerts get).
    expect(snapshotted).toEqual([{ runKey: followed[0], listed: TICKERS.length }]);
    expect(followed).toHaveLength(1);
    expect((await refresh.status()).finishedAt).not.toBeNull();
  }, 60_000);

  it("starts a run once per trading day, done by whichever instance works on the queue, then reports it finished", async () => {
    const database = await kind.open();
    const { refresh, queue } = build(database);
    close = async () => {
      await queue.stop();
      await database.close();
    };
    expect(await refresh.status()).toEqual({ refreshing: false, finishedAt: null, progress: null });
    const queued = await refresh.refresh({ wait: false });
    expect(queued.ran).toBe(true);
    expect((await refresh.refresh({ wait: false })).ran).toBe(false);
    // With wait: false this process only queued the run; it is done once an instance works on the queue.
    await refresh.startWorking();
    const done = await refresh.waitFor(queued.runId!);
    expect(done.analysed).toBe(TICKERS.length);
    // The watch lists' alerts follow the finished run, queued once with the run's trading day.
    expect(followed).toEqual([refresh.currentRunKey()]);
    const status = await refresh.status();
    expect(status.refreshing).toBe(false);
    expect(status.progress).toBeNull();
    expect(status.finishedAt).not.toBeNull();
  }, 60_000);

  it("says 'refreshing' with its progress while the first run builds the lists, scoring counting as the first half", async () => {
    const database = await kind.open();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { refresh, queue } = build(database, { gate });
    close = async () => {
      release();
      await queue.stop();
      await database.close();
    };
    const queued = await refresh.refresh({ wait: false });
    await refresh.startWorking();
    // Every ticker scored, no analysis finished: half the work.
    let status = await refresh.status();
    for (let k = 0; k < 200 && status.progress?.done !== 3; k++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = await refresh.status();
    }
    expect(status).toEqual({ refreshing: true, finishedAt: null, progress: { done: 3, total: TICKERS.length } });
    release();
    await refresh.waitFor(queued.runId!);
    status = await refresh.status();
    expect(status.refreshing).toBe(false);
    expect(status.progress).toBeNull();
  }, 60_000);

  it("does nothing for a job sent again after pg-boss forgot the first: a done run's chunks are neither re-run nor undone", async () => {
    const database = await kind.open();
    let providerDown = false;
    const { refresh, queue } = build(database, {
      analyzer: {
        analyze: async (ticker) => {
          if (providerDown) throw new Error("the provider is down");
          return fakeReport(ticker);
        },
      },
    });
    close = async () => {
      await queue.stop();
      await database.close();
    };
    const result = await refresh.refresh({ force: true });
    expect(result.analysed).toBe(TICKERS.length);
    const runId = result.runId!;
    const chunksBefore = await database.db.select().from(refreshChunks);
    // pg-boss keeps finished jobs for a while only; past that, the same ids can be queued again.
    await database.executeSql("delete from pgboss.job where name = $1", [PUBLIC_REFRESH_QUEUE]);
    providerDown = true;
    const jobs: RefreshJob[] = [
      { kind: "start", runId },
      ...chunksBefore.map((chunk) => ({ kind: chunk.phase as "score" | "analyse", runId, chunk: chunk.chunk })),
    ];
    await queue.send(
      PUBLIC_REFRESH_QUEUE,
      jobs.map((job) => ({ id: job.kind === "start" ? stableJobId(runId, "start") : stableJobId(runId, job.kind, job.chunk), data: job })),
    );
    // Queued again, every one (a worker of this process may have taken one already).
    expect(Object.values(await queue.counts(PUBLIC_REFRESH_QUEUE)).reduce((sum, count) => sum + count, 0)).toBe(jobs.length);
    await drained(queue);

    const chunksAfter = await database.db.select().from(refreshChunks);
    const shape = (chunks: typeof chunksBefore) =>
      chunks.map((chunk) => ({ phase: chunk.phase, chunk: chunk.chunk, state: chunk.state, attempts: chunk.attempts, failed: chunk.failed, finishedAt: chunk.finishedAt }));
    expect(shape(chunksAfter)).toEqual(shape(chunksBefore));
    expect((await new PublicAnalysesRepository(database.db).list()).map((row) => row.ticker)).toEqual(TICKERS);
    expect(followed).toHaveLength(1);
    expect((await refresh.recentRuns(1))[0]?.phase).toBe("done");
  }, 60_000);

  it("decides a run's finish once, and a retry completes the finishing when the finisher fails after deciding", async () => {
    const database = await kind.open();
    const analyses = new FlakyRetain(database.db);
    const { refresh, queue } = build(database, { analyses });
    close = async () => {
      await queue.stop();
      await database.close();
    };
    const result = await refresh.refresh({ force: true });
    expect(result.analysed).toBe(TICKERS.length);
    // The last chunk's job failed after its chunk was done and the run was 'finishing': its retry
    // finished the run without analysing the chunk again.
    expect(analyses.retainCalls).toBe(2);
    const chunks = await database.db.select().from(refreshChunks);
    expect(chunks.every((chunk) => chunk.state === "done" && chunk.attempts === 1)).toBe(true);
    expect(followed).toHaveLength(1);
    const [claim] = await database.db.select().from(jobRuns);
    expect(claim?.finishedAt).not.toBeNull();
    expect(claim?.error).toBeNull();
  }, 60_000);

  it("records a run whose start fails on every attempt as failed (for `quanta jobs`), and the day can be claimed again", async () => {
    const database = await kind.open();
    let universeMissing = true;
    const { refresh, queue } = build(database, {
      analyzer: {
        universe: async () => {
          if (universeMissing) throw new Error("the universe file is missing");
          return TICKERS;
        },
      },
    });
    close = async () => {
      await queue.stop();
      await database.close();
    };
    await refresh.startWorking();
    const first = await refresh.refresh({ wait: false });
    expect(first.ran).toBe(true);
    const failed = await refresh.waitFor(first.runId!);
    expect(failed.error).toBe("the universe file is missing");
    const [run] = await refresh.recentRuns(1);
    // What `quanta jobs` shows (its text: jobs-text.test.ts).
    expect(run).toMatchObject({ phase: "failed", error: "the universe file is missing" });
    expect(run?.finishedAt).not.toBeNull();
    const [claim] = await database.db.select().from(jobRuns).where(eq(jobRuns.runKey, refresh.currentRunKey()));
    expect(claim?.error).toBe("the universe file is missing");
    expect((await refresh.status()).progress).toBeNull();

    universeMissing = false;
    const second = await refresh.refresh({ wait: false });
    expect(second.ran).toBe(true);
    expect((await refresh.waitFor(second.runId!)).analysed).toBe(TICKERS.length);
  }, 60_000);

  it("removes each wait's listener: many polls of an unfinished run leave at most one", async () => {
    const database = await kind.open();
    const runs = new CountedRuns(database.db);
    const { refresh, queue } = build(database, { runs });
    close = async () => {
      await queue.stop();
      await database.close();
    };
    const runId = "2026-11-25#feedbeef";
    const waiting = refresh.waitFor(runId, 1);
    while (runs.phaseReads < 100) await sleep(5);
    expect(refresh["finishedListeners"].size).toBeLessThanOrEqual(1);
    await runs.createRun(runId, [], new Date());
    await runs.advance(runId, "score", "done", new Date());
    expect((await waiting).ran).toBe(true);
    expect(refresh["finishedListeners"].size).toBe(0);
  }, 60_000);

  it("gives up a chunk whose every attempt timed out (the last unseen by its handler), and the run finishes without its tickers", async () => {
    const database = await kind.open();
    const { refresh, queue } = build(database, {
      // The shortest time-out the configuration allows: CCC's analysis never answers.
      jobTimeoutSeconds: 2,
      analyzer: { analyze: (ticker) => (ticker === "CCC" ? new Promise<never>(() => undefined) : Promise.resolve(fakeReport(ticker))) },
    });
    close = async () => {
      await queue.stop();
      await database.close();
    };
    const result = await refresh.refresh({ force: true });
    expect(result.error).toBeUndefined();
    expect(result.failed.sort()).toEqual(["CCC", "DDD"]);
    expect(result.analysed).toBe(4);
    const given = (await database.db.select().from(refreshChunks)).find((chunk) => chunk.phase === "analyse" && chunk.tickers.includes("CCC"))!;
    expect(given).toMatchObject({ state: "done", attempts: 4, error: "its job did not complete in any of its attempts" });
  }, 120_000);

  it("keeps a done chunk done: a retry takes a running chunk only past its attempt's limit, and a later attempt that gives up leaves the results", async () => {
    const database = await kind.open();
    close = () => database.close();
    const runs = new RefreshRunsRepository(database.db);
    const runId = "2026-11-25#0badcafe";
    const limitMs = 300_000;
    const t0 = Date.parse("2026-11-25T21:30:00Z");
    const at = (ms: number) => new Date(t0 + ms);
    await runs.createRun(runId, [{ chunk: 0, tickers: ["AAA", "BBB"] }], at(0));
    expect(await runs.takeChunk(runId, "score", 0, "a", at(0), limitMs)).toEqual({ tickers: ["AAA", "BBB"], attempt: 1 });
    // A duplicate job while the first attempt is within its limit takes nothing.
    expect(await runs.takeChunk(runId, "score", 0, "b", at(1_000), limitMs)).toBeNull();
    // Past the limit the queue retries the job, though the first attempt may still be running.
    expect(await runs.takeChunk(runId, "score", 0, "b", at(limitMs + 1_000), limitMs)).toEqual({ tickers: ["AAA", "BBB"], attempt: 2 });
    // The first attempt finishes; the second then fails for good, or finishes too: the first results stand.
    expect(await runs.finishChunk(runId, "score", 0, { scores: { AAA: 1, BBB: 2 }, failed: [] }, at(limitMs + 2_000))).toBe(true);
    expect(await runs.giveUpChunk(runId, "score", 0, 2, "the provider is down", at(limitMs + 3_000))).toBe(false);
    expect(await runs.finishChunk(runId, "score", 0, { scores: {}, failed: [] }, at(limitMs + 3_000))).toBe(false);
    await runs.chunkFailed(runId, "score", 0, 2, "the provider is down");
    // A job for the done chunk, however late, takes nothing.
    expect(await runs.takeChunk(runId, "score", 0, "c", at(10 * limitMs), limitMs)).toBeNull();
    const [chunk] = await database.db.select().from(refreshChunks);
    expect(chunk).toMatchObject({ state: "done", attempts: 2, scores: { AAA: 1, BBB: 2 }, failed: [], error: null });
    expect(await runs.unfinishedChunks(runId, "score")).toBe(0);
  });

  // Only PGlite locks its data folder to one process, so only there may a starting process take a dead one's jobs at once.
  if (kind.name === "pglite") it("takes the jobs and chunks a dead process left running at once at start, not after the job time-out", async () => {
    const database = await kind.open();
    // A process that dies mid-analysis: its analyses never finish.
    const dead = build(database, { gate: new Promise<void>(() => undefined), jobTimeoutSeconds: 600, instanceId: "dead" });
    const queued = await dead.refresh.refresh({ wait: false });
    await dead.refresh.startWorking();
    const running = async () => (await database.db.select().from(refreshChunks)).filter((chunk) => chunk.phase === "analyse" && chunk.state === "running");
    while ((await running()).length === 0) await sleep(20);
    // What a SIGKILL leaves: the job active, its chunk running (stopping pg-boss fails its jobs, so they are put back).
    await dead.queue.stop(1);
    await database.executeSql("update pgboss.job set state = 'active', started_on = now(), start_after = now() where name = $1 and state = 'retry'", [PUBLIC_REFRESH_QUEUE]);
    expect((await queueCounts(database)).active).toBeGreaterThan(0);
    expect((await running()).length).toBeGreaterThan(0);

    const restarted = build(database, { jobTimeoutSeconds: 600, instanceId: "restarted" });
    close = async () => {
      await restarted.queue.stop();
      await database.close();
    };
    await restarted.refresh.startWorking();
    // Without the release this waits out the 600 s time-out (and the test's own).
    const result = await restarted.refresh.waitFor(queued.runId!);
    expect(result.analysed).toBe(TICKERS.length);
  }, 60_000);
});

async function queueCounts(database: DatabaseHandle): Promise<Record<string, number>> {
  const { rows } = await database.executeSql("select state, count(*)::int as count from pgboss.job where name = $1 group by state", [PUBLIC_REFRESH_QUEUE]);
  return Object.fromEntries(rows.map((row) => [String(row.state), Number(row.count)]));
}
