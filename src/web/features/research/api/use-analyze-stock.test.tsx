// @vitest-environment happy-dom
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { historyKeys } from "../../../lib/query-keys";
import { sampleReport } from "../../../test-support/sample-report";
import { checkLimit, requestAnalysis } from "./research-api";
import { researchKeys } from "./research-keys";
import { analyzeStock, useAnalyzeStock } from "./use-analyze-stock";

vi.mock("./research-api", () => ({ requestAnalysis: vi.fn(), checkLimit: vi.fn() }));

const request = vi.mocked(requestAnalysis);
const limit = vi.mocked(checkLimit);
const report = { stock_summary: sampleReport("NVDA").stock_summary, meta: null };

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe("analyzeStock", () => {
  it("turns each answer into what the page shows", async () => {
    request.mockResolvedValueOnce({ kind: "success", report, analysis: null });
    expect(await analyzeStock({ ticker: "NVDA" })).toEqual({ kind: "report", report, analysisId: null, reused: null, refresh: false });
    expect(request).toHaveBeenLastCalledWith("NVDA", {});
    request.mockResolvedValueOnce({ kind: "signup" });
    expect(await analyzeStock({ ticker: "NVDA" })).toEqual({ kind: "unlock" });
    request.mockResolvedValueOnce({ kind: "verify", message: "verify" });
    expect(await analyzeStock({ ticker: "NVDA" })).toEqual({ kind: "verify", message: "verify" });
    request.mockResolvedValueOnce({ kind: "error", message: "boom" });
    expect(await analyzeStock({ ticker: "NVDA" })).toEqual({ kind: "error", message: "boom" });
    expect(limit).not.toHaveBeenCalled();
  });

  it("passes on a reused analysis and asks with refresh for 'Refresh'", async () => {
    const reused = { analyzedAt: "2026-11-20T10:42:00Z", dataDate: "2026-11-19" };
    request.mockResolvedValueOnce({ kind: "success", report, analysis: { id: "a1", timestamp: reused.analyzedAt }, reused });
    expect(await analyzeStock({ ticker: "NVDA", refresh: true })).toEqual({ kind: "report", report, analysisId: "a1", reused, refresh: true });
    expect(request).toHaveBeenLastCalledWith("NVDA", { refresh: true });
  });

  it("checks the subscription after a daily-limit answer", async () => {
    request.mockResolvedValue({ kind: "limit" });
    limit.mockResolvedValueOnce({ kind: "upgrade" });
    expect(await analyzeStock({ ticker: "NVDA" })).toEqual({ kind: "upgrade" });
    limit.mockResolvedValueOnce({ kind: "error", message: "support" });
    expect(await analyzeStock({ ticker: "NVDA" })).toEqual({ kind: "error", message: "support" });
  });
});

describe("useAnalyzeStock", () => {
  function setup() {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useAnalyzeStock(), { wrapper });
    return { result, invalidated: () => invalidate.mock.calls.map(([filters]) => filters?.queryKey) };
  }

  it("refreshes the history and today's usage after a report", async () => {
    request.mockResolvedValue({ kind: "success", report, analysis: null });
    const { result, invalidated } = setup();
    act(() => {
      result.current.mutate({ ticker: "NVDA" });
    });
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(invalidated()).toEqual([historyKeys.all, researchKeys.usage()]);
  });

  it("leaves the history alone when the answer is a reused analysis (nothing new was stored)", async () => {
    request.mockResolvedValue({
      kind: "success",
      report,
      analysis: { id: "a1", timestamp: "2026-11-20T10:42:00Z" },
      reused: { analyzedAt: "2026-11-20T10:42:00Z", dataDate: "2026-11-19" },
    });
    const { result, invalidated } = setup();
    act(() => {
      result.current.mutate({ ticker: "NVDA" });
    });
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(invalidated()).toEqual([researchKeys.usage()]);
  });

  it("refreshes only the usage when no report came", async () => {
    request.mockResolvedValue({ kind: "error", message: "boom" });
    const { result, invalidated } = setup();
    act(() => {
      result.current.mutate({ ticker: "NVDA" });
    });
    await waitFor(() => {
      expect(result.current.data).toEqual({ kind: "error", message: "boom" });
    });
    expect(invalidated()).toEqual([researchKeys.usage()]);
  });
});
