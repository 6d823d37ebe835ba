import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { fullDataSet, readVendoredText, TRIMMED_SP500, vendoredNames, vendoredPath } from "./market-data";

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

// Against the full data set: absent, this says why in one line and skips; REQUIRE_SHARED_DATA=1 (CI) makes absence a failure.
const fullSet = fullDataSet(process.env, "checking the vendored fixtures against their source");
if (!fullSet) console.warn("Skipping the vendored-vs-source check: the full market data set (../shared/data) is absent.");

describe.skipIf(!fullSet)("the vendored market data against the full data set", () => {
  it("every vendored file holds its source's bytes (a trimmed S&P 500 file: the header and the rows of the kept dates)", () => {
    for (const name of names) {
      const raw = readFileSync(path.join(fullSet!, name));
      const source = (name.endsWith(".gz") ? gunzipSync(raw) : raw).toString("utf8");
      const vendored = readVendoredText(name);
      const ticker = /^sp500\/(.+)\.csv\.gz$/.exec(name)?.[1];
      if (ticker && TRIMMED_SP500.tickers.includes(ticker)) {
        const [header, ...rows] = source.trim().split("\n");
        const kept = rows.filter((row) => row.slice(0, 10) >= TRIMMED_SP500.from && row.slice(0, 10) <= TRIMMED_SP500.to);
        expect(vendored.trim(), name).toBe([header, ...kept].join("\n"));
        expect(kept.length, name).toBeGreaterThan(1000);
      } else {
        expect(vendored, name).toBe(source);
      }
    }
  });
});
