import { analysisReportSchema, stockSummarySchema, type StockSummary } from "../../../contracts/stock-summary";
import { CsvSyntaxError, escapeFormula, parseCsv, unescapeFormula, writeCsv } from "../../../core/csv/csv";
import { containsUnstorableText } from "../../plugins/input-guard";

/**
 * The two CSV formats of stock analyses (docs/csv-format.md), read and written without I/O:
 * - export: `id,ticker,timestamp,analysis` — analysis is the JSON report, as GET exports it;
 * - flat: `id` (optional), `timestamp`, then one column per field of the report's stock_summary (contracts/stock-summary.ts).
 * Every row is validated with the src/contracts schemas; errors name their line and column.
 */

const MAX_IMPORT_ROWS = 10_000;
const EXPORT_COLUMNS = ["id", "ticker", "timestamp", "analysis"] as const;

export interface RowError {
  line: number;
  column: string;
  message: string;
}

export interface ImportRow {
  line: number;
  /** Absent when the file has no id for the row: the importer makes one. */
  id: string | null;
  ticker: string;
  action: string;
  createdAt: Date;
  analysis: Record<string, unknown>;
}

export type CsvFormat = "export" | "flat";

export type ParseOutcome =
  | { ok: true; format: CsvFormat; rows: ImportRow[] }
  | { ok: false; kind: "too_many_rows" | "empty"; message: string }
  | { ok: false; kind: "invalid"; format: CsvFormat | null; errors: RowError[] };

type FlatKind = "text" | "number" | "priceOrNa" | "numberOrNa" | "textList" | "numberList" | "nullableNumber" | "nullableText";

/** The flat format's columns: the path of each field inside stock_summary, and how its cell reads. */
export const FLAT_COLUMNS: readonly (readonly [string, FlatKind])[] = [
  ["ticker", "text"],
  ["current_metrics.price", "number"],
  ["current_metrics.volume", "number"],
  ["current_metrics.fifty_two_week.high", "number"],
  ["current_metrics.fifty_two_week.low", "number"],
  ["recommendation.action", "text"],
  ["recommendation.triggers", "textList"],
  ["recommendation.risk_factors", "textList"],
  ["recommendation.risk_management", "text"],
  ["trade_setup.buy_point", "priceOrNa"],
  ["trade_setup.target_price", "priceOrNa"],
  ["trade_setup.stop_loss", "priceOrNa"],
  ["trade_setup.setup_type", "text"],
  ["technical_analysis.moving_averages.ema_50", "priceOrNa"],
  ["technical_analysis.moving_averages.ema_150", "priceOrNa"],
  ["technical_analysis.moving_averages.ema_200", "priceOrNa"],
  ["technical_analysis.trend", "text"],
  ["technical_analysis.distance_from_52_week_high", "numberOrNa"],
  ["technical_analysis.volume_analysis", "text"],
  ["technical_analysis.volatility_pattern", "text"],
  ["technical_analysis.technical_setup", "text"],
  ["technical_analysis.technical_setup_trigger", "text"],
  ["technical_analysis.technical_setup_trigger_key_triggers", "textList"],
  ["technical_analysis.technical_setup_trigger_risk_factors", "textList"],
  ["fundamental_analysis.quarterly_eps_growth", "numberList"],
  ["fundamental_analysis.quarterly_eps_growth_trend", "text"],
  ["fundamental_analysis.annual_growth_trend", "text"],
  ["fundamental_analysis.industry_position", "text"],
  ["fundamental_analysis.sector_performance", "text"],
  ["institutional_ownership.institutional_ownership", "nullableNumber"],
  ["institutional_ownership.institutional_ownership_trend", "nullableText"],
  ["market_analysis.market_sentiment", "text"],
  ["market_analysis.market_trend", "text"],
  ["risk_assessment.market_conditions", "text"],
  ["risk_assessment.technical_risks", "text"],
  ["risk_assessment.setup_risks", "text"],
];

/** An exported analysis: the report of the engine, or a stock_summary alone (flat imports). */
const storedAnalysisSchema = analysisReportSchema.partial({ meta: true });
const idSchema = /^[A-Za-z0-9_.:-]{1,64}$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const MAX_ERRORS = 200;

/** ISO 8601 date or date-time; no zone means UTC. Null when it is not one or not a real date. */
export function parseTimestamp(value: string): Date | null {
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00", frac = "", zone = "Z"] = match;
  const zoneText = zone.toUpperCase() === "Z" ? "Z" : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${(frac + "000").slice(0, 3)}${zoneText}`);
  if (Number.isNaN(date.getTime())) return null;
  // Reject dates JavaScript would roll over (2025-02-30).
  if (zoneText === "Z" && (date.getUTCDate() !== Number(d) || date.getUTCMonth() + 1 !== Number(mo))) return null;
  return date;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]!] = value;
}

function listItems(cell: string): string[] | unknown {
  const trimmed = cell.trim();
  if (trimmed === "") return [];
  if (trimmed.startsWith("[")) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return { error: "A list that starts with [ must be a JSON array." };
    }
  }
  return trimmed.split(/\r\n|\r|\n/).map((item) => item.trim()).filter((item) => item !== "");
}

/** One flat cell as the value the schema expects; `{error}` when the text cannot be that type. */
function readCell(kind: FlatKind, cell: string): unknown {
  const text = cell.trim();
  const number = (value: string) => (NUMBER.test(value) ? Number(value) : { error: `Expected a number, got "${value.slice(0, 40)}".` });
  switch (kind) {
    case "text":
      return text === "" ? undefined : cell;
    case "nullableText":
      return text === "" ? null : cell;
    case "number":
      return text === "" ? undefined : number(text);
    case "nullableNumber":
      return text === "" || text.toUpperCase() === "N/A" ? null : number(text);
    case "priceOrNa":
    case "numberOrNa":
      return text === "" ? undefined : text.toUpperCase() === "N/A" ? "N/A" : number(text);
    case "textList":
      return listItems(cell);
    case "numberList": {
      const items = listItems(cell);
      if (!Array.isArray(items)) return items;
      const parts = items.flatMap((item) => (typeof item === "string" ? item.split(";").map((p) => p.trim()).filter(Boolean) : [item]));
      const values = parts.map((item) => (typeof item === "string" ? number(item) : item));
      return values.find((v) => typeof v === "object" && v !== null && "error" in v) ?? values;
    }
  }
}

/** JSON escapes decode to text PostgreSQL's jsonb refuses (a 500 if stored): refused per row instead. */
const UNSTORABLE_TEXT = "Contains a NUL character or half of a surrogate pair (a \\u0000 or \\ud800 escape), which cannot be stored.";

const isCellError = (value: unknown): value is { error: string } => typeof value === "object" && value !== null && !Array.isArray(value) && "error" in value;

function issuePath(path: readonly PropertyKey[]): string {
  return path.filter((key) => typeof key === "string").join(".");
}

function firstLineLimit(errors: RowError[]): RowError[] {
  return errors.slice(0, MAX_ERRORS);
}

/** Unknown, repeated and missing columns of the header row, for the format it names. */
function headerProblems(names: string[], format: CsvFormat, line: number): RowError[] {
  const known = new Set<string>(format === "export" ? EXPORT_COLUMNS : ["id", "timestamp", ...FLAT_COLUMNS.map(([name]) => name)]);
  const required = format === "export" ? ["ticker", "timestamp", "analysis"] : ["timestamp", ...FLAT_COLUMNS.map(([name]) => name)];
  const headerErrors: RowError[] = [];
  names.forEach((name, index) => {
    if (!known.has(name)) headerErrors.push({ line, column: name || `column ${index + 1}`, message: `Unknown column "${name}" for the ${format} format.` });
    else if (names.indexOf(name) !== index) headerErrors.push({ line, column: name, message: `Column "${name}" appears twice.` });
  });
  for (const name of required) {
    if (!names.includes(name)) headerErrors.push({ line, column: name, message: `Missing column "${name}".` });
  }
  return headerErrors;
}

/** One row's analysis, or null with its problems added to `rowErrors`. */
type ReadAnalysis = { analysis: Record<string, unknown>; summary: StockSummary } | null;
type RowCell = (name: string) => string;

/** The export format: the whole report as JSON in `analysis`, its ticker repeated in `ticker`. */
function readExportAnalysis(cell: RowCell, line: number, rowErrors: RowError[]): ReadAnalysis {
  let json: unknown;
  try {
    json = JSON.parse(cell("analysis"));
  } catch (error) {
    rowErrors.push({ line, column: "analysis", message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` });
  }
  if (json === undefined) return null;
  if (containsUnstorableText(json)) {
    rowErrors.push({ line, column: "analysis", message: UNSTORABLE_TEXT });
    return null;
  }
  const parsed = storedAnalysisSchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues.slice(0, 5)) rowErrors.push({ line, column: "analysis", message: `${issuePath(issue.path) || "(root)"}: ${issue.message}` });
    return null;
  }
  const summary = parsed.data.stock_summary;
  const ticker = cell("ticker").trim();
  if (ticker !== summary.ticker) rowErrors.push({ line, column: "ticker", message: `"${ticker}" does not match stock_summary.ticker "${summary.ticker}" in analysis.` });
  return { analysis: parsed.data, summary };
}

/** The flat format: one column per report field, each cell read as its field's type, then the report checked whole. */
function readFlatAnalysis(cell: RowCell, line: number, rowErrors: RowError[]): ReadAnalysis {
  const candidate: Record<string, unknown> = {};
  let cellsOk = true;
  for (const [name, kind] of FLAT_COLUMNS) {
    const value = readCell(kind, cell(name));
    if (isCellError(value) || containsUnstorableText(value)) {
      rowErrors.push({ line, column: name, message: isCellError(value) ? value.error : UNSTORABLE_TEXT });
      cellsOk = false;
    } else if (value !== undefined) setPath(candidate, name, value);
  }
  if (!cellsOk) return null;
  const parsed = stockSummarySchema.safeParse(candidate);
  if (parsed.success) return { analysis: { stock_summary: parsed.data }, summary: parsed.data };
  for (const issue of parsed.error.issues) {
    const column = issuePath(issue.path);
    const missing = issue.code === "invalid_type" && cell(column).trim() === "";
    rowErrors.push({ line, column, message: missing ? "A value is required." : issue.message });
  }
  return null;
}

/**
 * Reads a whole CSV file of analyses. Either every row is valid (and comes back ready to store), or
 * the answer lists what is wrong, by line and column — at most 200 problems.
 */
export function readAnalysesCsv(text: string): ParseOutcome {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, kind: "invalid", format: null, errors: [{ line: error.line, column: "", message: error.message }] };
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return { ok: false, kind: "empty", message: "The file is empty. It needs a header row and at least one analysis." };
  if (body.length > MAX_IMPORT_ROWS) {
    return { ok: false, kind: "too_many_rows", message: `The file has ${body.length.toLocaleString("en-US")} rows; at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} can be imported at once. Split it into smaller files.` };
  }
  if (body.length === 0) return { ok: false, kind: "empty", message: "The file has a header row but no analyses." };

  const names = header.fields.map((name) => unescapeFormula(name).trim().toLowerCase());
  const format: CsvFormat = names.includes("analysis") ? "export" : "flat";
  const headerErrors = headerProblems(names, format, header.line);
  if (headerErrors.length > 0) return { ok: false, kind: "invalid", format, errors: firstLineLimit(headerErrors) };

  const errors: RowError[] = [];
  const rows: ImportRow[] = [];
  for (const record of body) {
    if (errors.length >= MAX_ERRORS) break;
    const line = record.line;
    if (record.fields.length !== names.length) {
      const column = record.fields.length < names.length ? names[record.fields.length]! : `column ${names.length + 1}`;
      errors.push({ line, column, message: `Expected ${names.length} fields, found ${record.fields.length}.` });
      continue;
    }
    const cell = (name: string) => {
      const index = names.indexOf(name);
      return index === -1 ? "" : unescapeFormula(record.fields[index]!);
    };
    const rowErrors: RowError[] = [];
    const idText = cell("id").trim();
    if (idText !== "" && !idSchema.test(idText)) rowErrors.push({ line, column: "id", message: "An id has 1 to 64 letters, digits, '-', '_', '.' or ':'." });
    const createdAt = parseTimestamp(cell("timestamp"));
    if (!createdAt) rowErrors.push({ line, column: "timestamp", message: "Expected an ISO 8601 date or date-time, e.g. 2025-06-30T14:30:00Z." });

    const read = format === "export" ? readExportAnalysis(cell, line, rowErrors) : readFlatAnalysis(cell, line, rowErrors);
    const analysis = read?.analysis;
    const summary = read?.summary;
    if (rowErrors.length > 0 || !analysis || !summary || !createdAt) {
      errors.push(...rowErrors);
      continue;
    }
    rows.push({ line, id: idText || null, ticker: summary.ticker, action: summary.recommendation.action, createdAt, analysis });
  }
  if (errors.length > 0) return { ok: false, kind: "invalid", format, errors: firstLineLimit(errors) };
  return { ok: true, format, rows };
}

export interface ExportRow {
  id: string;
  ticker: string;
  createdAt: Date;
  analysis: unknown;
}

/** The export format: a header and one row per analysis, every cell escaped against formula injection. */
export function writeAnalysesCsv(rows: readonly ExportRow[]): string {
  const table = [
    [...EXPORT_COLUMNS],
    ...rows.map((row) => [row.id, row.ticker, row.createdAt.toISOString(), JSON.stringify(row.analysis)]),
  ];
  return writeCsv(table.map((cells) => cells.map(escapeFormula)));
}
