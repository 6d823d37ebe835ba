import { escapeFormula, writeCsv } from "../../../core/csv/csv";
import type { ScreenerRow } from "../../../contracts/screener";
import { saveBlob } from "../../lib/file-download";

/**
 * The rows shown as CSV, for a spreadsheet: plain numbers (no thousands separators), percentages as
 * percent figures with one decimal as the page shows them. Texts (company names come from the data
 * provider) are guarded against formulas; figures are not, so a negative change stays a number.
 */

const percent = (value: number | null) => (value === null ? "" : (Math.round(value * 1000) / 10).toFixed(1));
const fixed = (value: number | null, digits: number) => (value === null ? "" : value.toFixed(digits));
const whole = (value: number | null) => (value === null ? "" : String(Math.round(value)));

const text = (value: string | null) => escapeFormula(value ?? "");

const COLUMNS: readonly [string, (row: ScreenerRow) => string][] = [
  ["Ticker", (r) => text(r.ticker)],
  ["Company", (r) => text(r.company)],
  ["Sector", (r) => text(r.sector)],
  ["Industry", (r) => text(r.industry)],
  ["Price", (r) => fixed(r.price, 2)],
  ["Change %", (r) => percent(r.change_pct)],
  ["Volume / 50-day", (r) => fixed(r.volume_ratio, 2)],
  ["Avg dollar volume", (r) => whole(r.dollar_volume)],
  ["Action", (r) => r.action],
  ["Setup", (r) => text(r.setup)],
  ["Distance to buy point %", (r) => percent(r.buy_point_distance)],
  ["Risk to stop %", (r) => percent(r.stop_risk)],
  ["RS rating", (r) => whole(r.rs_rating)],
  ["Trend Template", (r) => whole(r.tt_score)],
  ["Below 52-week high %", (r) => percent(r.below_high_pct)],
  ["EPS growth %", (r) => percent(r.eps_growth)],
  ["As of", (r) => r.as_of],
  ["Demo data", (r) => (r.demo ? "yes" : "no")],
];

/** The CSV text of `rows`, with a header line. */
export function screenerCsv(rows: readonly ScreenerRow[]): string {
  const table = [COLUMNS.map(([header]) => header), ...rows.map((row) => COLUMNS.map(([, value]) => value(row)))];
  return writeCsv(table);
}

/** Saves the rows as `screener-<as of>.csv` through a temporary link. */
export function downloadScreenerCsv(rows: readonly ScreenerRow[], asOf: string | null): void {
  saveBlob(new Blob([screenerCsv(rows)], { type: "text/csv;charset=utf-8" }), `screener-${asOf ?? "latest"}.csv`);
}
