import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The process entry of `npm start` (start.ts, bundled as dist/server/main.mjs), run from the sources
 * in a child process: the port answers before the app has loaded, then the app takes it over.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The answer, and whether the app gave it: the app sets x-request-id on every answer, the early listener never. */
async function answer(url: string): Promise<{ status: number; body: unknown; byApp: boolean } | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(20_000) });
    return { status: response.status, body: await response.json(), byApp: response.headers.has("x-request-id") };
  } catch {
    return null;
  }
}

describe("src/server/start.ts", () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children) child.kill("SIGKILL");
  });

  it("answers /healthz 'starting' while the app loads, holds other requests, then the app answers on the same port", { timeout: 120_000 }, async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "quanta-start-"));
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/start.ts"], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: String(port), MARKET_DATA_PROVIDER: "demo", DATA_DIR: dataDir },
      stdio: ["ignore", "ignore", "pipe"],
    });
    children.push(child);
    const base = `http://127.0.0.1:${String(port)}`;

    let first: Awaited<ReturnType<typeof answer>> = null;
    const deadline = Date.now() + 30_000;
    while (!first && Date.now() < deadline) {
      first = await answer(`${base}/healthz`);
      if (!first) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The early listener answers first: the app (Fastify, better-auth, …) takes seconds to load.
    expect(first).toEqual({ status: 200, body: { status: "starting" }, byApp: false });
    expect(await answer(`${base}/readyz`)).toEqual({ status: 503, body: { status: "starting", error: "The database is not ready yet.", code: "not_ready" }, byApp: false });
    // Asked before the app has loaded, answered by the app once it has.
    const config = await answer(`${base}/api/config`);
    expect(config?.status).toBe(200);
    expect(config?.byApp).toBe(true);
    expect(config?.body).toMatchObject({ brand: expect.any(String) as string });

    await expect.poll(async () => (await answer(`${base}/readyz`))?.status, { timeout: 60_000, interval: 100 }).toBe(200);
    expect(await answer(`${base}/healthz`)).toEqual({ status: 200, body: { status: "ok" }, byApp: true });
  });
});
