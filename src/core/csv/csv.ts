/**
 * RFC 4180 CSV, pure: a reader that keeps the line each record starts on, and a writer that quotes
 * only when it must. UTF-8 decoding (BOM, binary detection) is here too, so callers get one answer
 * for 'is this a CSV at all'.
 */

export interface CsvRecord {
  /** 1-based line of the file on which the record starts (a quoted field may span lines). */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  readonly code = "csv_syntax";
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = "CsvSyntaxError";
  }
}

/**
 * Parses CSV text (LF or CRLF, lone CR too) into records. Quoted fields may hold commas, quotes
 * (doubled) and line breaks. Blank lines are skipped. A quote inside an unquoted field, text after a
 * closing quote, or a quote left open at the end of the file is a CsvSyntaxError with its line.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const n = text.length;
  // State: at the start of a field, inside an unquoted field, inside a quoted one, just after a closing quote.
  let state: "start" | "plain" | "quoted" | "closed" = "start";
  let quoteLine = 1;

  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === "" && state === "start")) records.push({ line: recordLine, fields });
    fields = [];
    field = "";
  };

  while (i < n) {
    const c = text[i]!;
    if (state === "quoted") {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        state = "closed";
        i++;
        continue;
      }
      if (c === "\n" || (c === "\r" && text[i + 1] !== "\n")) line++;
      field += c;
      i++;
      continue;
    }
    if (c === ",") {
      fields.push(field);
      field = "";
      state = "start";
      i++;
      continue;
    }
    if (c === "\r" || c === "\n") {
      endRecord();
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      recordLine = line;
      state = "start";
      continue;
    }
    if (state === "closed") throw new CsvSyntaxError(line, `Line ${line}: unexpected text after a closing quote (a quote inside a quoted field must be doubled: "").`);
    if (c === '"') {
      if (state === "plain") throw new CsvSyntaxError(line, `Line ${line}: a quote inside an unquoted field (quote the whole field and double the quote: "").`);
      state = "quoted";
      quoteLine = line;
      i++;
      continue;
    }
    state = "plain";
    field += c;
    i++;
  }
  if (state === "quoted") throw new CsvSyntaxError(quoteLine, `Line ${quoteLine}: a quoted field is never closed.`);
  if (state !== "start" || field !== "" || fields.length > 0) endRecord();
  return records;
}

function quoteField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Writes records as CSV with CRLF line ends (RFC 4180); a row of one empty field is written `""` so it is not a blank line. */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => (row.length === 1 && row[0] === "" ? '""' : row.map(quoteField).join(",")) + "\r\n").join("");
}

/** Cells a spreadsheet would run as a formula (CSV injection), after any quotes already added. */
const ESCAPABLE = /^'*[=+\-@\t\r]/;
const ESCAPED = /^'+[=+\-@\t\r]/;

/**
 * Prefixes a cell that begins with =, +, -, @, tab or carriage return with a single quote `'`.
 * A cell that already begins with quotes before such a character gets one more, so that
 * unescapeFormula reverses this exactly.
 */
export function escapeFormula(value: string): string {
  return ESCAPABLE.test(value) ? `'${value}` : value;
}

/** Exactly reverses escapeFormula: unescapeFormula(escapeFormula(v)) === v for every string. */
export function unescapeFormula(value: string): string {
  return ESCAPED.test(value) ? value.slice(1) : value;
}

export type DecodeResult = { ok: true; text: string } | { ok: false; reason: "binary" | "invalid_utf8" };

/** Decodes UTF-8 (a leading BOM is dropped); NUL bytes or invalid UTF-8 mean the file is not a CSV. */
export function decodeCsvBytes(bytes: Uint8Array): DecodeResult {
  if (bytes.includes(0)) return { ok: false, reason: "binary" };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, reason: "invalid_utf8" };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u0008\u000e-\u001f\u007f]/.test(text.slice(0, 8192))) return { ok: false, reason: "binary" };
  return { ok: true, text };
}
