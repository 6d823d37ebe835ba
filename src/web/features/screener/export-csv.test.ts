import { describe, expect, it } from "vitest";
import { parseCsv, unescapeFormula } from "../../../core/csv/csv";
import { screenerRow } from "../../test-support/screener-fixtures";
import { screenerCsv } from "./export-csv";

describe("the screener's CSV", () => {
  it("has a header and one line per row shown, figures as plain numbers", () => {
    const csv = screenerCsv([
      screenerRow("NVDA"),
      screenerRow("=EVIL", { company: "=HYPERLINK(\"x\")", change_pct: -0.0289, eps_growth: null, setup: null, demo: true }),
    ]);
    const records = parseCsv(csv).map((record) => record.fields);
    expect(records[0]).toEqual([
      "Ticker",
      "Company",
      "Sector",
      "Industry",
      "Price",
      "Change %",
      "Volume / 50-day",
      "Avg dollar volume",
      "Action",
      "Setup",
      "Distance to buy point %",
      "Risk to stop %",
      "RS rating",
      "Trend Template",
      "Below 52-week high %",
      "EPS growth %",
      "As of",
      "Demo data",
    ]);
    expect(records[1]).toEqual([
      "NVDA",
      "NVDA Corporation",
      "Technology",
      "Semiconductors",
      "1234.50",
      "2.1",
      "1.80",
      "25000000",
      "BUY",
      "Cup with handle",
      "1.5",
      "6.9",
      "95",
      "8",
      "3.2",
      "45.0",
      "2026-11-20",
      "no",
    ]);
    const evil = records[2]!;
    expect(evil[0]).toBe("'=EVIL");
    expect(unescapeFormula(evil[1]!)).toBe('=HYPERLINK("x")');
    expect(evil[5]).toBe("-2.9");
    expect(evil[9]).toBe("");
    expect(evil[15]).toBe("");
    expect(evil[17]).toBe("yes");
    expect(csv.endsWith("\r\n")).toBe(true);
  });
});
