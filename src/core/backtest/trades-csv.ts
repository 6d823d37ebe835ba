import type { Trade } from "./walk-forward";

/**
 * Every BUY trade as CSV, one row each, so anyone can check a figure trade by trade. Prices as
 * simulated (adjusted); R after costs; the paired control's R empty when no stock was eligible.
 */
const HEADER = "ticker,signal_date,fill_date,fill_price,stop,exit_date,exit_price,exit_reason,r,paired_control_r";

const price = (value: number): string => String(Math.round(value * 10_000) / 10_000);
const ratio = (value: number | undefined): string => (value === undefined || !Number.isFinite(value) ? "" : String(Math.round(value * 1_000_000) / 1_000_000));
// Tickers come from file names: quoted when they hold a separator, and never read as a formula.
const cell = (text: string): string => {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export function tradesCsv(trades: readonly Trade[]): string {
  const rows = trades.map((t) =>
    [
      cell(t.ticker),
      t.signalDate,
      t.fillDate,
      price(t.entryPrice),
      price(t.stop),
      t.exitDate,
      price(t.exitPrice),
      t.exitReason,
      ratio(t.r),
      ratio(t.pairedControl?.r),
    ].join(","),
  );
  return `${[HEADER, ...rows].join("\n")}\n`;
}
