import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The real entry point, as `npm start` runs it, in child processes. PORT 0 lets the system pick a free
 * port; the server's 'listening' log line says which.
 */
function start(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "info", HOST: "127.0.0.1", PORT: "0", MARKET_DATA_PROVIDER: "demo", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Resolves with the port once the server says it listens and /readyz answers 200. */
async function waitForReady(child: ChildProcess): Promise<number> {
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`the server did not listen within 30 s:\n${output}`)), 30_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    if (response.ok) return port;
    // The database opens just after the server listens; poll until it has.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("server did not become ready");
}

describe("src/server/main.ts", () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children) child.kill("SIGKILL");
  });

  it("refuses to start a second instance on the same DATA_DIR, with a clear message", { timeout: 90_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "quanta-main-"));
    const first = start({ DATA_DIR: dataDir });
    children.push(first);
    await waitForReady(first);

    const second = start({ DATA_DIR: dataDir });
    children.push(second);
    let stderr = "";
    second.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => second.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain("Another Quanta process");
    expect(stderr).toContain("different DATA_DIR");
  });

  it("stops at boot with the list of configuration problems", async () => {
    const child = start({ PORT: "not-a-port", NODE_ENV: "production" });
    children.push(child);
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain("Invalid configuration");
    expect(stderr).toContain("PORT:");
    expect(stderr).toContain("AUTH_SECRET: is required in production");
  });

  it("shuts down cleanly on SIGTERM and releases the data directory", { timeout: 90_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "quanta-main-"));
    const first = start({ DATA_DIR: dataDir });
    children.push(first);
    await waitForReady(first);
    first.kill("SIGTERM");
    expect(await new Promise<number | null>((resolve) => first.on("exit", resolve))).toBe(0);
    const again = start({ DATA_DIR: dataDir });
    children.push(again);
    await waitForReady(again);
  });

  async function failedStart(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
    const child = start(env);
    children.push(child);
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    return { code, stderr };
  }

  it("does not make a new database in an empty pg/ folder, and says what to do", async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), "quanta-main-"));
    await mkdir(path.join(empty, "pg"));
    const first = await failedStart({ DATA_DIR: empty });
    expect(first.code).toBe(1);
    expect(first.stderr).toContain(`${path.join(empty, "pg")} exists but holds no database (it is empty)`);
    expect(first.stderr).toContain("restore DATA_DIR from a backup");
  });

  it("stops with one sentence, not a stack trace, when DATA_DIR/auth-secret is a directory", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "quanta-main-"));
    await mkdir(path.join(dataDir, "auth-secret"));
    const { code, stderr } = await failedStart({ DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `Cannot start: ${path.join(dataDir, "auth-secret")} is a directory, not the file holding the auth secret: remove or rename that directory (a new secret is then made) or set AUTH_SECRET.`,
    );
  });
});
