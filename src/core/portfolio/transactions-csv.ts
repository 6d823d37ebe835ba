import { CsvSyntaxError, escapeFormula, parseCsv, unescapeFormula, writeCsv } from "../csv/csv";
import { byDate } from "./lots";
import type { Trade, TradeSide } from "./portfolio-types";

/**
 * The transactions CSV (docs/csv-format.md): one trade a row, all or nothing like the analyses
 * import. `stop` and `initial_stop` are optional columns read on the buy that opens a position, so an
 * export imports back to the same positions.
 */

export const TRANSACTION_COLUMNS = ["date", "ticker", "side", "quantity", "price", "fees", "stop", "initial_stop"] as const;
const REQUIRED = ["date", "ticker", "side", "quantity", "price"];
const MAX_IMPORT_ROWS = 5_000;
const MAX_ERRORS = 200;
const MAX_SHARES = 1_000_000_000;
const MAX_PRICE = 10_000_000;
/** The smallest amounts the database keeps (six places for shares, four for money). */
const MIN_SHARES = 0.000001;
const MIN_PRICE = 0.0001;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const TICKER = /^[A-Za-z0-9.^=-]{1,12}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface RowError {
  line: number;
  column: string;
  message: string;
}

export interface TransactionRow {
  line: number;
  date: string;
  ticker: string;
  side: TradeSide;
  shares: number;
  price: number;
  fees: number;
  stop: number | null;
  initialStop: number | null;
}

export type TransactionsOutcome =
  | { ok: true; rows: TransactionRow[] }
  | { ok: false; kind: "too_many_rows" | "empty"; message: string }
  | { ok: false; kind: "invalid"; errors: RowError[] };

/** A real date from 1970 to tomorrow (UTC). */
function tradeDate(text: string, today: Date): boolean {
  if (!DATE.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  const tomorrow = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === text && time >= 0 && time <= tomorrow;
}

function headerProblems(names: string[], line: number): RowError[] {
  const errors: RowError[] = [];
  names.forEach((name, index) => {
    if (!(TRANSACTION_COLUMNS as readonly string[]).includes(name)) errors.push({ line, column: name || `column ${index + 1}`, message: `Unknown column "${name}". The columns are ${TRANSACTION_COLUMNS.join(", ")}.` });
    else if (names.indexOf(name) !== index) errors.push({ line, column: name, message: `Column "${name}" appears twice.` });
  });
  for (const name of REQUIRED) if (!names.includes(name)) errors.push({ line, column: name, message: `Missing column "${name}".` });
  return errors;
}

type Cell = (name: string) => string;

/** A number cell within (0 or more, up to max]; undefined with an error added when it is not. */
function readNumber(cell: Cell, name: string, line: number, errors: RowError[], opts: { min: number; max: number; zero?: boolean; optional?: boolean }): number | null | undefined {
  const text = cell(name).trim();
  if (text === "") {
    if (opts.optional) return null;
    errors.push({ line, column: name, message: "A value is required." });
    return undefined;
  }
  const value = NUMBER.test(text) ? Number(text) : Number.NaN;
  const low = opts.zero ? value >= 0 : value >= opts.min;
  if (!Number.isFinite(value) || !low || value > opts.max) {
    errors.push({ line, column: name, message: `Expected a number from ${opts.zero ? 0 : opts.min} up to ${opts.max.toLocaleString("en-US")}, got "${text.slice(0, 40)}".` });
    return undefined;
  }
  return value;
}

function readRow(cell: Cell, line: number, today: Date, errors: RowError[]): TransactionRow | null {
  const before = errors.length;
  const date = cell("date").trim();
  if (!tradeDate(date, today)) errors.push({ line, column: "date", message: "Expected a date as YYYY-MM-DD, from 1970 to today." });
  const ticker = cell("ticker").trim().toUpperCase();
  if (!TICKER.test(ticker)) errors.push({ line, column: "ticker", message: "A ticker has 1 to 12 letters, digits, '.', '-', '^' or '='." });
  const side = cell("side").trim().toLowerCase();
  if (side !== "buy" && side !== "sell") errors.push({ line, column: "side", message: 'Expected "buy" or "sell".' });
  const money = { min: MIN_PRICE, max: MAX_PRICE };
  const shares = readNumber(cell, "quantity", line, errors, { min: MIN_SHARES, max: MAX_SHARES });
  const price = readNumber(cell, "price", line, errors, money);
  const fees = readNumber(cell, "fees", line, errors, { ...money, zero: true, optional: true });
  const stop = readNumber(cell, "stop", line, errors, { ...money, optional: true });
  const initialStop = readNumber(cell, "initial_stop", line, errors, { ...money, optional: true });
  if (errors.length > before || shares == null || price == null || fees === undefined || stop === undefined || initialStop === undefined) return null;
  return { line, date, ticker, side: side as TradeSide, shares, price, fees: fees ?? 0, stop, initialStop };
}

/** Reads a whole transactions file: every row valid, or the problems by line and column (at most 200). */
export function readTransactionsCsv(text: string, today: Date = new Date()): TransactionsOutcome {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, kind: "invalid", errors: [{ line: error.line, column: "", message: error.message }] };
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return { ok: false, kind: "empty", message: "The file is empty. It needs a header row and at least one transaction." };
  if (body.length > MAX_IMPORT_ROWS) {
    return { ok: false, kind: "too_many_rows", message: `The file has ${body.length.toLocaleString("en-US")} rows; at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} can be imported at once. Split it into smaller files.` };
  }
  if (body.length === 0) return { ok: false, kind: "empty", message: "The file has a header row but no transactions." };
  const names = header.fields.map((name) => unescapeFormula(name).trim().toLowerCase());
  const problems = headerProblems(names, header.line);
  if (problems.length > 0) return { ok: false, kind: "invalid", errors: problems.slice(0, MAX_ERRORS) };

  const errors: RowError[] = [];
  const rows: TransactionRow[] = [];
  for (const record of body) {
    if (errors.length >= MAX_ERRORS) break;
    if (record.fields.length !== names.length) {
      const column = record.fields.length < names.length ? names[record.fields.length]! : `column ${names.length + 1}`;
      errors.push({ line: record.line, column, message: `Expected ${names.length} fields, found ${record.fields.length}.` });
      continue;
    }
    const cell: Cell = (name) => {
      const index = names.indexOf(name);
      return index === -1 ? "" : unescapeFormula(record.fields[index]!);
    };
    const row = readRow(cell, record.line, today, errors);
    if (row) rows.push(row);
  }
  if (errors.length > 0) return { ok: false, kind: "invalid", errors: errors.slice(0, MAX_ERRORS) };
  return { ok: true, rows };
}

const MICRO = 1_000_000;
const toMicro = (shares: number) => Math.round(shares * MICRO);

type PlannedTrade = Omit<TransactionRow, "ticker" | "stop" | "initialStop">;

/** A position the file opens (a buy of a ticker with no open position). */
interface PlannedPosition {
  ticker: string;
  openedOn: string;
  closedOn: string | null;
  stop: number | null;
  initialStop: number | null;
  trades: PlannedTrade[];
}

/** Trades the file adds to a position already open. */
interface PlannedAddition {
  positionId: string;
  closedOn: string | null;
  /** A stop given on one of the added buys moves the position's stop. */
  stop: number | null;
  trades: PlannedTrade[];
}

export interface OpenPosition {
  id: string;
  ticker: string;
  trades: Trade[];
}

export type ImportPlan = { ok: true; opened: PlannedPosition[]; added: PlannedAddition[] } | { ok: false; errors: RowError[] };

type Current = { held: number; planned: PlannedPosition | PlannedAddition };

const heldMicro = (trades: readonly Trade[]) => trades.reduce((sum, trade) => sum + (trade.side === "buy" ? 1 : -1) * toMicro(trade.shares), 0);
const formatShares = (micro: number) => String(micro / MICRO);

function openOrAdd(row: TransactionRow, current: Current | undefined, opened: PlannedPosition[]): Current {
  const trade: PlannedTrade = { line: row.line, date: row.date, side: row.side, shares: row.shares, price: row.price, fees: row.fees };
  if (!current) {
    const planned: PlannedPosition = { ticker: row.ticker, openedOn: row.date, closedOn: null, stop: row.stop, initialStop: row.initialStop ?? row.stop, trades: [trade] };
    opened.push(planned);
    return { held: toMicro(row.shares), planned };
  }
  current.planned.trades.push(trade);
  if (row.stop !== null) current.planned.stop = row.stop;
  return { held: current.held + toMicro(row.shares), planned: current.planned };
}

/**
 * Plans an import against the user's open positions, rows by date (a date's rows in file order): a buy
 * opens a position or adds to the open one of its ticker; a sell needs the shares (FIFO is applied
 * when valued). Every sell of a ticker with no shares, or of more than are held, is a row error.
 */
export function planImport(existingOpen: readonly OpenPosition[], rows: readonly TransactionRow[]): ImportPlan {
  const current = new Map<string, Current>();
  const additions: PlannedAddition[] = existingOpen.map((position) => ({ positionId: position.id, closedOn: null, stop: null, trades: [] }));
  existingOpen.forEach((position, index) => current.set(position.ticker, { held: heldMicro(position.trades), planned: additions[index]! }));
  const opened: PlannedPosition[] = [];
  const errors: RowError[] = [];
  for (const row of byDate(rows)) {
    const now = current.get(row.ticker);
    if (row.side === "buy") {
      current.set(row.ticker, openOrAdd(row, now, opened));
      continue;
    }
    const micro = toMicro(row.shares);
    if (!now || now.held === 0) {
      errors.push({ line: row.line, column: "quantity", message: `No shares of ${row.ticker} are held on ${row.date} to sell.` });
      continue;
    }
    if (micro > now.held) {
      errors.push({ line: row.line, column: "quantity", message: `Sells ${formatShares(micro)} shares of ${row.ticker} but only ${formatShares(now.held)} are held on ${row.date}.` });
      continue;
    }
    now.planned.trades.push({ line: row.line, date: row.date, side: "sell", shares: row.shares, price: row.price, fees: row.fees });
    now.held -= micro;
    if (now.held === 0) {
      now.planned.closedOn = row.date;
      current.delete(row.ticker);
    }
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line).slice(0, MAX_ERRORS) };
  return { ok: true, opened, added: additions.filter((addition) => addition.trades.length > 0) };
}

export interface ExportPosition {
  ticker: string;
  stop: number | null;
  initialStop: number | null;
  trades: Trade[];
}

const numberCell = (value: number | null) => (value === null ? "" : String(value));

/**
 * The transactions file of positions (in the order given: oldest first), rows by date; the buy that
 * opens each position carries its stop and initial stop, so the file imports back to the same positions.
 */
export function writeTransactionsCsv(positions: readonly ExportPosition[]): string {
  const rows = positions.flatMap((position, order) => {
    const trades = byDate(position.trades);
    return trades.map((trade, index) => ({
      order,
      date: trade.date,
      cells: [
        trade.date,
        position.ticker,
        trade.side,
        String(trade.shares),
        String(trade.price),
        String(trade.fees),
        index === 0 ? numberCell(position.stop) : "",
        index === 0 ? numberCell(position.initialStop) : "",
      ],
    }));
  });
  // By date; one date's rows by position age, so a position closed that day comes before the next one opened.
  const sorted = rows
    .map((row, index) => ({ ...row, index }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order || a.index - b.index));
  return writeCsv([[...TRANSACTION_COLUMNS], ...sorted.map((row) => row.cells)].map((cells) => cells.map(escapeFormula)));
}
