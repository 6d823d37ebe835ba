import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, killAllServerProcesses, killServerProcess, sleep, startServerProcess } from "../test-support/server-process";
import { parseCsv } from "../../core/csv/csv";
import { createScratchDatabase } from "../test-support/test-database";

/**
 * Crash safety of the real server (src/server/main.ts in a child process): analyses and CSV imports
 * run concurrently, every acknowledged row (a 2xx answer) is recorded, the process is killed with
 * SIGKILL mid-load, restarted on the same data (DATA_DIR's PGlite, or the PostgreSQL database), and
 * every acknowledged row must still be there. Several kill cycles per database.
 */

const CYCLES = 2;
const PASSWORD = "crash Safety zebra 9417 quartz";
const samples = path.resolve(import.meta.dirname, "../../../docs/samples");
const [exportHeader, exportRow] = readFileSync(path.join(samples, "analyses-export.csv"), "utf8").trim().split("\r\n");
const SAMPLE_ID = "3f9c2a7e-5b1d-4c8e-9a61-0d2e7b4f8c15";
const SAMPLE_TIMESTAMP = "2025-06-30T20:00:00.000Z";
const TICKERS = ["NWSC", "ECHF", "NWSC", "ECHF"];

afterAll(killAllServerProcesses);

function setCookies(response: Response): string[] {
  return response.headers.getSetCookie().map((c) => c.split(";")[0]!).filter((c) => !c.endsWith("="));
}

/** Sign-up, verification through the dev mailbox, a JWT and a CSRF pair: what the web app does. */
async function signIn(base: string, email: string): Promise<Record<string, string>> {
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, name: "Crash" }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  let link: string | undefined;
  for (let attempt = 0; attempt < 100 && !link; attempt++) {
    const mailbox = (await (await fetch(`${base}/dev/mailbox.json`)).json()) as { messages: { to: string; links: string[] }[] };
    link = mailbox.messages.find((m) => m.to === email)?.links.find((l) => l.includes("verify-email"));
    if (!link) await sleep(100);
  }
  const token = link && /[?&]token=([^&]+)/.exec(link)?.[1];
  if (!token) throw new Error("no verification e-mail in /dev/mailbox.json");
  const verify = await fetch(`${base}/api/auth/verify-email?token=${token}`, { redirect: "manual" });
  const session = setCookies(verify).join("; ");
  if (!session) throw new Error(`verification set no session: ${verify.status} ${await verify.text()}`);
  const jwt = ((await (await fetch(`${base}/api/auth/token`, { headers: { cookie: session } })).json()) as { token: string }).token;
  const csrf = await fetch(`${base}/csrf_cookie`);
  const csrfToken = ((await csrf.json()) as { csrfToken: string }).csrfToken;
  return { authorization: `Bearer ${jwt}`, "x-csrftoken": csrfToken, cookie: setCookies(csrf).join("; ") };
}

interface Load {
  analyses: string[];
  imports: string[];
  failures: number;
}

/**
 * Analyses and CSV imports from several concurrent clients until the server goes away; returns the
 * ids of every row the server acknowledged (an analysis's id from its 200, a file's ids from a 200
 * that imported all of them).
 */
function runLoad(base: string, headers: Record<string, string>, cycle: number, stop: { now: boolean }): { done: Promise<Load>; acknowledged: () => number } {
  const load: Load = { analyses: [], imports: [], failures: 0 };
  let rowCounter = 0;
  const analyst = async (worker: number) => {
    for (let n = 0; !stop.now; n++) {
      const form = new FormData();
      form.set("input", TICKERS[(worker + n) % TICKERS.length]!);
      try {
        const response = await fetch(`${base}/research/stocks/`, { method: "POST", headers, body: form });
        if (response.status === 200) load.analyses.push(((await response.json()) as { analysis: { id: string } }).analysis.id);
        else throw new Error(`analysis answered ${response.status}: ${await response.text()}`);
      } catch (error) {
        if (!stop.now) throw error;
        load.failures++;
      }
    }
  };
  const importer = async (worker: number) => {
    for (let n = 0; !stop.now; n++) {
      const ids = Array.from({ length: 4 }, (_, k) => `crash-${cycle}-${worker}-${n}-${k}`);
      const rows = ids.map((id) => {
        const minute = cycle * 1_000_000 + worker * 100_000 + rowCounter++;
        return exportRow!.replace(SAMPLE_ID, id).replace(SAMPLE_TIMESTAMP, new Date(Date.UTC(2020, 0, 1) + minute * 60_000).toISOString());
      });
      const form = new FormData();
      form.set("file", new Blob([[exportHeader, ...rows].join("\r\n")], { type: "text/csv" }), "analyses.csv");
      try {
        const response = await fetch(`${base}/user/stock-analyses-csv/`, { method: "POST", headers, body: form });
        const body = (await response.json()) as { imported?: number };
        if (response.status === 200 && body.imported === ids.length) load.imports.push(...ids);
        else throw new Error(`import answered ${response.status}: ${JSON.stringify(body)}`);
      } catch (error) {
        if (!stop.now) throw error;
        load.failures++;
      }
    }
  };
  const done = Promise.all([analyst(0), analyst(1), importer(0), importer(1)]).then(() => load);
  let failed = false;
  // Awaited after the kill; until then a refusal only ends the wait for acknowledgements.
  done.catch(() => (failed = true));
  return { done, acknowledged: () => (failed ? Number.POSITIVE_INFINITY : load.analyses.length + load.imports.length) };
}

/** Ids of the caller's analyses in the CSV export (the export holds every analysis not removed). */
async function exportedIds(base: string, headers: Record<string, string>): Promise<Set<string>> {
  const response = await fetch(`${base}/user/stock-analyses-csv/`, { headers });
  expect(response.status).toBe(200);
  return new Set(parseCsv(await response.text()).slice(1).map((record) => record.fields[0]!));
}

interface Target {
  name: "pglite" | "postgres";
  setUp(): Promise<{ env: Record<string, string>; tearDown(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: "pglite",
    async setUp() {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), "quanta-crash-"));
      return { env: { DATA_DIR: dataDir }, tearDown: () => rm(dataDir, { recursive: true, force: true }) };
    },
  },
];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  targets.push({
    name: "postgres",
    async setUp() {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), "quanta-crash-"));
      const scratch = await createScratchDatabase(adminUrl, "quanta_crash");
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
        tearDown: async () => {
          await scratch.drop();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  });
}

describe("crash safety: SIGKILL under load, restart, every acknowledged row is there", () => {
  it.concurrent.each(targets)("on $name", { timeout: 240_000 }, async (target) => {
    const started = performance.now();
    const { env: databaseEnv, tearDown } = await target.setUp();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      ...databaseEnv,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: base,
      AUTH_SECRET: randomBytes(36).toString("base64url"),
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_MAX: "1000",
      FREE_DAILY_ANALYSES: "1000000",
      MARKET_DATA_PROVIDER: "demo",
      PUBLIC_UNIVERSE: "NWSC",
      NEWS_SOURCES: "briefs",
    };
    let server = await startServerProcess(env, port);
    const startUp = performance.now() - started;
    try {
      const headers = await signIn(base, `crash-${target.name}@example.com`);
      const acknowledged = new Set<string>();
      const lost: string[] = [];
      const restarts: number[] = [];
      let analyses = 0;
      let imports = 0;
      let cutRequests = 0;
      let staleLocks = 0;
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const stop = { now: false };
        const load = runLoad(base, headers, cycle, stop);
        // Let some rows be acknowledged, then kill at a random moment of the load.
        const floor = load.acknowledged() + 4;
        const deadline = Date.now() + 30_000;
        while (load.acknowledged() < floor && Date.now() < deadline) await sleep(20);
        await sleep(100 + Math.random() * 700);
        stop.now = true;
        await killServerProcess(server);
        const result = await load.done;
        analyses += result.analyses.length;
        imports += result.imports.length;
        cutRequests += result.failures;
        for (const id of [...result.analyses, ...result.imports]) acknowledged.add(id);
        // A killed process cannot remove its data-directory lock: the restart must take it over.
        if (existsSync(path.join(databaseEnv.DATA_DIR!, "quanta.lock"))) staleLocks++;

        const restart = performance.now();
        server = await startServerProcess(env, port);
        restarts.push(performance.now() - restart);
        const present = await exportedIds(base, headers);
        for (const id of acknowledged) if (!present.has(id)) lost.push(id);
      }
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `crash safety (${target.name}): cycles ${CYCLES}, acknowledged rows ${acknowledged.size} (${analyses} analyses, ${imports} imported), ` +
          `lost rows ${lost.length}, requests cut by the kill ${cutRequests}, stale locks taken over ${staleLocks}, first start ${(startUp / 1000).toFixed(1)} s, ` +
          `restarts ${restarts.map((ms) => (ms / 1000).toFixed(1)).join("/")} s, total ${seconds.toFixed(1)} s`,
      );
      expect(acknowledged.size).toBeGreaterThanOrEqual(CYCLES * 4);
      expect(lost).toEqual([]);
      expect(staleLocks).toBe(target.name === "pglite" ? CYCLES : 0);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- server output ---\n${server.output().slice(-4000)}`, { cause: error });
    } finally {
      await killServerProcess(server);
      await tearDown();
    }
  });
});
