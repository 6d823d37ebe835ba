import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import type { ChartInterval } from "./chart-data";

/**
 * The range buttons: sessions (or weeks) shown; null: every bar fetched, about two years. The accessible
 * name starts with the visible label ('3M, 3 months'), so speech input ('click 3M') and axe agree with it.
 */
export const CHART_RANGES = [
  { id: "3M", label: "3M, 3 months", sessions: 63, weeks: 13 },
  { id: "6M", label: "6M, 6 months", sessions: 126, weeks: 26 },
  { id: "1Y", label: "1Y, 1 year", sessions: 252, weeks: 52 },
  { id: "All", label: "All, all history", sessions: null, weeks: null },
] as const;
export type ChartRangeId = (typeof CHART_RANGES)[number]["id"];

const GROUP = "inline-flex rounded-lg border border-line bg-canvas p-0.5";

/** A toggle button: pressed or not, its accessible name starting with its visible text. */
function ToggleButton(props: { pressed: boolean; onClick: () => void; name?: string; testId: string; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={props.pressed}
      aria-label={props.name}
      title={props.name}
      data-testid={props.testId}
      onClick={props.onClick}
      className={cn(
        "min-w-11 rounded-md px-3 py-1.5 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
        props.pressed ? "bg-surface text-ink shadow-card" : "text-muted hover:text-ink",
      )}
    >
      {props.children}
    </button>
  );
}

export interface ChartControlsProps {
  range: ChartRangeId;
  onRange: (range: ChartRangeId) => void;
  interval: ChartInterval;
  onInterval: (interval: ChartInterval) => void;
  log: boolean;
  onLog: (log: boolean) => void;
  /** null: no benchmark, so no RS line to toggle. */
  rs: boolean | null;
  onRs: (rs: boolean) => void;
}

/** Range, Daily/Weekly, Log scale and RS line: plain buttons with aria-pressed, reachable and operable by keyboard. */
export function ChartControls(props: ChartControlsProps) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <div role="group" aria-label="Chart range" className={GROUP}>
        {CHART_RANGES.map((option) => (
          <ToggleButton
            key={option.id}
            pressed={props.range === option.id}
            name={option.label}
            testId={`chart-range-${option.id}`}
            onClick={() => {
              props.onRange(option.id);
            }}
          >
            {option.id}
          </ToggleButton>
        ))}
      </div>
      <div role="group" aria-label="Chart interval" className={GROUP}>
        {(["daily", "weekly"] as const).map((interval) => (
          <ToggleButton
            key={interval}
            pressed={props.interval === interval}
            testId={`chart-interval-${interval}`}
            onClick={() => {
              props.onInterval(interval);
            }}
          >
            {interval === "daily" ? "Daily" : "Weekly"}
          </ToggleButton>
        ))}
      </div>
      <div role="group" aria-label="Chart display" className={GROUP}>
        <ToggleButton
          pressed={props.log}
          testId="chart-log"
          onClick={() => {
            props.onLog(!props.log);
          }}
        >
          Log scale
        </ToggleButton>
        {props.rs === null ? null : (
          <ToggleButton
            pressed={props.rs}
            testId="chart-rs"
            onClick={() => {
              props.onRs(!props.rs);
            }}
          >
            RS line
          </ToggleButton>
        )}
      </div>
    </div>
  );
}
