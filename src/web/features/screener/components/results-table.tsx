import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../../../contracts/paths";
import type { ScreenerRow, ScreenerSort } from "../../../../contracts/screener";
import { DemoDataBadge } from "../../../components/analysis-report/demo-data-badge";
import { RecommendationBadge } from "../../../components/analysis-report/recommendation-badge";
import { cn } from "../../../lib/cn";
import { ariaSort, nextSort, SCREENER_TABLE_COLUMNS, type ScreenerColumnSpec } from "../screener-columns";

const th = "px-3 py-2 text-xs font-semibold text-muted whitespace-nowrap";
const td = "px-3 py-2 whitespace-nowrap";

function SortIcon({ state }: { state: "ascending" | "descending" | "none" }) {
  if (state === "ascending") return <ArrowUp aria-hidden="true" size={14} />;
  if (state === "descending") return <ArrowDown aria-hidden="true" size={14} />;
  return <ArrowUpDown aria-hidden="true" size={14} className="opacity-40" />;
}

function HeaderCell({ column, sort, onSort, sticky = false }: { column: ScreenerColumnSpec; sort: ScreenerSort; onSort: (sort: ScreenerSort) => void; sticky?: boolean }) {
  const state = ariaSort(sort, column);
  const align = cn(column.numeric ? "text-right" : "text-left", sticky && "sticky left-0 z-10 bg-canvas");
  if (!column.sort) {
    return (
      <th scope="col" className={cn(th, align)}>
        {column.header}
      </th>
    );
  }
  return (
    <th scope="col" aria-sort={state} className={cn(th, align)}>
      <button
        type="button"
        title={`Sort by ${column.title}`}
        onClick={() => onSort(nextSort(sort, column))}
        className={cn("inline-flex items-center gap-1 rounded px-1 py-0.5 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600", state !== "none" && "text-ink")}
      >
        {column.header}
        <SortIcon state={state} />
      </button>
    </th>
  );
}

/** A row's ticker: the stock's page, with the demo label where the figures are simulated. */
export function TickerCell({ row }: { row: ScreenerRow }) {
  return (
    <span className="inline-flex items-center gap-2">
      <Link to={paths.stock(row.ticker)} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
        {row.ticker}
      </Link>
      {row.demo ? <DemoDataBadge compact /> : null}
    </span>
  );
}

function Cell({ column, row }: { column: ScreenerColumnSpec; row: ScreenerRow }) {
  if (column.sort === "action") return <RecommendationBadge action={row.action} className="px-2 py-0.5 text-xs" />;
  return <>{column.text(row)}</>;
}

/**
 * The screen as a table (640 px and wider): every column, sorted by pressing its header (a button in
 * the header cell, which carries aria-sort); the ticker stays in view while the table scrolls sideways.
 */
export function ResultsTable({ rows, sort, onSort, busy }: { rows: readonly ScreenerRow[]; sort: ScreenerSort; onSort: (sort: ScreenerSort) => void; busy: boolean }) {
  const [first, ...rest] = SCREENER_TABLE_COLUMNS;
  if (!first) return null;
  return (
    <div role="region" aria-labelledby="screener-table-caption" aria-busy={busy || undefined} tabIndex={0} className="overflow-x-auto rounded-xl border border-line bg-surface max-sm:hidden focus-visible:outline-2 focus-visible:outline-brand-600">
      <table data-testid="screener-table" className={cn("w-full min-w-max text-sm tabular-nums", busy && "opacity-60")}>
        <caption id="screener-table-caption" className="sr-only">
          Stocks matching the screen
        </caption>
        <thead className="bg-canvas">
          <tr>
            <HeaderCell column={first} sort={sort} onSort={onSort} sticky />
            {rest.map((column) => (
              <HeaderCell key={column.header} column={column} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.ticker} data-testid="screener-row" data-ticker={row.ticker} className="border-t border-line">
              <th scope="row" className={cn(td, "sticky left-0 z-10 bg-surface text-left font-semibold")}>
                <TickerCell row={row} />
              </th>
              {rest.map((column) => (
                <td key={column.header} className={cn(td, column.numeric ? "text-right" : "text-left")}>
                  <Cell column={column} row={row} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
