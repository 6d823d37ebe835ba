import { afterEach, describe, expect, it, vi } from "vitest";
import { sampleReport } from "../test-support/sample-report";
import { hasStockSummary, parseAnalysisEntries, parseAnalysisPayload } from "./analysis-record";

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
  it("skips and logs broken records", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const entries = parseAnalysisEntries({
      analyses: [
        { id: "a", analysis: sampleReport(), timestamp: "2026-11-20T10:00:00Z" },
        { id: "b", analysis: "{not json", timestamp: "2026-11-20T10:00:00Z" },
        { id: 7, analysis: JSON.stringify(sampleReport("MSFT")), timestamp: "2026-11-19T10:00:00Z" },
        "junk",
      ],
    });
    expect(entries.map((e) => [e.id, e.report.stock_summary.ticker])).toEqual([
      ["a", "NVDA"],
      ["7", "MSFT"],
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain("Skipped analysis b");
  });

  it("answers an empty list for anything else", () => {
    expect(parseAnalysisEntries(null)).toEqual([]);
    expect(parseAnalysisEntries({ analyses: "x" })).toEqual([]);
  });
});
