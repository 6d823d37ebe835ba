import { describe, expect, it, vi } from "vitest";
import { CircuitOpenError, UpstreamTimeoutError, createResilientFetch, retryAfterMs } from "./resilient-fetch";

/** A scripted upstream: each call takes the next answer (a status, or an error to throw). */
function upstream(script: (number | Error | { status: number; retryAfter: string })[]) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: string | URL | Request) => {
    calls.push(String(input));
    const next = script.shift() ?? 200;
    if (next instanceof Error) throw next;
    const status = typeof next === "number" ? next : next.status;
    const headers: Record<string, string> = typeof next === "number" ? {} : { "retry-after": next.retryAfter };
    return new Response(status === 200 ? "{}" : "busy", { status, headers });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function harness(script: Parameters<typeof upstream>[0], overrides = {}) {
  let now = 1_000_000;
  const waits: number[] = [];
  const up = upstream(script);
  const resilient = createResilientFetch("Test provider", up.fetch, {
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
    now: () => now,
    random: () => 1,
    ...overrides,
  });
  return { resilient, up, waits, advance: (ms: number) => (now += ms) };
}

describe("createResilientFetch", () => {
  it("retries a 429 after the Retry-After the upstream asked for", async () => {
    const h = harness([{ status: 429, retryAfter: "2" }, 200]);
    const response = await h.resilient("https://upstream.example/q");
    expect(response.status).toBe(200);
    expect(h.waits).toEqual([2000]);
    expect(h.up.calls).toHaveLength(2);
  });

  it("retries 5xx and network errors with growing jittered delays, then gives up", async () => {
    const h = harness([500, new TypeError("fetch failed"), 503]);
    const response = await h.resilient("https://upstream.example/q");
    expect(response.status).toBe(503);
    expect(h.waits).toEqual([500, 1000]);
    expect(h.up.calls).toHaveLength(3);
  });

  it("does not retry other client errors", async () => {
    const h = harness([404]);
    expect((await h.resilient("https://upstream.example/q")).status).toBe(404);
    expect(h.up.calls).toHaveLength(1);
  });

  it("times out a silent upstream", async () => {
    const silent = vi.fn(
      (_input: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    );
    const resilient = createResilientFetch("Slow provider", silent as unknown as typeof fetch, { timeoutMs: 20, retries: 0 });
    await expect(resilient("https://upstream.example/q")).rejects.toThrow(UpstreamTimeoutError);
  });

  it("opens the breaker after repeated failures, lets one trial through after the cool-down, and closes on success", async () => {
    const h = harness([500, 500, 500, 500, 500, 200], { retries: 0, failureThreshold: 3, cooldownMs: 30_000 });
    for (let k = 0; k < 3; k++) await h.resilient("https://upstream.example/q");
    expect(h.resilient.breakerState()).toBe("open");
    await expect(h.resilient("https://upstream.example/q")).rejects.toThrow(CircuitOpenError);
    expect(h.up.calls).toHaveLength(3);

    h.advance(30_000);
    expect(h.resilient.breakerState()).toBe("half-open");
    expect((await h.resilient("https://upstream.example/q")).status).toBe(500);
    expect(h.resilient.breakerState()).toBe("open");

    h.advance(30_000);
    await h.resilient("https://upstream.example/q"); // 500 again
    h.advance(30_000);
    expect((await h.resilient("https://upstream.example/q")).status).toBe(200);
    expect(h.resilient.breakerState()).toBe("closed");
  });

  it("asks for admission (the call budget) before every attempt, retries included", async () => {
    let admissions = 0;
    const h = harness([500, 200], { admit: async () => void admissions++ });
    expect((await h.resilient("https://upstream.example/q")).status).toBe(200);
    expect(h.up.calls).toHaveLength(2);
    expect(admissions).toBe(2);
  });

  it("passes a refused admission to the caller at once: no retry, no upstream call, the breaker stays closed", async () => {
    const refusal = Object.assign(new Error("the budget is used up"), { code: "provider_budget_exhausted" });
    const h = harness([], { admit: () => Promise.reject(refusal), failureThreshold: 1 });
    await expect(h.resilient("https://upstream.example/q")).rejects.toBe(refusal);
    await expect(h.resilient("https://upstream.example/q")).rejects.toBe(refusal);
    expect(h.up.calls).toHaveLength(0);
    expect(h.waits).toEqual([]);
    expect(h.resilient.breakerState()).toBe("closed");
  });

  it("does not count the admission's wait in the attempt's time-out", async () => {
    // An upstream that answers at once, unless the attempt's signal has already fired.
    const quick = vi.fn(async (_input: string | URL | Request, init?: RequestInit) => {
      if (init?.signal?.aborted) throw init.signal.reason;
      return new Response("{}");
    });
    const resilient = createResilientFetch("Test provider", quick as unknown as typeof fetch, {
      retries: 0,
      timeoutMs: 50,
      admit: () => new Promise<void>((resolve) => setTimeout(resolve, 120)),
    });
    expect((await resilient("https://upstream.example/q")).status).toBe(200);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(retryAfterMs("3", 0)).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs("soon", 0)).toBeNull();
    expect(retryAfterMs(null, 0)).toBeNull();
  });
});
