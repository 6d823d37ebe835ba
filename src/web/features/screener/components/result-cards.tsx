import type { ScreenerRow, ScreenerSort } from "../../../../contracts/screener";
import { inputClasses } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { RecommendationBadge } from "../../../components/analysis-report/recommendation-badge";
import { cn } from "../../../lib/cn";
import { SCREENER_TABLE_COLUMNS, SORT_CHOICES } from "../screener-columns";
import { TickerCell } from "./results-table";

/** Every column but the ticker (the card's title) and the action (its badge). */
const CARD_COLUMNS = SCREENER_TABLE_COLUMNS.filter((column) => column.sort !== "ticker" && column.sort !== "action");

/** The phone's sort: every column both ways, the same sorts as the table's headers. */
export function SortSelect({ sort, onSort }: { sort: ScreenerSort; onSort: (sort: ScreenerSort) => void }) {
  return (
    <div className="space-y-1.5 sm:hidden">
      <Label htmlFor="screener-sort">Sort by</Label>
      <select id="screener-sort" className={inputClasses} value={sort} onChange={(event) => onSort(event.target.value as ScreenerSort)}>
        {SORT_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The screen below 640 px: one card per stock, every figure labelled, no sideways scrolling. */
export function ResultCards({ rows, busy }: { rows: readonly ScreenerRow[]; busy: boolean }) {
  return (
    <ul aria-label="Stocks matching the screen" aria-busy={busy || undefined} data-testid="screener-cards" className={cn("space-y-3 sm:hidden", busy && "opacity-60")}>
      {rows.map((row) => (
        <li key={row.ticker} data-testid="screener-card" data-ticker={row.ticker} className="rounded-xl border border-line bg-surface p-3 text-sm">
          <div className="flex items-center justify-between gap-2">
            <TickerCell row={row} />
            <RecommendationBadge action={row.action} className="px-2 py-0.5 text-xs" />
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5 tabular-nums">
            {CARD_COLUMNS.map((column) => (
              <div key={column.header} className="min-w-0">
                <dt className="text-xs text-muted">{column.title}</dt>
                <dd className="font-semibold break-words text-ink">{column.text(row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
