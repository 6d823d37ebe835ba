import { afterEach, describe, expect, it, vi } from "vitest";
import { analysisReportSchema } from "../../contracts/stock-summary";
import { DemoMarketProvider } from "../adapters/market/demo";
import { loadConfig } from "../config";
import type { DatabaseHandle } from "../db/database";
import { WATCH_ALERTS_QUEUE } from "../features/watchlist/alert-jobs.service";
import { AnalysisPool } from "../jobs/analysis-pool";
import { PgBossJobQueue, stableJobId } from "../jobs/job-queue";
import { testDatabaseKinds } from "../test-support/test-database";
import { createServices } from "./create-services";

const [pglite] = testDatabaseKinds("storage-only");
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** The demo market as a paid provider would present itself: each call costs an upstream request. */
class MeteredDemoProvider extends DemoMarketProvider {
  override readonly costsUpstreamCalls = true;
}

describe("createServices", () => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await database?.close();
    database = undefined;
  });

  // The server's job and `quanta refresh` both run this composition. With a provider that costs
  // upstream calls a single analysis does not fetch the universe itself, so the refresh must compute
  // the universe's RS scores first (the CLI once left that out and rated RS against the benchmark).
  it("refreshes the public lists with the universe's RS scores, also for a provider that costs upstream calls", async () => {
    database = await pglite!.open();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "./.tmp/test-data", PUBLIC_UNIVERSE: "NWSC,QBIT,LMNC" });
    const services = createServices(config, { database, logger: silent, now: () => new Date(), market: new MeteredDemoProvider({ seed: 42 }) });
    const result = await services.publicRefresh.refresh({ force: true });
    expect(result.analysed).toBe(3);
    const rows = await services.publicAnalyses.list();
    expect(rows.map((row) => row.ticker).sort()).toEqual(["LMNC", "NWSC", "QBIT"]);
    for (const row of rows) {
      const report = analysisReportSchema.parse(row.analysis);
      expect(report.stock_summary.fundamental_analysis.industry_position, row.ticker).toContain("percentile of the analysed universe");
    }
  });

  // The refresh, the alerts and the watch list share the queue and the analysis threads: the composition
  // that started them stops them, the workers before the threads their jobs use.
  it("close stops the job queue (the refresh's and the alerts' workers), then the analysis threads, each once; a second close is harmless", async () => {
    database = await pglite!.open();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "./.tmp/test-data", PUBLIC_UNIVERSE: "NWSC" });
    const queueStops = vi.spyOn(PgBossJobQueue.prototype, "stop");
    const poolCloses = vi.spyOn(AnalysisPool.prototype, "close");
    const services = createServices(config, { database, logger: silent, now: () => new Date(), market: new DemoMarketProvider({ seed: 42 }) });
    await services.publicRefresh.startWorking();
    await services.alertJobs.startWorking();
    await Promise.all([services.close(), services.close()]);
    await services.close();
    expect(queueStops).toHaveBeenCalledTimes(1);
    expect(poolCloses).toHaveBeenCalledTimes(1);
    expect(queueStops.mock.invocationCallOrder[0]!).toBeLessThan(poolCloses.mock.invocationCallOrder[0]!);

    // An alerts job queued now (by another process on the database) is not taken by this one.
    const other = new PgBossJobQueue(database, { log: silent, jobTimeoutSeconds: 30 });
    await other.send(WATCH_ALERTS_QUEUE, [{ id: stableJobId("closed-test"), data: { kind: "evaluate", runKey: "2026-11-25" } }]);
    // Longer than a worker's polling interval (1 s).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await other.counts(WATCH_ALERTS_QUEUE)).toEqual({ created: 1 });
    await other.stop();
  });
});
