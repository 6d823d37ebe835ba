import { Worker } from "node:worker_threads";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { openPostgres, type Database } from "../../db/database";
import { providerCalls } from "../../db/schema";
import { startLocalServer, type LocalServer } from "../../test-support/local-http-server";
import { createScratchDatabase, testDatabaseKinds } from "../../test-support/test-database";
import { createMarketDataProvider } from "./market-registry";
import {
  ProviderBudget,
  ProviderBudgetExhaustedError,
  ProviderRateLimitedError,
  createBudgetedFetch,
  laneLimits,
  providerLimits,
  type ProviderCallOutcome,
  type ProviderLimits,
} from "./provider-budget";
import { ProviderBudgetRepository } from "./provider-budget.repository";

/**
 * Two instances = two database connections (two pools on PostgreSQL; on PGlite, which one process
 * owns, two budgets on the one handle) sending to one fake provider that counts what arrives.
 */
interface SharedDatabase {
  first: Database;
  second: Database;
  close(): Promise<void>;
}

const [pglite] = testDatabaseKinds("database-behaviour");
const adminUrl = process.env.TEST_DATABASE_URL;

const databases: { name: string; open(): Promise<SharedDatabase> }[] = [
  {
    name: "pglite",
    open: async () => {
      const handle = await pglite!.open();
      return { first: handle.db, second: handle.db, close: () => handle.close() };
    },
  },
  ...(adminUrl
    ? [
        {
          name: "postgres (two pools)",
          open: async () => {
            const scratch = await createScratchDatabase(adminUrl);
            const a = await openPostgres(scratch.url, { migrate: true, onIdleClientError: () => undefined });
            const b = await openPostgres(scratch.url, { migrate: false, onIdleClientError: () => undefined });
            return {
              first: a.db,
              second: b.db,
              close: async () => {
                await a.close();
                await b.close();
                await scratch.drop();
              },
            };
          },
        },
      ]
    : []),
];

/** The fake provider: arrival times per instance; `script` answers the next requests (then 200). */
let server: LocalServer;
let arrivals: { at: number; instance: string }[] = [];
let script: { status: number; headers?: Record<string, string> }[] = [];

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    arrivals.push({ at: Date.now(), instance: String(req.headers["x-instance"] ?? "") });
    const next = script.shift() ?? { status: 200 };
    res.writeHead(next.status, { "content-type": "application/json", ...next.headers }).end(next.status === 200 ? "[]" : '{"message":"slow down"}');
  });
});
afterAll(() => server.close());
beforeEach(() => {
  arrivals = [];
  script = [];
  server.requests.length = 0;
});

/** The raw fetch of one instance: names it, and stamps when the request left (the last moment Quanta's code runs). */
const asInstance = (instance: string): typeof fetch =>
  ((input: string | URL | Request, init?: RequestInit) =>
    globalThis.fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), "x-instance": instance, "x-sent-at": String(Date.now()) },
    })) as typeof fetch;

function budgetOn(db: Database, limits: ProviderLimits, outcomes: ProviderCallOutcome[] = [], maxWaitMs = 30_000): ProviderBudget {
  return new ProviderBudget({
    provider: "fmp",
    sourceName: "Financial Modeling Prep",
    limits,
    repository: new ProviderBudgetRepository(db),
    events: { onCall: (_provider, outcome) => outcomes.push(outcome) },
    maxWaitMs,
  });
}

interface Arrival {
  at: number;
  sentAt: number;
  instance: string;
}

/**
 * A fake provider on its own thread, so the arrival times it writes down are not delayed by this
 * thread's event loop (PGlite's queries run on it).
 */
const FAKE_PROVIDER = `
const { parentPort } = require("node:worker_threads");
const http = require("node:http");
const arrivals = [];
const server = http.createServer((req, res) => {
  arrivals.push({ at: Date.now(), sentAt: Number(req.headers["x-sent-at"] || 0), instance: String(req.headers["x-instance"] || "") });
  res.writeHead(200, { "content-type": "application/json" }).end("[]");
});
server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.address().port }));
parentPort.on("message", (message) => {
  if (message === "arrivals") parentPort.postMessage({ arrivals });
  if (message === "close") { server.closeAllConnections(); server.close(() => parentPort.close()); }
});
`;

async function startThreadedProvider(): Promise<{ url: string; arrivals(): Promise<Arrival[]>; close(): Promise<void> }> {
  const worker = new Worker(FAKE_PROVIDER, { eval: true });
  const next = <T>() => new Promise<T>((resolve) => worker.once("message", resolve));
  const { port } = await next<{ port: number }>();
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals: async () => {
      const answer = next<{ arrivals: Arrival[] }>();
      worker.postMessage("arrivals");
      return (await answer).arrivals;
    },
    close: async () => {
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      worker.postMessage("close");
      await exited;
    },
  };
}

function perWallClockSecond(times: readonly { at: number }[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const { at } of times) counts.set(Math.floor(at / 1000), (counts.get(Math.floor(at / 1000)) ?? 0) + 1);
  return counts;
}

describe("providerLimits", () => {
  it("uses FMP's free plan (250 a day, 5 a second), Yahoo's 5 a second without a day limit, and nothing for the demo market", () => {
    const unset = { perSecond: null, perDay: null, searchPerDay: null };
    expect(providerLimits("fmp", unset)).toEqual({ perSecond: 5, perDay: 250 });
    expect(providerLimits("yahoo", unset)).toEqual({ perSecond: 5, perDay: null });
    expect(providerLimits("demo", unset)).toBeNull();
  });

  it("carves the ticker look-ups' share out of the day: FMP 25 for look-ups and 225 for analyses, at most half the day", () => {
    const unset = { perSecond: null, perDay: null, searchPerDay: null };
    expect(laneLimits("fmp", unset, "search")).toEqual({ perSecond: 5, perDay: 25 });
    expect(laneLimits("fmp", unset, "main")).toEqual({ perSecond: 5, perDay: 225 });
    expect(laneLimits("yahoo", unset, "search")).toEqual({ perSecond: 5, perDay: 500 });
    expect(laneLimits("yahoo", unset, "main")).toEqual({ perSecond: 5, perDay: null });
    expect(laneLimits("demo", unset, "search")).toBeNull();
    const config = loadConfig({ MARKET_CALLS_PER_DAY: "40", MARKET_SEARCH_CALLS_PER_DAY: "30" });
    expect(laneLimits("fmp", config.market.budget, "search")).toEqual({ perSecond: 5, perDay: 20 });
    expect(laneLimits("fmp", config.market.budget, "main")).toEqual({ perSecond: 5, perDay: 20 });
    expect(laneLimits("fmp", loadConfig({ MARKET_SEARCH_CALLS_PER_DAY: "0" }).market.budget, "main")).toEqual({ perSecond: 5, perDay: 250 });
  });

  it("lets MARKET_CALLS_PER_SECOND and MARKET_CALLS_PER_DAY override the defaults", () => {
    const config = loadConfig({ MARKET_CALLS_PER_SECOND: "2", MARKET_CALLS_PER_DAY: "1000" });
    expect(providerLimits("fmp", config.market.budget)).toEqual({ perSecond: 2, perDay: 1000 });
    expect(providerLimits("yahoo", config.market.budget)).toEqual({ perSecond: 2, perDay: 1000 });
    expect(providerLimits("demo", config.market.budget)).toBeNull();
  });
});

describe.each(databases)("shared provider budget on $name", (kind) => {
  let shared: SharedDatabase;
  beforeEach(async () => {
    shared = await kind.open();
  });
  afterEach(async () => {
    await shared.close();
  });

  // One retry: a call leaves its instance at most 100 ms before its second ends (the guard band),
  // but the stamp is taken after the budget's last check, and a 2-core machine running the whole
  // suite can deschedule this process for longer than that between the two. A broken budget fails
  // both attempts; a stall fails one (seen once in about forty CI runs).
  it("two instances hammering one provider never exceed 5 calls a second or 20 a day, then get the typed error", { retry: 1 }, async () => {
    const limits = { perSecond: 5, perDay: 20 };
    const outcomes: ProviderCallOutcome[] = [];
    const provider = await startThreadedProvider();
    // The first request of a process opens the connection (hundreds of ms on a busy machine):
    // made before the count starts, as a running server would have.
    await Promise.all(Array.from({ length: 4 }, async () => (await fetch(`${provider.url}/warm-up`)).text()));
    const instances = [
      createBudgetedFetch(budgetOn(shared.first, limits, outcomes), asInstance("a")),
      createBudgetedFetch(budgetOn(shared.second, limits, outcomes), asInstance("b")),
    ];
    const worker = async (budgeted: typeof fetch): Promise<unknown> => {
      for (;;) {
        try {
          const response = await budgeted(`${provider.url}/stable/profile`);
          await response.text();
        } catch (error) {
          return error;
        }
      }
    };
    const started = Date.now();
    const endings = await Promise.all(instances.flatMap((budgeted) => Array.from({ length: 6 }, () => worker(budgeted))));

    const arrived = (await provider.arrivals()).filter((arrival) => arrival.instance !== "");
    await provider.close();
    expect(arrived).toHaveLength(20);
    // Counted by the wall-clock second each request left its instance (stamped by the raw fetch, under
    // the budget). The fake's own arrival times are not used: on a loaded machine a thread that is not
    // scheduled for half a second receives a second's requests in the next one.
    expect(Math.max(...perWallClockSecond(arrived.map((arrival) => ({ at: arrival.sentAt }))).values())).toBeLessThanOrEqual(5);
    expect(new Set(arrived.map((arrival) => arrival.instance))).toEqual(new Set(["a", "b"]));
    // 20 calls at 5 a second take at least three whole seconds.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    for (const ending of endings) {
      expect(ending).toBeInstanceOf(ProviderBudgetExhaustedError);
      expect(ending).toMatchObject({ code: "provider_budget_exhausted", limit: 20 });
      expect((ending as Error).message).toMatch(/budget of 20 calls a day is used up; it resets at \d{4}-\d\d-\d\dT00:00:00\.000Z/);
    }
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(20);
    expect(outcomes).toContain("budget_wait");
    const day = new Date().toISOString().slice(0, 10);
    expect(await new ProviderBudgetRepository(shared.first).calls("fmp", `d:${day}`)).toBe(20);
  });

  it("a 429 with Retry-After: 2 makes both instances wait 2 s before their next call", async () => {
    const limits = { perSecond: 5, perDay: null };
    const a = createBudgetedFetch(budgetOn(shared.first, limits), asInstance("a"));
    const b = createBudgetedFetch(budgetOn(shared.second, limits), asInstance("b"));
    script = [{ status: 429, headers: { "retry-after": "2" } }];
    expect((await a(`${server.url}/stable/profile`)).status).toBe(429);
    const limited = arrivals[0]!.at;
    const answers = await Promise.all([a(`${server.url}/stable/profile`), b(`${server.url}/stable/profile`)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const later = arrivals.slice(1);
    expect(later.map((arrival) => arrival.instance).sort()).toEqual(["a", "b"]);
    for (const arrival of later) expect(arrival.at - limited).toBeGreaterThanOrEqual(2_000);
  });

  it("an instance that did not see the 429 honours the block too (Retry-After as an HTTP date)", async () => {
    const limits = { perSecond: 5, perDay: null };
    const a = createBudgetedFetch(budgetOn(shared.first, limits), asInstance("a"));
    const b = createBudgetedFetch(budgetOn(shared.second, limits), asInstance("b"));
    script = [{ status: 503, headers: { "retry-after": new Date(Date.now() + 3_000).toUTCString() } }];
    expect((await a(`${server.url}/stable/profile`)).status).toBe(503);
    const limited = arrivals[0]!.at;
    expect((await b(`${server.url}/stable/profile`)).status).toBe(200);
    // The HTTP date has whole seconds: at least 2 s of the 3 remain.
    expect(arrivals[1]!.at - limited).toBeGreaterThanOrEqual(2_000);
  });

  it("fails at once with a typed error when the provider asks for a longer wait than a caller may wait", async () => {
    const limits = { perSecond: 5, perDay: null };
    const a = createBudgetedFetch(budgetOn(shared.first, limits, [], 1_000), asInstance("a"));
    const b = createBudgetedFetch(budgetOn(shared.second, limits, [], 1_000), asInstance("b"));
    script = [{ status: 429, headers: { "retry-after": "30" } }];
    expect((await a(`${server.url}/stable/profile`)).status).toBe(429);
    const started = Date.now();
    await expect(b(`${server.url}/stable/profile`)).rejects.toMatchObject({ name: "ProviderRateLimitedError", code: "provider_rate_limited" });
    await expect(a(`${server.url}/stable/profile`)).rejects.toBeInstanceOf(ProviderRateLimitedError);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(arrivals).toHaveLength(1);
  });

  it("deletes expired windows and keeps the current ones", async () => {
    const repository = new ProviderBudgetRepository(shared.first);
    await shared.first.insert(providerCalls).values([
      { provider: "fmp", window: "s:1000", calls: 5, expiresAt: new Date("2020-01-01T00:00:00Z") },
      { provider: "fmp", window: "d:2020-01-01", calls: 250, expiresAt: new Date("2020-01-03T00:00:00Z") },
      { provider: "yahoo", window: "s:1000", calls: 5, expiresAt: new Date("2020-01-01T00:00:00Z") },
    ]);
    const reservation = await repository.reserve({ provider: "fmp", perSecond: 5, perDay: 250, guardMs: 50 });
    expect(reservation).toMatchObject({ outcome: "granted", secondCalls: 1, dayCalls: 1 });
    expect(await repository.deleteExpired("fmp")).toBe(2);
    const left = await shared.first.select({ provider: providerCalls.provider, window: providerCalls.window }).from(providerCalls);
    expect(left.map((row) => `${row.provider} ${row.window.slice(0, 2)}`).sort()).toEqual(["fmp d:", "fmp s:", "yahoo s:"]);
  });

  it("counts every call the FMP adapter makes, retries included, and refuses past the day's budget", async () => {
    const config = loadConfig({
      MARKET_DATA_PROVIDER: "fmp",
      FMP_API_KEY: "test-key",
      FMP_BASE_URL: server.url,
      MARKET_CALLS_PER_SECOND: "5",
      MARKET_CALLS_PER_DAY: "4",
      // No share for the ticker look-ups: the analyses' lane gets the whole day.
      MARKET_SEARCH_CALLS_PER_DAY: "0",
    });
    const outcomes: ProviderCallOutcome[] = [];
    const market = createMarketDataProvider(config, {
      budget: { database: shared.first, events: { onCall: (_provider, outcome) => outcomes.push(outcome) } },
    });
    // The first answer is a 503: the resilient fetch retries, and the retry is a call too.
    script = [{ status: 503 }];
    expect(await market.getProfile("AAA")).toBeNull();
    expect(await market.getProfile("BBB")).toBeNull();
    expect(await market.getProfile("CCC")).toBeNull();
    expect(server.requests).toHaveLength(4);
    const day = new Date().toISOString().slice(0, 10);
    expect(await new ProviderBudgetRepository(shared.second).calls("fmp", `d:${day}`)).toBe(4);
    await expect(market.getProfile("DDD")).rejects.toMatchObject({ name: "ProviderBudgetExhaustedError", code: "provider_budget_exhausted" });
    expect(server.requests).toHaveLength(4);
    // A call that reaches a second's guard band waits for the next one ("budget_wait"): that is
    // pacing, not a call, and depends on when the test runs, so only the calls are compared.
    expect(outcomes.filter((outcome) => outcome !== "budget_wait")).toEqual(["error", "ok", "ok", "ok", "budget_exhausted"]);
  });
});
