import type { BarRow } from "../../../core/market/market-data";
import { formatCalendarDate, formatPercent, formatPrice } from "../../lib/format";
import { cn } from "../../lib/cn";

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** The change from the previous bar's close, signed ('+1.2%'), or null for the first bar. */
function barChange(bar: BarRow, previous: BarRow | undefined): number | null {
  return previous && previous.close > 0 ? bar.close / previous.close - 1 : null;
}

function signedPercent(change: number): string {
  const text = formatPercent(change);
  return change > 0 && text !== "0.0%" ? `+${text}` : text;
}

/** The bar under the crosshair (the last bar when the cursor is off the chart): date, O/H/L/C, volume, change. */
export function OhlcLegend({ bars, index, weekly }: { bars: BarRow[]; index: number | null; weekly: boolean }) {
  const at = index !== null && index >= 0 && index < bars.length ? index : bars.length - 1;
  const bar = bars[at];
  if (!bar) return null;
  const change = barChange(bar, bars[at - 1]);
  const fields: [string, string][] = [
    ["O", formatPrice(bar.open)],
    ["H", formatPrice(bar.high)],
    ["L", formatPrice(bar.low)],
    ["C", formatPrice(bar.close)],
    ["Vol", compact.format(bar.volume)],
  ];
  return (
    // Not live: it changes on every mouse move, so a screen reader would read a stream of numbers.
    <div data-testid="chart-ohlc" aria-live="off" className="mb-1 flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-xs tabular-nums text-muted">
      <span className="font-semibold text-ink">
        {weekly ? "Week to " : ""}
        {formatCalendarDate(bar.date, "en-US")}
      </span>
      {fields.map(([name, value]) => (
        <span key={name}>
          {name} <span className="text-ink">{value}</span>
        </span>
      ))}
      {change === null ? null : <span className={cn("font-semibold", change >= 0 ? "text-success-700" : "text-danger-700")}>{signedPercent(change)}</span>}
    </div>
  );
}

/** The last bar in words, for screen readers (the crosshair legend above is not announced). */
export function lastBarSummary(bars: BarRow[], weekly: boolean): string {
  const bar = bars.at(-1);
  if (!bar) return "";
  const change = barChange(bar, bars.at(-2));
  const date = formatCalendarDate(bar.date, "en-US");
  const period = weekly ? `Week to ${date}` : `Last session ${date}`;
  const changeText = change === null ? "" : `, ${signedPercent(change)} from the previous ${weekly ? "week" : "session"}`;
  return `${period}: open ${formatPrice(bar.open)}, high ${formatPrice(bar.high)}, low ${formatPrice(bar.low)}, close ${formatPrice(bar.close)}, volume ${compact.format(bar.volume)}${changeText}.`;
}

export interface LegendItem {
  label: string;
  color: string;
  kind: "line" | "dashed" | "box" | "dot";
}

export function SeriesLegend({ items }: { items: LegendItem[] }) {
  return (
    <ul aria-label="Chart legend" className="contents">
      {items.map((item) => (
        <li key={item.label} className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={item.kind === "box" ? "h-2.5 w-2.5 rounded-sm" : item.kind === "dot" ? "h-2 w-2 rounded-full" : "h-0 w-4 border-t-2"}
            style={
              item.kind === "box" || item.kind === "dot"
                ? { backgroundColor: item.color }
                : { borderColor: item.color, borderTopStyle: item.kind === "dashed" ? "dashed" : "solid" }
            }
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
