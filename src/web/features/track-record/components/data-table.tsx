import { useId, type ReactNode } from "react";
import { cn } from "../../../lib/cn";
import { useMediaQuery } from "../../../lib/use-media-query";

/**
 * A real table (caption, column and row headers) in a container that scrolls sideways on a narrow
 * screen; the container is focusable so keyboard users can scroll it too, and is a region named by
 * the table's caption (so every region on the page has its own name).
 */
function DataTable({
  caption,
  children,
  testId,
  captionVisible = false,
  busy = false,
  className,
}: {
  /** Names the table and its scrolling region: make it unique on the page. */
  caption: ReactNode;
  children: ReactNode;
  testId?: string;
  captionVisible?: boolean;
  /** The rows shown are being replaced (a new page or filter is loading). */
  busy?: boolean;
  className?: string;
}) {
  const captionId = useId();
  return (
    <div role="region" aria-labelledby={captionId} aria-busy={busy || undefined} tabIndex={0} className={cn("overflow-x-auto rounded-xl border border-line focus-visible:outline-2 focus-visible:outline-brand-600", className)}>
      <table data-testid={testId} className="w-full min-w-max text-sm tabular-nums">
        <caption id={captionId} className={captionVisible ? "px-4 py-2 text-left text-xs text-muted" : "sr-only"}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

const th = "px-3 py-2 text-left text-xs font-semibold text-muted whitespace-nowrap";
const thNum = "px-3 py-2 text-right text-xs font-semibold text-muted whitespace-nowrap";
const td = "px-3 py-2 text-left whitespace-nowrap";
const tdNum = "px-3 py-2 text-right whitespace-nowrap";

export interface ResponsiveColumn {
  header: string;
  /** Right-aligned figures in the table. */
  numeric?: boolean;
}

export interface ResponsiveRow {
  key: string;
  /** The row header (first column): a name, a ticker… */
  head: ReactNode;
  /** One value per column after the first, in column order. */
  cells: ReactNode[];
  testId?: string;
}

/**
 * A table on wider screens and, below 640 px, the same rows as cards: the row header as the card's
 * title and every other column as a labelled value, so a phone shows every figure without scrolling
 * sideways. Only the one that fits the screen is rendered (both where matchMedia is missing, the
 * CSS then shows one), so the page builds half the elements and assistive technology meets each row once.
 */
export function ResponsiveTable({
  caption,
  columns,
  rows,
  testId,
  cardTestId,
  busy = false,
  stickyFirst = false,
  className,
}: {
  caption: string;
  columns: ResponsiveColumn[];
  rows: ResponsiveRow[];
  testId?: string;
  cardTestId?: string;
  busy?: boolean;
  /** Keep the row header in view while a wide table scrolls sideways. */
  stickyFirst?: boolean;
  className?: string;
}) {
  const [first, ...rest] = columns;
  const sticky = stickyFirst ? "sticky left-0 z-10" : "";
  const canAsk = typeof window !== "undefined" && typeof window.matchMedia === "function";
  const wide = useMediaQuery("(min-width: 640px)");
  return (
    <>
      {canAsk && !wide ? null : (
      <DataTable caption={caption} testId={testId} busy={busy} className={cn("max-sm:hidden", className)}>
        <thead className="bg-canvas">
          <tr>
            <th scope="col" className={cn(th, sticky, stickyFirst && "bg-canvas")}>{first?.header}</th>
            {rest.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? thNum : th}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-testid={row.testId} className="border-t border-line">
              <th scope="row" className={cn(td, sticky, stickyFirst && "bg-surface", "font-semibold text-ink")}>
                {row.head}
              </th>
              {row.cells.map((cell, index) => (
                <td key={rest[index]?.header ?? index} className={rest[index]?.numeric ? tdNum : td}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </DataTable>
      )}
      {canAsk && wide ? null : (
      <ul aria-label={caption} aria-busy={busy || undefined} data-testid={testId ? `${testId}-cards` : undefined} className={cn("space-y-3 sm:hidden", busy && "opacity-60")}>
        {rows.map((row) => (
          <li key={row.key} data-testid={cardTestId} className="rounded-xl border border-line bg-surface p-3 text-sm">
            <div className="font-semibold text-ink">{row.head}</div>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5 tabular-nums">
              {rest.map((column, index) => (
                <div key={column.header} className="min-w-0">
                  <dt className="text-xs text-muted">{column.header}</dt>
                  <dd className="font-semibold break-words text-ink">{row.cells[index]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      )}
    </>
  );
}
