import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { openPostgres, type DatabaseHandle } from "../../db/database";
import { createServices, type Services } from "../../composition/create-services";
import { createLogger } from "../../logger";
import { createMarketDataProvider } from "../../adapters/market/market-registry";
import { publicAnalyses, refreshChunks } from "../../db/schema";
import { createScratchDatabase } from "../../test-support/test-database";

/**
 * The daily refresh on several instances sharing one PostgreSQL: they split the run, a
 * killed instance's jobs are finished by another, and the run is one however many start it.
 */
// A *.postgres.test.ts file runs when TEST_DATABASE_URL names a PostgreSQL server (vitest.config.ts).
const adminUrl = process.env.TEST_DATABASE_URL;
const UNIVERSE = 200;
/** `jobTimeoutSeconds`: short where an instance is killed (its job is retried that much later), else generous so a slow machine never expires a live job. */
const env = (databaseUrl: string, jobTimeoutSeconds = 60): Record<string, string> => ({
  DATABASE_URL: databaseUrl,
  MARKET_DATA_PROVIDER: "demo",
  DEMO_UNIVERSE_SIZE: String(UNIVERSE),
  // Each bars request waits like a remote provider's, so a chunk takes long enough to be shared.
  DEMO_MARKET_LATENCY_MS: "15",
  REFRESH_CHUNK_SIZE: "10",
  REFRESH_WORKER_THREADS: "1",
  REFRESH_JOB_TIMEOUT_SECONDS: String(jobTimeoutSeconds),
  LOG_LEVEL: "silent",
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
});

async function instance(databaseUrl: string, instanceId: string, jobTimeoutSeconds?: number): Promise<{ services: Services; database: DatabaseHandle }> {
  const config = loadConfig(env(databaseUrl, jobTimeoutSeconds));
  const database = await openPostgres(databaseUrl, { migrate: true, onIdleClientError: () => undefined });
  const services = createServices(config, {
    database,
    logger: createLogger(config),
    now: () => new Date(),
    instanceId,
    market: createMarketDataProvider(config),
  });
  cleanups.push(async () => {
    await services.close();
    await database.close();
  });
  return { services, database };
}

async function scratch(): Promise<string> {
  const database = await createScratchDatabase(adminUrl!, "quanta_refresh");
  cleanups.unshift(() => database.drop());
  return database.url;
}

describe("the daily refresh on two instances sharing one PostgreSQL", () => {
  it("splits a 200-ticker run: both instances work, no chunk is taken twice, every ticker is analysed once", async () => {
    const url = await scratch();
    const a = await instance(url, "instance-a");
    const b = await instance(url, "instance-b");
    await b.services.publicRefresh.startWorking();
    const result = await a.services.publicRefresh.refresh({ force: true });
    expect(result.ran).toBe(true);
    expect(result.analysed + result.failed.length).toBe(UNIVERSE);
    expect(result.failed).toEqual([]);

    const chunks = await a.database.db.select().from(refreshChunks);
    const analyse = chunks.filter((chunk) => chunk.phase === "analyse");
    expect(analyse).toHaveLength(UNIVERSE / 10);
    expect(chunks.every((chunk) => chunk.state === "done" && chunk.attempts === 1)).toBe(true);
    const tickers = analyse.flatMap((chunk) => chunk.tickers);
    expect(new Set(tickers).size).toBe(UNIVERSE);
    expect(tickers).toHaveLength(UNIVERSE);
    const byHolder = (holder: string) => chunks.filter((chunk) => chunk.holder === holder).length;
    expect(byHolder("instance-a")).toBeGreaterThan(0);
    expect(byHolder("instance-b")).toBeGreaterThan(0);
    expect(byHolder("instance-a") + byHolder("instance-b")).toBe(chunks.length);

    const rows = await a.database.db.select({ ticker: publicAnalyses.ticker }).from(publicAnalyses);
    expect(rows).toHaveLength(UNIVERSE);
    // The run is today's once: neither instance starts another.
    const [again, other] = await Promise.all([a.services.publicRefresh.refresh({ wait: false }), b.services.publicRefresh.refresh({ wait: false })]);
    expect([again.ran, other.ran].filter(Boolean)).toHaveLength(1);
  }, 120_000);

  it("finishes the run on the other instance when one is killed (kill -9) in the middle of a chunk", async () => {
    const url = await scratch();
    const root = path.resolve(import.meta.dirname, "../../../..");
    const worker = (): ChildProcess => {
      const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "src/cli/main.ts"), "worker"], {
        cwd: root,
        env: { ...process.env, ...env(url, 4) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      cleanups.push(async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      });
      return child;
    };
    const ready = (child: ChildProcess) =>
      new Promise<void>((resolve, reject) => {
        let output = "";
        child.stdout!.on("data", (data: Buffer) => {
          output += data.toString();
          if (output.includes("Working on the daily refresh's jobs")) resolve();
        });
        child.stderr!.on("data", (data: Buffer) => {
          output += data.toString();
        });
        child.once("exit", (code) => reject(new Error(`worker exited (${code}) before it was ready: ${output}`)));
      });
    const doomed = worker();
    const survivor = worker();
    await Promise.all([ready(doomed), ready(survivor)]);

    // This process only queues the run; the two worker processes do it.
    const starter = await instance(url, "starter", 4);
    const queued = await starter.services.publicRefresh.refresh({ force: true, wait: false });
    expect(queued.ran).toBe(true);

    // Stop the doomed worker while it holds a chunk, check the chunk is still unfinished, then kill -9.
    const doomedName = `worker@`;
    let killedChunk: { phase: string; chunk: number } | null = null;
    for (let attempt = 0; attempt < 2000 && !killedChunk; attempt++) {
      const running = (await starter.database.db.select().from(refreshChunks)).filter(
        (chunk) => chunk.state === "running" && chunk.holder?.startsWith(doomedName) && chunk.holder.endsWith(`:${doomed.pid}`),
      );
      if (running.length > 0) {
        doomed.kill("SIGSTOP");
        const still = (await starter.database.db.select().from(refreshChunks)).find(
          (chunk) => chunk.phase === running[0]!.phase && chunk.chunk === running[0]!.chunk,
        );
        if (still?.state === "running" && still.holder === running[0]!.holder) {
          doomed.kill("SIGKILL");
          killedChunk = { phase: still.phase, chunk: still.chunk };
        } else {
          doomed.kill("SIGCONT");
        }
      }
      if (!killedChunk) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(killedChunk).not.toBeNull();

    const result = await starter.services.publicRefresh.waitFor(queued.runId!);
    expect(result.analysed).toBe(UNIVERSE);
    const chunks = await starter.database.db.select().from(refreshChunks);
    expect(chunks.every((chunk) => chunk.state === "done")).toBe(true);
    const taken = chunks.find((chunk) => chunk.phase === killedChunk!.phase && chunk.chunk === killedChunk!.chunk)!;
    // The killed instance's chunk was retried and finished by the survivor.
    expect(taken.attempts).toBeGreaterThanOrEqual(2);
    expect(taken.holder).toContain(`:${survivor.pid}`);
    expect(await starter.database.db.select({ ticker: publicAnalyses.ticker }).from(publicAnalyses)).toHaveLength(UNIVERSE);
    survivor.kill("SIGTERM");
  }, 180_000);
});
