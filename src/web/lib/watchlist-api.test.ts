// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../contracts/api-error";
import { watchItem, watchlist } from "../test-support/watchlist-fixtures";
import { addWatch, fetchWatchlist, removeWatch, updateWatch, WATCHLIST_FAILURE } from "./watchlist-api";
import { ApiRequestError } from "./api-client";

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** Answers /csrf_cookie, then every other call with `answer`; records the calls. */
function stub(answer: (url: string, init?: RequestInit) => Response) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
      if (url === "/csrf_cookie") return Promise.resolve(json({ csrfToken: "csrf" }));
      calls.push({ url, method: init?.method ?? "GET", body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined });
      return Promise.resolve(answer(url, init));
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("watchlist-api", () => {
  it("reads the watch list through its contract", async () => {
    stub(() => json(watchlist([watchItem("NVDA")])));
    const list = await fetchWatchlist();
    expect(list.items[0]?.ticker).toBe("NVDA");
    expect(list.limit).toBe(10);
  });

  it("refuses an answer that breaks the contract with the page's sentence", async () => {
    stub(() => json({ items: "nope" }));
    await expect(fetchWatchlist()).rejects.toThrow(WATCHLIST_FAILURE);
  });

  it("keeps the server's sentence and code when it refuses a stock", async () => {
    const refusal: ApiError = { error: "NVDA is already on your watch list.", code: "already_watched" };
    stub(() => json(refusal, 409));
    const error = await addWatch(" nvda ").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe(refusal.error);
    expect((error as ApiRequestError).code).toBe("already_watched");
  });

  it("sends PATCH and DELETE to the ticker's path", async () => {
    const calls = stub((_url, init) => (init?.method === "DELETE" ? new Response(null, { status: 204 }) : json(watchItem("BRK.B"))));
    await updateWatch("brk.b", { rules: { buy: false }, price_below: null });
    await removeWatch("BRK.B");
    expect(calls).toEqual([
      { url: "/api/watchlist/BRK.B", method: "PATCH", body: { rules: { buy: false }, price_below: null } },
      { url: "/api/watchlist/BRK.B", method: "DELETE", body: undefined },
    ]);
  });
});
