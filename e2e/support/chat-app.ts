// A second Quanta instance for the chat spec (e2e/chat.spec.ts): real tickers from the local FMP
// fixture (e2e/support/fmp-fixture-server.ts), the rules assistant (no LLM), its own temporary data
// directory and port. Started and stopped by the spec itself, so only that spec pays for it.
// The compiled server (dist/server/main.mjs, as the suite's other apps): under tsx the same start
// took 1.5–3 s longer on the 2-core machine (transpiling the server's sources at every start).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FMP_FIXTURE_API_KEY } from "./fmp-fixture-server";

const CHAT_APP_PORT = Number(process.env.E2E_CHAT_APP_PORT ?? 3216);
export const CHAT_APP_URL = `http://localhost:${CHAT_APP_PORT}`;

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ChatApp {
  url: string;
  dataDir: string;
  /** What the app wrote to stdout/stderr (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
}

async function portIsFree(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return false;
  } catch {
    return true;
  }
}

async function waitForOk(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the chat e2e app exited (${child.exitCode ?? child.signalCode}) before ${url} answered:\n${output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The runner's environment without anything that would point the app at a real service. */
function inheritedEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|SMTP_URL|CHAT_URL|AUTH_SECRET|TRUSTED_ORIGINS|GOOGLE_|LLM_|NEWS_|CAPTCHA_|STRIPE_|FMP_|YAHOO_|BENCHMARK_SYMBOL|PUBLIC_)/.test(key)) delete env[key];
  }
  return env;
}

/** Starts `node dist/server/main.mjs` on CHAT_APP_PORT and waits for /healthz and /readyz. */
export async function startChatApp(fmpBaseUrl: string, port = CHAT_APP_PORT): Promise<ChatApp> {
  if (!(await portIsFree(port))) throw new Error(`port ${port} is taken: is another chat e2e app still running?`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-chat-e2e-"));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["dist/server/main.mjs"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...inheritedEnv(),
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_MAX: "200",
      FREE_DAILY_ANALYSES: "50",
      MARKET_DATA_PROVIDER: "fmp",
      FMP_API_KEY: FMP_FIXTURE_API_KEY,
      FMP_BASE_URL: fmpBaseUrl,
      // Keep the public list's refresh to the fixture's companies.
      PUBLIC_UNIVERSE: "NVDA,AAPL,MSFT",
      NEWS_SOURCES: "briefs",
      LLM_PROVIDER: "none",
    },
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const output = () => log;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killed = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))]);
      if (!killed) {
        child.kill("SIGKILL");
        await exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForOk(`${url}/healthz`, child, output, 60_000);
    // A new data directory takes a few seconds (initdb and migrations) before the database is open.
    await waitForOk(`${url}/readyz`, child, output, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, output, stop };
}
