/** Number formats of the narrative (prices to 2 decimals, percentages to 1 decimal: docs/product.md). */

export const NA = "N/A";

/** Rounded exactly as the report's number fields are, so a text never shows another cent than its field. */
export function price(value: number): string {
  return Number.isFinite(value) ? round(value, 2).toFixed(2) : NA;
}

/** A fraction as a percentage with one decimal: 0.0321 → '3.2%'. */
export function percent(fraction: number, options: { signed?: boolean } = {}): string {
  if (!Number.isFinite(fraction)) return NA;
  const text = `${round(fraction * 100, 1).toFixed(1)}%`;
  return options.signed && fraction > 0 ? `+${text}` : text;
}

/** A rule's threshold without a needless decimal: 0.08 → '8%', 0.075 → '7.5%'. */
export function rulePercent(fraction: number): string {
  return `${round(fraction * 100, 1)}%`;
}

/** Magnitude only: -0.042 → '4.2%'. */
export function percentAbs(fraction: number): string {
  return percent(Math.abs(fraction));
}

export function ratio(value: number): string {
  return Number.isFinite(value) ? `${round(value, 1).toFixed(1)}×` : NA;
}

export function count(value: number): string {
  if (!Number.isFinite(value)) return NA;
  return Math.round(value).toLocaleString("en-US");
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
