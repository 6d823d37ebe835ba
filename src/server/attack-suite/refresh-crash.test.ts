import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, killAllServerProcesses, killServerProcess, sleep, startServerProcess } from "../test-support/server-process";
import type { PublicRefreshStatus } from "../../contracts/public-refresh-status";

/**
 * The daily refresh survives a SIGKILL of the real server (src/server/main.ts in a child process) on
 * the embedded PGlite: killed mid-run, restarted on the same data folder, the run finishes soon after
 * the restart. The folder is locked to one process, so the dead process's jobs are retried at start
 * rather than after REFRESH_JOB_TIMEOUT_SECONDS (300 s by default, left at that here).
 */

/** How long after the restart the run may take to finish. */
const FINISH_WITHIN_MS = 60_000;
/** How long the test waits for it anyway, so that a failure reports the time it took. */
const WAIT_AT_MOST_MS = 420_000;

afterAll(killAllServerProcesses);

async function status(base: string): Promise<PublicRefreshStatus | null> {
  try {
    const response = await fetch(`${base}/api/public-lists/status`);
    return response.ok ? ((await response.json()) as PublicRefreshStatus) : null;
  } catch {
    return null;
  }
}

describe("crash safety of the daily refresh on PGlite", () => {
  it("SIGKILL mid-refresh, restart: the run finishes within 60 s of the restart", { timeout: WAIT_AT_MOST_MS + 180_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "quanta-refresh-crash-"));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: base,
      AUTH_SECRET: randomBytes(36).toString("base64url"),
      LOG_LEVEL: "warn",
      MARKET_DATA_PROVIDER: "demo",
      // The start-up refresh of 200 tickers, each request waiting like a remote provider's: long enough to be cut.
      DEMO_UNIVERSE_SIZE: "200",
      DEMO_MARKET_LATENCY_MS: "20",
      REFRESH_CHUNK_SIZE: "10",
      REFRESH_WORKER_THREADS: "1",
      NEWS_SOURCES: "briefs",
    };
    let server = await startServerProcess(env, port);
    try {
      // Kill once the start-up run has done some of its work and before it has finished.
      let before = await status(base);
      const deadline = Date.now() + 120_000;
      while (!(before?.progress && before.progress.done > 0) && Date.now() < deadline) {
        await sleep(50);
        before = await status(base);
      }
      expect(before?.refreshing, "the start-up refresh was running").toBe(true);
      await killServerProcess(server);

      const restart = performance.now();
      server = await startServerProcess(env, port);
      let after = await status(base);
      while (after?.finishedAt == null && performance.now() - restart < WAIT_AT_MOST_MS) {
        await sleep(250);
        after = await status(base);
      }
      const finishedAfterMs = performance.now() - restart;
      console.log(
        `refresh crash (pglite): killed at ${before?.progress?.done}/${before?.progress?.total}, the run finished ${(finishedAfterMs / 1000).toFixed(1)} s after the restart`,
      );
      expect(after?.finishedAt, "the run finished").not.toBeNull();
      expect(finishedAfterMs).toBeLessThan(FINISH_WITHIN_MS);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- server output ---\n${server.output().slice(-4000)}`, { cause: error });
    } finally {
      await killServerProcess(server);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
