import { afterEach, describe, expect, it, vi } from "vitest";
import { startEarlyRequest, takeEarlyAnswer } from "./early-request";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("early requests", () => {
  it("starts a GET once and hands its body over once", async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ calls: 3 }), { status: 200 })));
    vi.stubGlobal("fetch", fetch);
    startEarlyRequest("/api/x");
    startEarlyRequest("/api/x");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith("/api/x", expect.objectContaining({ credentials: "same-origin" }));
    expect(await takeEarlyAnswer("/api/x")).toEqual({ calls: 3 });
    expect(await takeEarlyAnswer("/api/x")).toBeUndefined();
  });

  it("ignores an error answer, a failed request and an old one", async () => {
    vi.stubGlobal("fetch", () => Promise.resolve(new Response("{}", { status: 500 })));
    startEarlyRequest("/api/a");
    expect(await takeEarlyAnswer("/api/a")).toBeUndefined();
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("offline")));
    startEarlyRequest("/api/b");
    expect(await takeEarlyAnswer("/api/b")).toBeUndefined();
    vi.stubGlobal("fetch", () => Promise.resolve(new Response("{}", { status: 200 })));
    startEarlyRequest("/api/c", () => 0);
    expect(await takeEarlyAnswer("/api/c", () => 60_000)).toBeUndefined();
  });
});
