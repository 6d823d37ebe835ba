import { describe, expect, it } from "vitest";
import { writeCsv } from "../../../core/csv/csv";
import { FLAT_COLUMNS, parseTimestamp, readAnalysesCsv, writeAnalysesCsv } from "./analyses-csv";

const header = ["timestamp", ...FLAT_COLUMNS.map(([name]) => name)];

function flatRow(overrides: Record<string, string> = {}): string[] {
  const values: Record<string, string> = {
    timestamp: "2025-06-30",
    ticker: "ACME",
    "recommendation.action": "BUY",
    "institutional_ownership.institutional_ownership": "",
    "institutional_ownership.institutional_ownership_trend": "",
    ...overrides,
  };
  return header.map((name) => {
    if (name in values) return values[name]!;
    const kind = FLAT_COLUMNS.find(([n]) => n === name)?.[1];
    return kind === "text" ? "Some text" : kind === "textList" || kind === "numberList" ? "" : "1";
  });
}

describe("parseTimestamp", () => {
  it("reads ISO dates and date-times; no zone means UTC", () => {
    expect(parseTimestamp("2025-06-30")?.toISOString()).toBe("2025-06-30T00:00:00.000Z");
    expect(parseTimestamp("2025-06-30 20:05")?.toISOString()).toBe("2025-06-30T20:05:00.000Z");
    expect(parseTimestamp("2025-06-30T16:00:00-04:00")?.toISOString()).toBe("2025-06-30T20:00:00.000Z");
    expect(parseTimestamp("2025-06-30T20:00:00.123456Z")?.toISOString()).toBe("2025-06-30T20:00:00.123Z");
  });

  it("refuses other text and impossible dates", () => {
    for (const text of ["yesterday", "30/06/2025", "2025-02-30", "2025-13-01", ""]) expect(parseTimestamp(text)).toBeNull();
  });
});

describe("readAnalysesCsv (flat)", () => {
  it("reads lists one per line or as JSON, numbers with ';', N/A prices and unknown ownership", () => {
    const outcome = readAnalysesCsv(
      writeCsv([
        header,
        flatRow({
          "recommendation.triggers": "First\r\n\r\nSecond ",
          "recommendation.risk_factors": '["One, with a comma"]',
          "fundamental_analysis.quarterly_eps_growth": "0.3; 0.2;-0.1",
          "trade_setup.buy_point": "n/a",
        }),
      ]),
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const summary = (outcome.rows[0]!.analysis as { stock_summary: Record<string, Record<string, unknown>> }).stock_summary;
    expect(summary.recommendation!.triggers).toEqual(["First", "Second"]);
    expect(summary.recommendation!.risk_factors).toEqual(["One, with a comma"]);
    expect(summary.fundamental_analysis!.quarterly_eps_growth).toEqual([0.3, 0.2, -0.1]);
    expect(summary.trade_setup!.buy_point).toBe("N/A");
    expect(summary.institutional_ownership).toEqual({ institutional_ownership: null, institutional_ownership_trend: null });
    expect(outcome.rows[0]).toMatchObject({ id: null, ticker: "ACME", action: "BUY", line: 2 });
  });

  it("names the line and column of each bad cell", () => {
    const outcome = readAnalysesCsv(
      writeCsv([header, flatRow(), flatRow({ "current_metrics.volume": "1,000", "recommendation.triggers": "[broken", "current_metrics.price": "-5" })]),
    );
    expect(outcome).toMatchObject({ ok: false, kind: "invalid" });
    if (outcome.ok || outcome.kind !== "invalid") return;
    expect(outcome.errors.map((e) => [e.line, e.column])).toEqual([
      [3, "current_metrics.volume"],
      [3, "recommendation.triggers"],
    ]);
    const negative = readAnalysesCsv(writeCsv([header, flatRow({ "current_metrics.price": "-5" })]));
    expect(negative).toMatchObject({ ok: false, errors: [{ line: 2, column: "current_metrics.price" }] });
  });

  it("treats an empty file and a header without rows as empty", () => {
    expect(readAnalysesCsv("")).toMatchObject({ ok: false, kind: "empty" });
    expect(readAnalysesCsv("\uFEFF".slice(1) + header.join(",") + "\n")).toMatchObject({ ok: false, kind: "empty" });
  });
});

describe("writeAnalysesCsv", () => {
  it("writes the export header and escapes formula cells", () => {
    const csv = writeAnalysesCsv([{ id: "-1", ticker: "@X", createdAt: new Date("2025-01-02T03:04:05.000Z"), analysis: { a: 1 } }]);
    expect(csv).toBe('id,ticker,timestamp,analysis\r\n\'-1,\'@X,2025-01-02T03:04:05.000Z,"{""a"":1}"\r\n');
  });
});

describe("readAnalysesCsv refuses text PostgreSQL cannot store", () => {
  /** A valid export-format file whose first trigger is `text`, written into the JSON as it is. */
  function exportFileWithTrigger(text: string): string {
    const flat = readAnalysesCsv(writeCsv([header, flatRow({ "recommendation.triggers": "PLACEHOLDER" })]));
    if (!flat.ok) throw new Error("the flat row should be valid");
    const row = flat.rows[0]!;
    return writeAnalysesCsv([{ id: "a-1", ticker: row.ticker, createdAt: row.createdAt, analysis: row.analysis }]).replace("PLACEHOLDER", text);
  }

  it("keeps a valid export row, and refuses \\u0000 and unpaired surrogate escapes in its JSON as a row error", () => {
    expect(readAnalysesCsv(exportFileWithTrigger("Breakout"))).toMatchObject({ ok: true });
    for (const escape of ["\\u0000", "a\\u0000b", "\\ud800", "\\udfff x", "\\ud83d"]) {
      const outcome = readAnalysesCsv(exportFileWithTrigger(escape));
      expect([escape, outcome]).toMatchObject([escape, { ok: false, kind: "invalid", errors: [{ line: 2, column: "analysis", message: expect.stringContaining("cannot be stored") }] }]);
    }
    // A surrogate pair written as escapes is one real character (an emoji): fine.
    expect(readAnalysesCsv(exportFileWithTrigger("\\ud83d\\ude00"))).toMatchObject({ ok: true });
  });

  it("refuses the same escapes inside a flat list cell written as JSON", () => {
    const outcome = readAnalysesCsv(writeCsv([header, flatRow({ "recommendation.risk_factors": '["fine", "bad \\u0000"]' }), flatRow({ "recommendation.triggers": '["\\udc00"]' })]));
    expect(outcome).toMatchObject({
      ok: false,
      errors: [
        { line: 2, column: "recommendation.risk_factors", message: expect.stringContaining("cannot be stored") },
        { line: 3, column: "recommendation.triggers", message: expect.stringContaining("cannot be stored") },
      ],
    });
  });
});
