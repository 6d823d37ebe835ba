import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test-support/test-database";
import { TEST_CSRF, apiHeaders, createVerifiedUser, json, multipartForm, startTestApp, type TestApp } from "../test-support/test-app";
import { documentedOperations, operationRequests, type OpenApiDocument } from "./openapi-requests";
import type { FuzzRequest, Identity } from "./request-arbitraries";
import { authRouteRequests, csvImportRequests, giftRequests, strayRequests, webhookRequests } from "./undocumented-requests";

/**
 * The permanent fuzzer: thousands of seeded requests against the real app, derived from its own
 * OpenAPI document plus the routes it does not list (better-auth, /gift, the webhook, the CSV upload,
 * stray paths), anonymous and signed in. No input may produce a 5xx, and every 4xx JSON answer of
 * /api/* carries {error, code}. FUZZ_SEED and FUZZ_RUNS reproduce or widen a run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_515);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_400);
/** FUZZ_VERBOSE=1 prints the statuses of each request family too. */
const VERBOSE = Boolean(process.env.FUZZ_VERBOSE);
const WEBHOOK_SECRET = "whsec_fuzz_secret_0123456789abcdef";
/** The whole test (requests and the checks after them) must finish within this. */
const TEST_TIMEOUT_MS = 90_000;
/** The requests stop here, so a slow machine reports how far it got instead of timing out. */
const REQUESTS_TIME_LIMIT_MS = 75_000;

const samples = path.resolve(import.meta.dirname, "../../../docs/samples");

interface Violation {
  index: number;
  problem: string;
  request: FuzzRequest;
  status: number | null;
  body: string;
}

function preview(value: string | Buffer | undefined, max = 300): string {
  if (value === undefined) return "(none)";
  const text = Buffer.isBuffer(value) ? value.toString("latin1") : value;
  return `${JSON.stringify(text.slice(0, max))}${text.length > max ? ` … (${text.length} chars)` : ""}`;
}

function describeViolation(v: Violation): string {
  const shownHeaders = Object.fromEntries(Object.entries(v.request.headers).filter(([name]) => name !== "authorization" && name !== "cookie"));
  return [
    `#${v.index} ${v.problem} (status ${v.status ?? "none"}) [${v.request.family}]`,
    `  ${v.request.method} ${preview(v.request.url, 300)} as ${v.request.identity}, encoding ${v.request.encoding ?? "none"}`,
    `  headers ${JSON.stringify(shownHeaders)}`,
    `  body ${preview(v.request.payload)}`,
    `  answer ${preview(v.body, 200)}`,
  ].join("\n");
}

describe("HTTP fuzzer: no input yields a 5xx", () => {
  let t: TestApp;
  let headersFor: (identity: Identity) => Record<string, string>;
  let jwt: string;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(testDatabaseKinds("storage-only")[0]!, { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    const user = await createVerifiedUser(t, "fuzz-user@example.com");
    const throwaway = await createVerifiedUser(t, "fuzz-throwaway@example.com");
    jwt = user.jwt;
    // Real ids, so path parameters sometimes name things that exist: an analysis, a conversation, a saved screen and a position.
    const form = multipartForm({ input: "NWSC" });
    const analysis = await t.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...apiHeaders(jwt) } });
    ids.push(json<{ analysis: { id: string } }>(analysis).analysis.id);
    const chat = await t.app.inject({ method: "POST", url: "/api/chat", payload: { message: "How is the market?" }, headers: apiHeaders(jwt) });
    const start = /"conversation_id":"([^"]+)"/.exec(chat.body);
    if (start?.[1]) ids.push(start[1]);
    const screen = await t.app.inject({ method: "POST", url: "/api/screens", payload: { name: "fuzz screen", query: { min_rs: 80 } }, headers: apiHeaders(jwt) });
    ids.push(json<{ id: string }>(screen).id);
    const position = await t.app.inject({ method: "POST", url: "/api/positions", payload: { ticker: "NWSC", date: "2026-01-05", shares: 3, price: 10, stop: 9, source: "manual" }, headers: apiHeaders(jwt) });
    ids.push(json<{ id: string }>(position).id);
    const csrfCookie = `csrftoken=${TEST_CSRF}`;
    const table: Record<Identity, Record<string, string>> = {
      anonymous: {},
      "anonymous-csrf": { "x-csrftoken": TEST_CSRF, cookie: csrfCookie },
      user: apiHeaders(jwt),
      "user-no-csrf": { authorization: `Bearer ${jwt}` },
      "bad-token": { authorization: "Bearer not.a.jwt", "x-csrftoken": TEST_CSRF, cookie: csrfCookie },
      session: { cookie: user.cookie },
      "throwaway-session": { cookie: throwaway.cookie },
      "browser-form": { "sec-fetch-site": "same-origin" },
      "cross-site": { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    };
    headersFor = (identity) => table[identity];
  });

  afterAll(async () => {
    await t?.close();
  });

  async function send(request: FuzzRequest, address: number): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: request.method as "GET",
      url: request.url,
      headers: { ...request.headers, ...headersFor(request.identity) },
      ...(request.payload !== undefined && { payload: request.payload }),
      remoteAddress: `198.51.100.${address}`,
    });
  }

  it(
    `answers ${RUNS} generated requests (seed ${SEED}) without a 5xx, with {error, code} on every /api 4xx`,
    async () => {
      const document = t.app.swagger() as OpenApiDocument;
      const operations = documentedOperations(document);
      expect(operations.length).toBeGreaterThan(20);
      const csvSamples = ["analyses-flat.csv", "analyses-export.csv"].map((name) => readFileSync(path.join(samples, name), "utf8"));
      const requests = fc.oneof(
        ...operations.map((operation) => ({ weight: 2, arbitrary: operationRequests(operation, { ids }) })),
        { weight: 22, arbitrary: authRouteRequests() },
        { weight: 6, arbitrary: giftRequests() },
        { weight: 6, arbitrary: webhookRequests(WEBHOOK_SECRET) },
        { weight: 8, arbitrary: csvImportRequests(csvSamples) },
        { weight: 5, arbitrary: strayRequests() },
      );

      const violations: Violation[] = [];
      const byClass: Record<string, number> = {};
      const byStatus: Record<number, number> = {};
      const families = new Map<string, Record<number, number>>();
      let index = 0;
      const started = performance.now();
      await fc.assert(
        fc.asyncProperty(requests, fc.integer({ min: 1, max: 254 }), async (request, address) => {
          const n = index++;
          let response: LightMyRequestResponse;
          try {
            response = await send(request, address);
          } catch (error) {
            violations.push({ index: n, problem: `inject threw: ${String(error)}`, request, status: null, body: "" });
            return;
          }
          const status = response.statusCode;
          byStatus[status] = (byStatus[status] ?? 0) + 1;
          const family = families.get(request.family) ?? {};
          family[status] = (family[status] ?? 0) + 1;
          families.set(request.family, family);
          const statusClass = `${Math.floor(status / 100)}xx`;
          byClass[statusClass] = (byClass[statusClass] ?? 0) + 1;
          const body = response.body;
          const problem = (text: string) => {
            violations.push({ index: n, problem: text, request, status, body });
          };
          if (status >= 500) return problem("server error");
          // A streamed answer (chat) reports a failure inside a 200.
          if (body.includes('"code":"internal_error"')) return problem("internal_error inside the answer");
          const pathname = request.url.split("?")[0] ?? "";
          const isJson = String(response.headers["content-type"] ?? "").includes("application/json");
          if (status >= 400 && pathname.startsWith("/api/") && isJson && request.method !== "HEAD") {
            let parsed: unknown;
            try {
              parsed = JSON.parse(body);
            } catch {
              return problem("4xx JSON answer that does not parse");
            }
            const shape = parsed as { error?: unknown; code?: unknown } | null;
            if (typeof shape?.error !== "string" || typeof shape.code !== "string" || shape.error === "" || shape.code === "") {
              return problem("4xx answer without {error, code}");
            }
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true, interruptAfterTimeLimit: REQUESTS_TIME_LIMIT_MS },
      );
      const seconds = (performance.now() - started) / 1000;

      console.log(
        [
          `HTTP fuzzer: seed ${SEED}, ${index} requests in ${seconds.toFixed(1)} s over ${families.size} request families (${operations.length} documented operations)`,
          `  by class: ${JSON.stringify(byClass)}`,
          `  by status: ${JSON.stringify(byStatus)}`,
          ...(VERBOSE ? [...families].sort(([a], [b]) => a.localeCompare(b)).map(([name, counts]) => `  ${name}: ${JSON.stringify(counts)}`) : []),
        ].join("\n"),
      );
      if (violations.length > 0) {
        throw new Error(
          `${violations.length} bad answers (reproduce with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}):\n${violations.slice(0, 15).map(describeViolation).join("\n")}`,
        );
      }
      expect(index, `only ${index} of ${RUNS} requests ran within ${REQUESTS_TIME_LIMIT_MS / 1000} s`).toBe(RUNS);

      // The app is still healthy, and an ordinary user can still sign up and work. (The fuzzed user's
      // own token may be gone: a fuzzed sign-out with its cookie ends it, as it should.)
      expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
      const after = await createVerifiedUser(t, "fuzz-after@example.com");
      const me = await t.app.inject({ method: "GET", url: "/api/me", headers: apiHeaders(after.jwt) });
      expect(me.statusCode).toBe(200);
      expect(json<{ user: { email: string } }>(me).user.email).toBe("fuzz-after@example.com");
      const history = await t.app.inject({ method: "GET", url: "/user/stock-analyses/", headers: apiHeaders(after.jwt) });
      expect(history.statusCode).toBe(200);
    },
    TEST_TIMEOUT_MS,
  );
});
