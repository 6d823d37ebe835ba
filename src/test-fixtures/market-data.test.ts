import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readVendoredText, TRIMMED_SP500, vendoredNames, vendoredPath } from "./market-data";

const names = vendoredNames(".");

describe("the vendored market data", () => {
  it("holds the files the tests read, gzipped, under 3 MB in all", () => {
    for (const name of ["ohlcv/SPY.csv", "sp500/AAPL.csv.gz", "sp500/WMT.csv.gz", "sp500/constituents.csv", "yahoo/quoteSummary-price-AAPL.json", "fmp/stable/profile/symbol=AAPL.json", "reference/ta-stockcharts/cs-atr.csv"]) {
      expect(names).toContain(name);
    }
    const bytes = names.reduce((sum, name) => sum + statSync(vendoredPath(name)).size, 0);
    expect(bytes).toBeLessThan(3 * 1024 * 1024);
  });

  it("keeps the trimmed S&P 500 files to their dates, header first", () => {
    const [header, ...rows] = readVendoredText("sp500/WMT.csv.gz").trim().split("\n");
    expect(header).toBe("date,open,high,low,close,adj_close,volume,dividend,split");
    expect(rows[0]!.slice(0, 10)).toBe(TRIMMED_SP500.from);
    expect(rows.at(-1)!.slice(0, 10)).toBe(TRIMMED_SP500.to);
  });
});
