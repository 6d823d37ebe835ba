// node --import tsx scripts/vendor-test-fixtures.ts — rebuilds src/test-fixtures/market-data/ from the
// full data set beside the repository (../shared/data): the files the tests read, each gzipped, with
// the replay's S&P 500 prices cut to the years it plays. Rows are copied, never edited; the fixture
// test (src/test-fixtures/market-data.test.ts) checks that against the full set when it is present.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { TRIMMED_SP500, SHARED_DATA_DIR, VENDORED_DATA_DIR } from "../src/test-fixtures/market-data";

/** Whole folders, every file. */
const FOLDERS = ["yahoo", "fmp/stable", "reference/ta-stockcharts"];
/** Single files, whole (sp500 files not listed in TRIMMED_SP500' tickers are copied whole too). */
const FILES = [
  ...["AAPL", "GOOG", "MSFT", "SPY", "INTC", "IBM", "KO", "SPY-20200901-20210113"].map((name) => `ohlcv/${name}.csv`),
  "sp500/constituents.csv",
  ...["AAPL", "MSFT", "NVDA", "XOM"].map((ticker) => `sp500/${ticker}.csv.gz`),
  ...TRIMMED_SP500.tickers.map((ticker) => `sp500/${ticker}.csv.gz`),
];

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(SHARED_DATA_DIR, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(SHARED_DATA_DIR, path.join(entry.parentPath, entry.name)));
}

/** The source's text; a trimmed ticker keeps its header and the rows dated within the trim. */
function vendoredText(name: string): string {
  const raw = readFileSync(path.join(SHARED_DATA_DIR, name));
  const text = (name.endsWith(".gz") ? gunzipSync(raw) : raw).toString("utf8");
  const ticker = /^sp500\/(.+)\.csv\.gz$/.exec(name)?.[1];
  if (!ticker || !TRIMMED_SP500.tickers.includes(ticker)) return text;
  const [header, ...rows] = text.split("\n");
  const kept = rows.filter((row) => row.slice(0, 10) >= TRIMMED_SP500.from && row.slice(0, 10) <= TRIMMED_SP500.to);
  return [header, ...kept].join("\n") + (text.endsWith("\n") ? "\n" : "");
}

// The README beside the data stays.
for (const top of ["ohlcv", "sp500", "yahoo", "fmp", "reference"]) rmSync(path.join(VENDORED_DATA_DIR, top), { recursive: true, force: true });
let bytes = 0;
const names = [...FOLDERS.flatMap(filesUnder), ...FILES].sort();
for (const name of names) {
  const target = path.join(VENDORED_DATA_DIR, name.endsWith(".gz") ? name : `${name}.gz`);
  mkdirSync(path.dirname(target), { recursive: true });
  const gz = gzipSync(vendoredText(name), { level: 9 });
  writeFileSync(target, gz);
  bytes += gz.length;
}
console.log(`${names.length} files, ${(bytes / 1024 / 1024).toFixed(2)} MB gzipped, in ${path.relative(process.cwd(), VENDORED_DATA_DIR)}`);
