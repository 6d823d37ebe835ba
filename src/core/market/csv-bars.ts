import type { DailyBars } from "./market-data";
import { barsFromRows } from "./market-data";

export class CsvBarsError extends Error {
  readonly code = "invalid_csv";
  constructor(message: string) {
    super(message);
    this.name = "CsvBarsError";
  }
}

const REQUIRED = ["date", "open", "high", "low", "close", "volume"] as const;

function splitLine(line: string): string[] {
  return line.split(",").map((cell) => cell.trim().replace(/^"(.*)"$/, "$1"));
}

/**
 * Daily bars from CSV text: columns date, open, high, low, close, volume in any order and case.
 * When 'Adj Close' is present, prices are scaled by adj/close so the series is split- and
 * dividend-adjusted (volume is left as traded). Rows are sorted by date; 'null' rows are skipped.
 */
export function parseBarsCsv(text: string): DailyBars {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (lines.length < 2) throw new CsvBarsError("The CSV has no data rows.");
  const header = splitLine(lines[0]!).map((h) => h.toLowerCase().replace(/[\s_]+/g, " "));
  const index: Record<string, number> = {};
  for (const name of REQUIRED) {
    const at = header.indexOf(name);
    if (at === -1) throw new CsvBarsError(`The CSV has no '${name}' column (found: ${header.join(", ")}).`);
    index[name] = at;
  }
  const adjAt = header.findIndex((h) => h === "adj close" || h === "adjclose" || h === "adjusted close");
  const rows: { date: string; open: number; high: number; low: number; close: number; volume: number }[] = [];
  for (let k = 1; k < lines.length; k++) {
    const cells = splitLine(lines[k]!);
    const cell = (name: (typeof REQUIRED)[number]) => cells[index[name]!] ?? "";
    if (REQUIRED.some((name) => /^(null|nan|)$/i.test(cell(name)))) continue;
    const date = cell("date").slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new CsvBarsError(`Row ${k + 1}: '${cell("date")}' is not a date (YYYY-MM-DD).`);
    const values = { open: Number(cell("open")), high: Number(cell("high")), low: Number(cell("low")), close: Number(cell("close")), volume: Number(cell("volume")) };
    if (Object.values(values).some((v) => !Number.isFinite(v))) throw new CsvBarsError(`Row ${k + 1}: a price or volume is not a number.`);
    const adjusted = adjAt >= 0 ? Number(cells[adjAt]) : Number.NaN;
    const factor = Number.isFinite(adjusted) && adjusted > 0 && values.close > 0 ? adjusted / values.close : 1;
    rows.push({
      date,
      open: values.open * factor,
      high: values.high * factor,
      low: values.low * factor,
      close: values.close * factor,
      volume: values.volume,
    });
  }
  rows.sort((a, b) => a.date.localeCompare(b.date));
  for (let k = 1; k < rows.length; k++) {
    if (rows[k]!.date === rows[k - 1]!.date) throw new CsvBarsError(`The date ${rows[k]!.date} appears twice.`);
  }
  return barsFromRows(rows);
}
