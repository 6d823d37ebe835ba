import { NA, ratio } from "../../../core/narrative/format";
import type { ScreenerColumn, ScreenerRow, ScreenerSort } from "../../../contracts/screener";
import { formatCalendarDate, formatPercent, formatPrice, isFiniteNumber } from "../../lib/format";

/**
 * The screener's columns: their headers, how each value is shown (the app's formats: prices to 2
 * decimals, percentages to 1 decimal, docs/product.md) and the column the API sorts them by.
 */

export interface ScreenerColumnSpec {
  /** The API's sort column; as_of has none (every row of a screen is from the same session or nearly). */
  sort: ScreenerColumn | null;
  header: string;
  /** The header's longer name, for the sort menu and screen readers. */
  title: string;
  numeric: boolean;
  /** Descending first (figures where more is better), otherwise ascending first. */
  descFirst: boolean;
  text: (row: ScreenerRow) => string;
}

function signedPercent(value: number | null): string {
  if (!isFiniteNumber(value)) return NA;
  const text = formatPercent(value);
  return value > 0 && text !== "0.0%" ? `+${text}` : text;
}

function orNa<T>(value: T | null, show: (value: T) => string): string {
  return value === null ? NA : show(value);
}

/** 12_300_000 → '$12.3M': the average daily dollar volume, compact. */
function formatDollarVolume(value: number | null): string {
  if (!isFiniteNumber(value)) return NA;
  const units: [number, string][] = [
    [1e12, "T"],
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "K"],
  ];
  const unit = units.find(([size]) => value >= size);
  return unit ? `$${(value / unit[0]).toFixed(1)}${unit[1]}` : `$${value.toFixed(0)}`;
}

/** The distance to the buy point, as the public list words it: '2.1% above' / '3.0% below'. */
function buyPointText(distance: number | null): string {
  if (!isFiniteNumber(distance)) return NA;
  const text = formatPercent(Math.abs(distance));
  if (text === "0.0%") return "At the buy point";
  return `${text} ${distance > 0 ? "above" : "below"}`;
}

const col = (spec: Partial<ScreenerColumnSpec> & Pick<ScreenerColumnSpec, "header" | "text">): ScreenerColumnSpec => ({
  sort: null,
  title: spec.header,
  numeric: false,
  descFirst: false,
  ...spec,
});

/** The call and its figures first, so they are in view at 1280 px; the groups and the date last. */
export const SCREENER_TABLE_COLUMNS: readonly ScreenerColumnSpec[] = [
  col({ sort: "ticker", header: "Ticker", text: (r) => r.ticker }),
  col({ sort: "company", header: "Company", text: (r) => r.company ?? NA }),
  col({ sort: "action", header: "Action", text: (r) => r.action }),
  col({ sort: "setup", header: "Setup", text: (r) => r.setup ?? NA }),
  col({ sort: "price", header: "Price", numeric: true, descFirst: true, text: (r) => formatPrice(r.price) }),
  col({ sort: "change_pct", header: "Change", title: "Change on the day", numeric: true, descFirst: true, text: (r) => signedPercent(r.change_pct) }),
  col({ sort: "rs_rating", header: "RS", title: "RS rating", numeric: true, descFirst: true, text: (r) => orNa(r.rs_rating, String) }),
  col({ sort: "tt_score", header: "Trend Template", numeric: true, descFirst: true, text: (r) => orNa(r.tt_score, (s) => `${String(s)}/8`) }),
  col({ sort: "buy_point_distance", header: "Buy point", title: "Distance to the buy point", numeric: true, text: (r) => buyPointText(r.buy_point_distance) }),
  col({ sort: "stop_risk", header: "Risk to stop", numeric: true, text: (r) => orNa(r.stop_risk, formatPercent) }),
  col({ sort: "volume_ratio", header: "Vol ÷ 50d", title: "Volume ÷ 50-day average", numeric: true, descFirst: true, text: (r) => orNa(r.volume_ratio, ratio) }),
  col({ sort: "below_high_pct", header: "Below 52w high", title: "Below the 52-week high", numeric: true, text: (r) => orNa(r.below_high_pct, formatPercent) }),
  col({ sort: "eps_growth", header: "EPS growth", title: "Latest quarter's EPS growth", numeric: true, descFirst: true, text: (r) => signedPercent(r.eps_growth) }),
  col({ sort: "dollar_volume", header: "Avg $ vol", title: "Average dollar volume (50 days)", numeric: true, descFirst: true, text: (r) => formatDollarVolume(r.dollar_volume) }),
  col({ sort: "sector", header: "Sector", text: (r) => r.sector ?? NA }),
  col({ sort: "industry", header: "Industry", text: (r) => r.industry ?? NA }),
  col({ header: "As of", text: (r) => formatCalendarDate(r.as_of) }),
];

/** Every sort the page offers (the phone's sort menu): each column both ways. */
export const SORT_CHOICES: readonly { value: ScreenerSort; label: string }[] = SCREENER_TABLE_COLUMNS.flatMap((column) => {
  if (!column.sort) return [];
  const first: ScreenerSort = column.descFirst ? `-${column.sort}` : column.sort;
  const second: ScreenerSort = column.descFirst ? column.sort : `-${column.sort}`;
  const word = (sort: ScreenerSort) => (sort.startsWith("-") ? "high to low" : "low to high");
  return [
    { value: first, label: `${column.title}, ${column.numeric ? word(first) : first.startsWith("-") ? "Z to A" : "A to Z"}` },
    { value: second, label: `${column.title}, ${column.numeric ? word(second) : second.startsWith("-") ? "Z to A" : "A to Z"}` },
  ];
});

/** The sort after pressing a column's header: its first direction, or the other one when it is already sorted by it. */
export function nextSort(current: ScreenerSort, column: ScreenerColumnSpec): ScreenerSort {
  if (!column.sort) return current;
  const desc: ScreenerSort = `-${column.sort}`;
  if (current === column.sort) return desc;
  if (current === desc) return column.sort;
  return column.descFirst ? desc : column.sort;
}

/** The header's aria-sort for the current sort. */
export function ariaSort(current: ScreenerSort, column: ScreenerColumnSpec): "ascending" | "descending" | "none" {
  if (!column.sort) return "none";
  if (current === column.sort) return "ascending";
  return current === `-${column.sort}` ? "descending" : "none";
}
