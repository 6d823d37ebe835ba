import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";

/**
 * Real market data for the tests, in the repository: a trimmed, gzipped copy of the files the tests
 * read from the full data set, in the same layout (`ohlcv/SPY.csv` is `ohlcv/SPY.csv.gz` here).
 * Sources and licences: market-data/README.md. Rebuilt by scripts/vendor-test-fixtures.ts.
 */
export const VENDORED_DATA_DIR = path.resolve(import.meta.dirname, "market-data");

/** The full data set, beside the repository: only the whole-universe runs need it. */
export const SHARED_DATA_DIR = path.resolve(import.meta.dirname, "../../../shared/data");

/**
 * The S&P 500 prices the track-record replay plays (2010-01-04 on, 300 sessions) and the back-test
 * smoke run's year (2010), with the history before and the outcomes after: only these dates are kept.
 */
export const TRIMMED_SP500: { from: string; to: string; tickers: readonly string[] } = {
  from: "2007-12-31",
  to: "2011-12-30",
  tickers: ["ADBE", "AMZN", "AXP", "BA", "CMI", "COST", "DE", "DHR", "EBAY", "EMR", "ETN", "FAST", "FCX", "HD", "INTU", "NKE", "ORCL", "QCOM", "ROK", "SBUX", "TJX", "UNP", "WMT"],
};

/** A vendored file's path, by its name in the full set: 'ohlcv/SPY.csv' → …/market-data/ohlcv/SPY.csv.gz. */
export function vendoredPath(name: string): string {
  return path.join(VENDORED_DATA_DIR, name.endsWith(".gz") ? name : `${name}.gz`);
}

/** A vendored file's text, gunzipped. */
export function readVendoredText(name: string): string {
  return gunzipSync(readFileSync(vendoredPath(name))).toString("utf8");
}

/** The names (as in the full set, sorted) of the vendored files under a folder: 'fmp/stable/news' → ['fmp/stable/news/crypto/…', …]. */
export function vendoredNames(folder: string): string[] {
  return readdirSync(path.join(VENDORED_DATA_DIR, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".gz"))
    .map((entry) => path.relative(VENDORED_DATA_DIR, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .map((name) => (/\.csv\.gz$/.test(name) && name.startsWith("sp500/") && name !== "sp500/constituents.csv.gz" ? name : name.replace(/\.gz$/, "")))
    .sort();
}

/**
 * The full data set's folder, for a run that needs all of it; an error when it is absent. Test files
 * that need it are named *.shared-data.test.ts, and vitest.config.ts includes them only when the set
 * is there or REQUIRE_SHARED_DATA=1 (CI) says it must be.
 */
export function fullDataSet(purpose: string): string {
  if (existsSync(SHARED_DATA_DIR)) return SHARED_DATA_DIR;
  throw new Error(`${purpose} needs the full market data set at ${SHARED_DATA_DIR}, which does not exist.`);
}
