import { NA, count } from "../../core/narrative/format";

/**
 * Every number and date the web shows, in one place (docs/product.md: prices to 2 decimals, percentages
 * to 1 decimal). Anything that is not a finite number (missing, null, 'N/A', text) shows as 'N/A'.
 * 'N/A' and share counts come from the report texts' formats (core/narrative/format.ts). Prices and
 * percentages keep their own rounding: the texts' `round` multiplies in binary and so rounds some
 * half-values down (0.0055 → '0.5%', 1.005 → '1.00'), which would change figures users see today.
 */

export { NA };

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

const priceFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A price with 2 decimals and thousands separators: 1234.5 → '1,234.50'. */
export function formatPrice(value: unknown): string {
  return isFiniteNumber(value) ? priceFormat.format(value) : NA;
}

/** A share count with thousands separators: 1234567 → '1,234,567'. */
export function formatVolume(value: unknown): string {
  return isFiniteNumber(value) ? count(value) : NA;
}

/** A fraction as a percentage with 1 decimal: 0.0321 → '3.2%', -0.0289 → '-2.9%'. */
export function formatPercent(fraction: unknown): string {
  if (!isFiniteNumber(fraction)) return NA;
  // Round on the thousandths of the fraction (0.12345 → 12.3%, 1.2345 → 123.5%), so binary
  // floating-point noise does not round half-values down; -0.0001 shows as '0.0%'.
  const tenths = Math.round(fraction * 1000);
  return `${(tenths === 0 ? 0 : tenths / 10).toFixed(1)}%`;
}

/** A non-empty text, or 'N/A'. */
export function textOrNa(value: unknown): string {
  if (typeof value === "string") return value.trim() === "" ? NA : value;
  if (isFiniteNumber(value)) return String(value);
  return NA;
}

/**
 * The label of a quarterly EPS growth figure by position (newest first): with the usual three
 * quarters, index 0 is Q3, 1 is Q2 and 2 is Q1.
 */
export function epsQuarterLabel(index: number, count: number): string {
  return `Q${String(Math.max(count, 3) - index)}`;
}

/** A timestamp as a localised date and time, e.g. 'Nov 20, 2026, 4:05 PM'; the raw text if unparsable. */
export function formatDateTime(value: unknown, locale?: string): string {
  if (typeof value !== "string" || value.trim() === "") return NA;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}

/** A calendar date ('YYYY-MM-DD', no time zone) as a localised date, e.g. 'Nov 20, 2026'. */
export function formatCalendarDate(value: unknown, locale?: string): string {
  if (typeof value !== "string" || value.trim() === "") return NA;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(locale, { dateStyle: "medium", timeZone: match ? "UTC" : undefined });
}
