import { describe, expect, it, vi } from "vitest";
import { ApiRequestError, CSRF_MISSING_MESSAGE, NETWORK_ERROR_MESSAGE, createApiClient } from "./api-client";
import { checkedBody, parseSuccess } from "./body-checks";
import { z } from "zod";

interface Call {
  url: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: BodyInit | null | undefined;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** A fake fetch that records calls and answers from a list of handlers, in order, per path. */
function fakeFetch(routes: Record<string, Array<() => Response | Promise<Response>>>) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    calls.push({
      url,
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
      body: init?.body,
    });
    const handler = routes[url]?.shift();
    if (!handler) throw new Error(`unexpected call to ${url}`);
    return handler();
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, calls };
}

describe("apiFetch", () => {
  it("sends credentials and the Bearer token, without CSRF on GET", async () => {
    const { fetchImpl, calls } = fakeFetch({ "/user/stock-analyses/": [() => json({ success: true })] });
    const client = createApiClient({ fetch: fetchImpl, getToken: () => Promise.resolve("jwt-1") });
    const body = await client.apiJson("/user/stock-analyses/");
    expect(body).toEqual({ success: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.credentials).toBe("include");
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer jwt-1");
    expect(calls[0]?.headers.has("x-csrftoken")).toBe(false);
  });

  it("sends no Authorization header when signed out", async () => {
    const { fetchImpl, calls } = fakeFetch({ "/api/config": [() => json({})] });
    const client = createApiClient({ fetch: fetchImpl, getToken: () => Promise.resolve(null) });
    await client.apiFetch("/api/config");
    expect(calls[0]?.headers.has("authorization")).toBe(false);
  });

  it("fetches the CSRF token once and sends it on unsafe methods", async () => {
    const { fetchImpl, calls } = fakeFetch({
      "/csrf_cookie": [() => json({ csrfToken: "csrf-1" })],
      "/research/stocks/": [() => json({ ok: 1 }), () => json({ ok: 2 })],
      "/user/stock-analyses/7": [() => new Response(null, { status: 204 })],
    });
    const client = createApiClient({ fetch: fetchImpl, getToken: () => Promise.resolve("jwt") });
    const form = new FormData();
    form.set("input", "AAPL");
    await client.apiFetch("/research/stocks/", { method: "POST", body: form });
    await client.apiFetch("/research/stocks/", { method: "post", body: form });
    await client.apiFetch("/user/stock-analyses/7", { method: "DELETE" });

    const csrfCalls = calls.filter((c) => c.url === "/csrf_cookie");
    expect(csrfCalls).toHaveLength(1);
    expect(csrfCalls[0]?.credentials).toBe("include");
    const unsafe = calls.filter((c) => c.url !== "/csrf_cookie");
    expect(unsafe.map((c) => c.method)).toEqual(["POST", "POST", "DELETE"]);
    for (const call of unsafe) {
      expect(call.headers.get("x-csrftoken")).toBe("csrf-1");
      expect(call.headers.get("authorization")).toBe("Bearer jwt");
    }
    expect(unsafe[0]?.body).toBe(form);
  });

  it("fetches a new CSRF token once when the server answers 403 csrf_missing", async () => {
    const { fetchImpl, calls } = fakeFetch({
      "/csrf_cookie": [() => json({ csrfToken: "old" }), () => json({ csrfToken: "new" })],
      "/api/contact": [
        () => json({ error: "CSRF token missing or invalid.", code: "csrf_missing" }, 403),
        () => json({ ok: true }),
      ],
    });
    const client = createApiClient({ fetch: fetchImpl, getToken: () => Promise.resolve(null) });
    const response = await client.apiFetch("/api/contact", { method: "POST", body: "{}" });
    expect(response.ok).toBe(true);
    const posts = calls.filter((c) => c.url === "/api/contact");
    expect(posts.map((c) => c.headers.get("x-csrftoken"))).toEqual(["old", "new"]);
  });

  it("retries the CSRF token only once", async () => {
    const forbidden = () => json({ error: "CSRF token missing or invalid.", code: "csrf_missing" }, 403);
    const { fetchImpl, calls } = fakeFetch({
      "/csrf_cookie": [() => json({ csrfToken: "a" }), () => json({ csrfToken: "b" })],
      "/api/contact": [forbidden, forbidden],
    });
    const client = createApiClient({ fetch: fetchImpl, getToken: () => Promise.resolve(null) });
    await expect(client.apiFetch("/api/contact", { method: "POST" })).rejects.toMatchObject({
      status: 403,
      code: "csrf_missing",
    });
    expect(calls.filter((c) => c.url === "/api/contact")).toHaveLength(2);
  });

  it("does not retry other 403 answers", async () => {
    const { fetchImpl, calls } = fakeFetch({
      "/csrf_cookie": [() => json({ csrfToken: "a" })],
      "/research/stocks/": [() => json({ error: "Please verify your e-mail first.", code: "email_unverified" }, 403)],
    });
    const client = createApiClient({ fetch: fetchImpl, getToken: () => Promise.resolve("jwt") });
    const error = await client.apiFetch("/research/stocks/", { method: "POST" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 403, code: "email_unverified", message: "Please verify your e-mail first." });
    expect(calls).toHaveLength(2);
  });

  it("parses {error, code} bodies into ApiRequestError", async () => {
    const { fetchImpl } = fakeFetch({
      "/research/stocks/": [() => json({ error: "daily limit of 5 analyses reached", code: "daily_limit" }, 429)],
      "/csrf_cookie": [() => json({ csrfToken: "t" })],
    });
    const client = createApiClient({ fetch: fetchImpl, getToken: () => Promise.resolve("jwt") });
    await expect(client.apiFetch("/research/stocks/", { method: "POST" })).rejects.toMatchObject({
      name: "ApiRequestError",
      status: 429,
      code: "daily_limit",
      message: "daily limit of 5 analyses reached",
    });
  });

  it("falls back to the status line when the error body is not {error, code}", async () => {
    const { fetchImpl } = fakeFetch({
      "/user/stock-analyses/": [() => new Response("<html>oops</html>", { status: 502, statusText: "Bad Gateway" })],
    });
    const client = createApiClient({ fetch: fetchImpl, getToken: () => Promise.resolve(null) });
    await expect(client.apiFetch("/user/stock-analyses/")).rejects.toMatchObject({
      status: 502,
      code: "http_502",
      message: "Request failed: 502 Bad Gateway",
    });
  });

  it("turns network failures into a network_error", async () => {
    const fetchImpl = vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))) as unknown as typeof fetch;
    const client = createApiClient({ fetch: fetchImpl, getToken: () => Promise.resolve(null) });
    await expect(client.apiFetch("/api/news")).rejects.toMatchObject({
      status: 0,
      code: "network_error",
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it("reports a missing CSRF token and tries again on the next call", async () => {
    const { fetchImpl } = fakeFetch({
      "/csrf_cookie": [() => json({ error: "down", code: "unavailable" }, 503), () => json({ csrfToken: "ok" })],
      "/api/contact": [() => json({ ok: true })],
    });
    const client = createApiClient({ fetch: fetchImpl, getToken: () => Promise.resolve(null) });
    await expect(client.apiFetch("/api/contact", { method: "POST" })).rejects.toMatchObject({
      code: "csrf_missing",
      message: CSRF_MISSING_MESSAGE,
    });
    await expect(client.apiFetch("/api/contact", { method: "POST" })).resolves.toHaveProperty("ok", true);
  });

  it("rejects when the token cannot be refreshed", async () => {
    const { fetchImpl, calls } = fakeFetch({});
    const client = createApiClient({ fetch: fetchImpl, getToken: () => Promise.reject(new Error("timeout")) });
    await expect(client.apiFetch("/user/stock-analyses/")).rejects.toMatchObject({ code: "network_error" });
    expect(calls).toHaveLength(0);
  });

  it("validates JSON bodies with a schema", async () => {
    const { fetchImpl } = fakeFetch({
      "/a": [() => json({ n: 1 })],
      "/b": [() => json({ n: "x" })],
    });
    const client = createApiClient({ fetch: fetchImpl, getToken: () => Promise.resolve(null) });
    const schema = z.object({ n: z.number() });
    await expect(client.apiJson("/a", undefined, schema)).resolves.toEqual({ n: 1 });
    await expect(client.apiJson("/b", undefined, schema)).rejects.toMatchObject({
      code: "invalid_response",
      message: "Invalid response format from server",
    });
  });

  it("checks JSON bodies with a hand-written check the same way", async () => {
    const { fetchImpl } = fakeFetch({ "/a": [() => json({ success: true })], "/b": [() => json({ success: false })] });
    const client = createApiClient({ fetch: fetchImpl, getToken: () => Promise.resolve(null) });
    await expect(client.apiJson("/a", undefined, checkedBody(parseSuccess))).resolves.toEqual({ success: true });
    await expect(client.apiJson("/b", undefined, checkedBody(parseSuccess))).rejects.toMatchObject({
      status: 200,
      code: "invalid_response",
      message: "Invalid response format from server",
      body: { success: false },
    });
  });

  it("tells a body that is not JSON (invalid_json) from one that breaks the contract, with the content-type", async () => {
    const { fetchImpl } = fakeFetch({
      "/html": [() => new Response("<html></html>", { status: 200, headers: { "content-type": "text/html" } })],
    });
    const client = createApiClient({ fetch: fetchImpl, getToken: () => Promise.resolve(null) });
    await expect(client.apiJson("/html", undefined, checkedBody(parseSuccess))).rejects.toMatchObject({
      status: 200,
      code: "invalid_json",
      message: "Invalid response format from server",
      contentType: "text/html",
    });
  });

  it("sends no Bearer token when asked not to (public endpoints), even when signed in", async () => {
    const { fetchImpl, calls } = fakeFetch({ "/api/public-buy-stocks?action=BUY": [() => json({ analyses: [] })] });
    const getToken = vi.fn(() => Promise.resolve("jwt-1"));
    const client = createApiClient({ fetch: fetchImpl, getToken });
    await client.apiJson("/api/public-buy-stocks?action=BUY", { method: "GET", auth: false });
    expect(calls[0]?.headers.has("authorization")).toBe(false);
    expect(getToken).not.toHaveBeenCalled();
  });
});

describe("ApiRequestError", () => {
  it("keeps the status, code, body and content-type when reworded for a page", () => {
    const error = new ApiRequestError(500, "internal", "Boom", { statusText: "Server Error", body: { error: "Boom" }, contentType: "application/json" });
    const reworded = error.withMessage("Failed to fetch stock recommendations: 500");
    expect(reworded).toBeInstanceOf(ApiRequestError);
    expect(reworded).toMatchObject({ status: 500, code: "internal", statusText: "Server Error", body: { error: "Boom" }, contentType: "application/json" });
    expect(reworded.message).toBe("Failed to fetch stock recommendations: 500");
    expect(reworded.cause).toBe(error);
    expect(error.httpFailure).toBe(true);
    expect(new ApiRequestError(0, "network_error", NETWORK_ERROR_MESSAGE).httpFailure).toBe(false);
    expect(new ApiRequestError(200, "invalid_response", "Invalid response format from server").httpFailure).toBe(false);
  });
});
