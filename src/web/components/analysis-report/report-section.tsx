import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { NA } from "../../lib/format";
import type { Tone } from "./tones";
import { toneText } from "./tones";

export interface ReportSectionProps {
  title: string;
  /** Stable id fragment for the heading (aria-labelledby) and the test id. */
  id: string;
  className?: string;
  children: ReactNode;
}

/** One card of the report with its heading. */
export function ReportSection({ title, id, className, children }: ReportSectionProps) {
  const headingId = `report-${id}-title`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`report-${id}`}
      className={cn("report-section rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6", className)}
    >
      <h3 id={headingId} className="text-base font-semibold text-ink">
        {title}
      </h3>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export interface FieldProps {
  label: string;
  children: ReactNode;
  testId?: string;
  /** Lays the value under the label (long texts) instead of beside it. */
  stacked?: boolean;
}

/** A label and its value inside a <dl>. */
export function Field({ label, children, testId, stacked = false }: FieldProps) {
  return (
    <div className={cn("py-2", stacked ? "space-y-1" : "flex items-baseline justify-between gap-4")}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd data-testid={testId} className={cn("text-sm font-medium text-ink", !stacked && "text-right tabular-nums")}>
        {children}
      </dd>
    </div>
  );
}

/** A <dl> with dividers between its fields. */
export function FieldList({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={cn("divide-y divide-line", className)}>{children}</dl>;
}

/** Text coloured by its tone; `data-tone` says which (green, red, yellow). */
export function ToneText({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <span data-tone={tone} data-testid={testId} className={cn("font-semibold", toneText[tone])}>
      {children}
    </span>
  );
}

/** A bulleted list of sentences, or 'N/A' when there are none. */
export function TextList({ items, testId }: { items: unknown; testId?: string }) {
  const lines = Array.isArray(items) ? items.filter((item): item is string => typeof item === "string" && item.trim() !== "") : [];
  if (lines.length === 0) {
    return (
      <p data-testid={testId} className="text-sm text-muted">
        {NA}
      </p>
    );
  }
  return (
    <ul data-testid={testId} className="list-disc space-y-1.5 pl-5 text-sm text-ink marker:text-slate-400">
      {lines.map((line, index) => (
        <li key={`${String(index)}-${line}`}>{line}</li>
      ))}
    </ul>
  );
}
