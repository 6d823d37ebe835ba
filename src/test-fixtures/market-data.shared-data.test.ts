import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { fullDataSet, readVendoredText, TRIMMED_SP500, vendoredNames } from "./market-data";

// A *.shared-data.test.ts file runs when the full market data set is beside the repository, or when
// REQUIRE_SHARED_DATA=1 (CI) says it must be, and then fails if it is absent (vitest.config.ts).
const fullSet = fullDataSet("checking the vendored fixtures against their source");
const names = vendoredNames(".");

describe("the vendored market data against the full data set", () => {
  it("every vendored file holds its source's bytes (a trimmed S&P 500 file: the header and the rows of the kept dates)", () => {
    for (const name of names) {
      const raw = readFileSync(path.join(fullSet, name));
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
