import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
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

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Server {
  child: ChildProcess;
  output: () => string;
}

async function startServer(env: Record<string, string>, port: number): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} at start:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { child, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`the server did not become ready:\n${output}`);
}

async function kill(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGKILL");
  await exited;
  children.delete(server.child);
}

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
    let server = await startServer(env, port);
    try {
      // Kill once the start-up run has done some of its work and before it has finished.
      let before = await status(base);
      const deadline = Date.now() + 120_000;
      while (!(before?.progress && before.progress.done > 0) && Date.now() < deadline) {
        await sleep(50);
        before = await status(base);
      }
      expect(before?.refreshing, "the start-up refresh was running").toBe(true);
      await kill(server);

      const restart = performance.now();
      server = await startServer(env, port);
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
      await kill(server);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
