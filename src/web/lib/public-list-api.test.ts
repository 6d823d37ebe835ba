import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../contracts/api-error";
import { publicListResponseSchema, type PublicListResponse } from "../../contracts/public-list";
import { itAgreesWithSchema } from "../test-support/contract-check";
import { sampleReport } from "../test-support/sample-report";
import { ApiRequestError } from "./api-client";
import { PUBLIC_LIST_FAILURE, fetchPublicList, parsePublicList } from "./public-list-api";

vi.mock("./identity", () => ({ identitySession: { getToken: () => Promise.resolve("jwt-1") } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const record = (id: string, analysis: string) => ({ id, analysis, timestamp: "2026-11-20T16:00:00Z" });

describe("parsePublicList (contracts/public-list.ts publicListResponseSchema)", () => {
  const valid: PublicListResponse[] = [
    { analyses: [] },
    { analyses: [record("p1", JSON.stringify(sampleReport("NVDA"))), record("p2", JSON.stringify(sampleReport("AMD")))] },
    // The contract only says `analysis` is a string; a broken one is skipped later, not refused here.
    { analyses: [record("p3", "{not json")] },
    // Where each stands against its buy point (decision 018); optional, figures may be null.
    { analyses: [{ ...record("p4", "{}"), setup: { rank: 1, distance: 0.021, extended: false, risk: 0.044 } }] },
    { analyses: [{ ...record("p5", "{}"), setup: { rank: 2, distance: null, extended: false, risk: null } }] },
    { analyses: [{ ...record("p6", "{}"), setup: { rank: 3, distance: 0.169, extended: true, risk: 0.21 } }] },
  ];
  itAgreesWithSchema(parsePublicList, publicListResponseSchema, {
    valid,
    invalid: [
      null,
      [],
      {},
      { analyses: "x" },
      { analyses: ["junk"] },
      { analyses: [{ ...record("p1", "{}"), id: 7 }] },
      { analyses: [{ ...record("p1", "{}"), analysis: sampleReport() }] },
      { analyses: [{ id: "p1", analysis: "{}" }] },
      { analyses: [{ ...record("p1", "{}"), setup: null }] },
      { analyses: [{ ...record("p1", "{}"), setup: {} }] },
      { analyses: [{ ...record("p1", "{}"), setup: { rank: 0, distance: 0, extended: false, risk: 0 } }] },
      { analyses: [{ ...record("p1", "{}"), setup: { rank: 1.5, distance: 0, extended: false, risk: 0 } }] },
      { analyses: [{ ...record("p1", "{}"), setup: { rank: 1, distance: "2.1%", extended: false, risk: 0 } }] },
      { analyses: [{ ...record("p1", "{}"), setup: { rank: 1, distance: 0, extended: "no", risk: 0 } }] },
      { analyses: [{ ...record("p1", "{}"), setup: { rank: 1, distance: 0, extended: false } }] },
    ],
  });
});

describe("fetchPublicList", () => {
  function stubFetch(response: () => Response) {
    const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(response()));
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  }

  it("asks for an action's list or a ticker's records without an auth header, even when signed in", async () => {
    const setup = { rank: 1, distance: 0.014, extended: false, risk: 0.058 };
    const body: PublicListResponse = { analyses: [{ ...record("p1", JSON.stringify(sampleReport("NVDA"))), setup }] };
    const fetchMock = stubFetch(() => jsonResponse(body));
    const entries = await fetchPublicList({ action: "WATCH" });
    expect(entries.map((entry) => [entry.id, entry.report.stock_summary.ticker, entry.setup])).toEqual([["p1", "NVDA", setup]]);
    await fetchPublicList({ ticker: "BRK.B" });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/public-buy-stocks?action=WATCH", "/api/public-buy-stocks?ticker=BRK.B"]);
    for (const [, init] of fetchMock.mock.calls) expect(new Headers(init?.headers).has("authorization")).toBe(false);
  });

  it("rejects a 500 with one sentence, not a chain of 'Failed to …: 500', keeping the server's status and code", async () => {
    const failure: ApiError = { error: "Something broke", code: "internal" };
    stubFetch(() => jsonResponse(failure, 500));
    const error = await fetchPublicList({ action: "BUY" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 500, code: "internal", message: PUBLIC_LIST_FAILURE });
  });

  it("passes on the server's own sentence, and names the ticker when one ticker's records fail", async () => {
    stubFetch(() => jsonResponse({ error: "Too many requests. Please wait a minute and try again.", code: "rate_limited" } satisfies ApiError, 429));
    await expect(fetchPublicList({ action: "WATCH" })).rejects.toMatchObject({ status: 429, message: "Too many requests. Please wait a minute and try again." });
    stubFetch(() => new Response("", { status: 502 }));
    await expect(fetchPublicList({ ticker: "NWSC" })).rejects.toMatchObject({ status: 502, message: "The analyses of NWSC could not be loaded. Please try again." });
  });

  it("refuses an answer that breaks the contract", async () => {
    stubFetch(() => jsonResponse({ analyses: [{ id: 7, analysis: "{}", timestamp: "" }] }));
    await expect(fetchPublicList({ action: "BUY" })).rejects.toMatchObject({ code: "invalid_response", message: PUBLIC_LIST_FAILURE });
  });
});
