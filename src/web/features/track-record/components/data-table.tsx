import { useId, type ReactNode } from "react";
import { cn } from "../../../lib/cn";

/**
 * A real table (caption, column and row headers) in a container that scrolls sideways on a narrow
 * screen; the container is focusable so keyboard users can scroll it too, and is a region named by
 * the table's caption (so every region on the page has its own name).
 */
export function DataTable({
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

export const th = "px-3 py-2 text-left text-xs font-semibold text-muted whitespace-nowrap";
export const thNum = "px-3 py-2 text-right text-xs font-semibold text-muted whitespace-nowrap";
export const td = "px-3 py-2 text-left whitespace-nowrap";
export const tdNum = "px-3 py-2 text-right whitespace-nowrap";
