import { readdir, readFile, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import type { DailyBars } from "../../core/market/market-data";
import { HistoryCsvError, parseHistoryCsv, parseHistoryCsvWithEvents } from "../../core/market/history-csv";
import { checkSeries, type DataCheck } from "../../core/market/price-check";

/** Price history files for back-tests: folders or files of CSV (optionally gzipped) daily bars. */
export interface HistorySeries {
  ticker: string;
  bars: DailyBars;
  sector: string | null;
  name: string | null;
}

const gunzipAsync = promisify(gunzip);
const PRICE_FILE = /\.csv(\.gz)?$/i;
const CONSTITUENTS = "constituents.csv";
/** Files read at once: enough to keep the disk and zlib's thread pool busy while the main thread parses. */
const CONCURRENCY = 16;

/** The ticker a file holds: its name without .csv/.csv.gz, upper-cased ('brk.b.csv.gz' -> 'BRK.B'). */
function tickerOf(file: string): string {
  return basename(file).replace(PRICE_FILE, "").toUpperCase();
}

async function readText(file: string): Promise<string> {
  const raw = await readFile(file);
  // Output chunks of 256 KiB hold a whole file of the sp500 set at once (the default 16 KiB takes a dozen round trips).
  return (/\.gz$/i.test(file) ? await gunzipAsync(raw, { chunkSize: 1 << 18 }) : raw).toString("utf8");
}

/** One CSV line split on commas outside double quotes ('"Apple, Inc."' stays one cell). */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let k = 0; k < line.length; k++) {
    const char = line[k]!;
    if (quoted) {
      if (char === '"' && line[k + 1] === '"') {
        cell += '"';
        k++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      cells.push(cell.trim());
      cell = "";
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/** ticker -> name and sector from a constituents.csv (ticker,name,sector,first_date,last_date,sessions). */
function parseConstituents(text: string, file: string): Map<string, { name: string | null; sector: string | null }> {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/).filter((line) => line.trim() !== "");
  const header = splitCsvLine(lines[0] ?? "").map((cell) => cell.toLowerCase());
  const tickerAt = header.indexOf("ticker");
  const nameAt = header.indexOf("name");
  const sectorAt = header.indexOf("sector");
  if (tickerAt === -1) throw new HistoryCsvError(`${file}: no 'ticker' column (found: ${header.join(",")}).`);
  const byTicker = new Map<string, { name: string | null; sector: string | null }>();
  for (const line of lines.slice(1)) {
    const cells = splitCsvLine(line);
    const ticker = cells[tickerAt]?.toUpperCase();
    if (!ticker) continue;
    byTicker.set(ticker, {
      name: (nameAt >= 0 && cells[nameAt]) || null,
      sector: (sectorAt >= 0 && cells[sectorAt]) || null,
    });
  }
  return byTicker;
}

/** Reads and parses one history file (.csv or .csv.gz); errors name the file. */
export async function readHistoryFile(file: string): Promise<DailyBars> {
  const text = await readText(file);
  try {
    return parseHistoryCsv(text, tickerOf(file));
  } catch (error) {
    if (error instanceof HistoryCsvError) throw new HistoryCsvError(`${file}: ${error.message}`);
    throw error;
  }
}

/** One universe file, checked for unexplained jumps and cut after the last one (see price-check). */
async function readCheckedFile(file: string, ticker: string): Promise<{ bars: DailyBars; check: DataCheck | null }> {
  const text = await readText(file);
  try {
    const { bars, events } = parseHistoryCsvWithEvents(text, ticker);
    return checkSeries(ticker, bars, events);
  } catch (error) {
    if (error instanceof HistoryCsvError) throw new HistoryCsvError(`${file}: ${error.message}`);
    throw error;
  }
}

/**
 * Every series the paths name: a file is read as it is; a folder gives its *.csv and *.csv.gz
 * (not recursive) sorted by ticker, with name and sector from its constituents.csv when it has one
 * (that file holds no prices). The same ticker twice (AAPL.csv beside AAPL.csv.gz, or in two
 * folders) is an error rather than a silent choice between them. Each series passes the data check:
 * one with an unexplained jump keeps only its sessions after the last jump (one with nothing left is
 * left out), and `checks` reports it, so a cut is never silent.
 */
export async function readHistoryFolder(paths: string[]): Promise<{ series: HistorySeries[]; checks: DataCheck[] }> {
  const jobs: { file: string; ticker: string; name: string | null; sector: string | null }[] = [];
  for (const path of paths) {
    if (!(await stat(path)).isDirectory()) {
      jobs.push({ file: path, ticker: tickerOf(path), name: null, sector: null });
      continue;
    }
    const entries = await readdir(path, { withFileTypes: true });
    const hasConstituents = entries.some((entry) => entry.isFile() && entry.name.toLowerCase() === CONSTITUENTS);
    const constituents = hasConstituents ? parseConstituents(await readText(join(path, CONSTITUENTS)), join(path, CONSTITUENTS)) : new Map<string, never>();
    const files = entries
      .filter((entry) => entry.isFile() && PRICE_FILE.test(entry.name) && entry.name.toLowerCase() !== CONSTITUENTS)
      .map((entry) => ({ file: join(path, entry.name), ticker: tickerOf(entry.name) }))
      .sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
    for (const { file, ticker } of files) {
      const info = constituents.get(ticker);
      jobs.push({ file, ticker, name: info?.name ?? null, sector: info?.sector ?? null });
    }
  }

  const firstFile = new Map<string, string>();
  for (const job of jobs) {
    const earlier = firstFile.get(job.ticker);
    if (earlier !== undefined) throw new HistoryCsvError(`${job.ticker} appears twice: ${earlier} and ${job.file}.`);
    firstFile.set(job.ticker, job.file);
  }

  const results = new Array<HistorySeries & { check: DataCheck | null }>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const k = next++;
      const job = jobs[k]!;
      const { bars, check } = await readCheckedFile(job.file, job.ticker);
      results[k] = { ticker: job.ticker, bars, sector: job.sector, name: job.name, check };
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, jobs.length) }, worker));
  return {
    series: results.filter((r) => r.bars.dates.length > 0).map(({ check: _check, ...series }) => series),
    checks: results.flatMap((r) => (r.check ? [r.check] : [])),
  };
}
