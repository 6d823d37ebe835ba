import { readFile } from "node:fs/promises";

/**
 * PUBLIC_UNIVERSE_FILE: the tickers the public lists analyse with Yahoo Finance or FMP, read from a
 * file (docs/universe.md). Two shapes:
 * - one ticker per line; `#` starts a comment (a whole line, or after the ticker and a space),
 *   blank lines are skipped;
 * - a CSV whose header has a `Symbol` or `Ticker` column (any case), such as an S&P 500
 *   constituents list; other columns are ignored, lines starting with `#` and blank lines skipped.
 * Tickers are upper-cased and kept once each, in the file's order.
 */

/** The shape a ticker may have: letters and digits, with `.`, `-` or `^` (BRK.B, BRK-B, ^GSPC); 12 characters at most. */
const TICKER_SHAPE = /^[A-Z0-9^][A-Z0-9.^-]{0,11}$/;
const TICKER_COLUMNS = new Set(["symbol", "ticker"]);

/** A universe file that cannot be used: the message names the file and, when it is one line's fault, the line. */
export class UniverseFileError extends Error {
  readonly code = "universe_file_invalid";

  constructor(
    readonly path: string,
    detail: string,
    readonly line?: number,
  ) {
    super(`PUBLIC_UNIVERSE_FILE ${path}${line === undefined ? "" : `, line ${line}`}: ${detail}`);
    this.name = "UniverseFileError";
  }
}

/** Splits one CSV line into fields: commas, double-quoted fields with "" for a quote. */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      fields.push(field);
      field = "";
    } else field += char;
  }
  fields.push(field);
  return fields.map((value) => value.trim());
}

/**
 * The tickers of a universe file's text; `path` only names the file in errors. Throws a
 * UniverseFileError on a line that is not a ticker, a CSV without a Symbol/Ticker column, or no ticker at all.
 */
export function parseUniverseFile(text: string, path: string): string[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const tickers = new Set<string>();
  let column: number | null = null;
  let header = true;
  for (const [index, raw] of lines.entries()) {
    const lineNumber = index + 1;
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    if (header) {
      header = false;
      const names = csvFields(trimmed).map((name) => name.toLowerCase());
      const found = names.findIndex((name) => TICKER_COLUMNS.has(name));
      if (found >= 0) {
        column = found;
        continue;
      }
      if (names.length > 1) {
        const seen = names.map((name) => `'${name}'`).join(", ");
        throw new UniverseFileError(path, `a CSV needs a 'Symbol' or 'Ticker' column in its header, found ${seen} (a plain list has one ticker per line)`, lineNumber);
      }
    }
    // A plain list may end a line with a comment; a CSV's fields are taken as they are.
    const value = column === null ? trimmed.replace(/\s#.*$/, "").trim() : csvFields(trimmed)[column];
    if (value === undefined || value === "") throw new UniverseFileError(path, `no ticker in column ${column! + 1}`, lineNumber);
    const ticker = value.toUpperCase();
    if (!TICKER_SHAPE.test(ticker)) {
      const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
      throw new UniverseFileError(path, `'${shown}' is not a ticker (letters and digits with . - ^, 12 characters at most)`, lineNumber);
    }
    tickers.add(ticker);
  }
  if (tickers.size === 0) throw new UniverseFileError(path, "the file lists no ticker");
  return [...tickers];
}

/** Reads PUBLIC_UNIVERSE_FILE: its tickers, upper-cased, each once, in the file's order (see parseUniverseFile). */
export async function readUniverseFile(path: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "the file does not exist" : `cannot be read (${(error as Error).message})`;
    throw new UniverseFileError(path, reason);
  }
  return parseUniverseFile(text, path);
}
