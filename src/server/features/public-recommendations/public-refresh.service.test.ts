import { afterEach, describe, expect, it } from "vitest";
import type { AnalysisReport } from "../../../core/analysis/analysis-report";
import type { DatabaseHandle } from "../../db/database";
import { refreshChunks } from "../../db/schema";
import { PgBossJobQueue, stableJobId } from "../../jobs/job-queue";
import { JobRunsRepository } from "../../jobs/job-runs.repository";
import { createLogger } from "../../logger";
import { loadConfig } from "../../config";
import { testDatabaseKinds } from "../../test-support/test-database";
import { PublicAnalysesRepository, type PublicAnalysisRow } from "./public-analyses.repository";
import { PublicRefreshService, type UniverseAnalyzer } from "./public-refresh.service";
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

let close: (() => Promise<void>) | undefined;
/** The run keys the refresh handed to what follows it (the alerts). */
let followed: string[] = [];
afterEach(async () => {
  await close?.();
  close = undefined;
  followed = [];
});

describe.each(testDatabaseKinds)("the refresh's jobs on $name", (kind) => {
  function service(database: DatabaseHandle, analyses: PublicAnalysesRepository, gate: Promise<void> = Promise.resolve()): PublicRefreshService {
    const analyzer: UniverseAnalyzer = {
      universe: async () => TICKERS,
      score: async () => 1,
      publishScores: async () => undefined,
      analyze: async (ticker) => {
        await gate;
        return fakeReport(ticker);
      },
      parallelism: 2,
      close: async () => undefined,
    };
    return new PublicRefreshService({
      queue: new PgBossJobQueue(database, { log, jobTimeoutSeconds: 30 }),
      claims: new JobRunsRepository(database.db),
      runs: new RefreshRunsRepository(database.db),
      analyses,
      analyzer,
      // These reports are skeletons: the track record's own tests cover what it stores.
      calls: { recordCalls: async () => 0, scoreOpenCalls: async () => undefined },
      followers: { afterRefresh: async (runKey) => void followed.push(runKey) },
      jobIds: stableJobId,
      chunkSize: 2,
      concurrency: 1,
      instanceId: "test",
      now: () => new Date(),
      log,
      onListsReplaced: () => undefined,
    });
  }

  it("finishes a run whose chunk fails on every attempt: that chunk's tickers are reported failed, the others listed", async () => {
    const database = await kind.open();
    const refresh = service(database, new FailingWrites(database.db, "CCC"));
    close = async () => {
      await refresh.stop();
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

  it("starts a run once per trading day, done by whichever instance works on the queue, then reports it finished", async () => {
    const database = await kind.open();
    const refresh = service(database, new PublicAnalysesRepository(database.db));
    close = async () => {
      await refresh.stop();
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
    const refresh = service(database, new PublicAnalysesRepository(database.db), gate);
    close = async () => {
      release();
      await refresh.stop();
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
});
