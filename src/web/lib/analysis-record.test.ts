import { afterEach, describe, expect, it, vi } from "vitest";
import { sampleReport } from "../test-support/sample-report";
import { hasStockSummary, parseAnalysisEntries, parseAnalysisPayload, type StoredAnalysis } from "./analysis-record";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("parseAnalysisPayload", () => {
  it("accepts an object and a JSON string", () => {
    const report = sampleReport();
    expect(parseAnalysisPayload(report).stock_summary.ticker).toBe("NVDA");
    expect(parseAnalysisPayload(JSON.stringify(report)).meta?.company?.name).toBe("NVIDIA Corporation");
  });

  it("keeps a report without meta", () => {
    expect(parseAnalysisPayload({ stock_summary: { ticker: "X" } })).toEqual({ stock_summary: { ticker: "X" }, meta: null });
  });

  it("throws on broken JSON or a missing ticker", () => {
    expect(() => parseAnalysisPayload("{oops")).toThrow();
    expect(() => parseAnalysisPayload({ stock_summary: {} })).toThrow();
    expect(hasStockSummary({ stock_summary: { ticker: " " } })).toBe(false);
  });
});

describe("parseAnalysisEntries", () => {
  it("skips and logs records whose analysis does not parse", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const records: StoredAnalysis[] = [
      { id: "a", analysis: sampleReport(), timestamp: "2026-11-20T10:00:00Z" },
      { id: "b", analysis: "{not json", timestamp: "2026-11-20T10:00:00Z" },
      { id: "c", analysis: JSON.stringify(sampleReport("MSFT")), timestamp: "2026-11-19T10:00:00Z" },
      { id: "d", analysis: { stock_summary: {} }, timestamp: "2026-11-19T10:00:00Z" },
    ];
    const entries = parseAnalysisEntries(records);
    expect(entries.map((e) => [e.id, e.timestamp, e.report.stock_summary.ticker])).toEqual([
      ["a", "2026-11-20T10:00:00Z", "NVDA"],
      ["c", "2026-11-19T10:00:00Z", "MSFT"],
    ]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[0]).toContain("Skipped analysis b");
    expect(warn.mock.calls[1]?.[0]).toContain("Skipped analysis d");
  });

  it("answers an empty list for an empty list (the list answers themselves are checked by their contracts)", () => {
    expect(parseAnalysisEntries([])).toEqual([]);
  });
});
