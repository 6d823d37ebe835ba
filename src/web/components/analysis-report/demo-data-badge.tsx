import { FlaskConical } from "lucide-react";
import { cn } from "../../lib/cn";

/** 'Demo data': the figures beside it come from the simulated demo market, not real prices. */
export function DemoDataBadge({ compact = false, testId }: { compact?: boolean; testId?: string }) {
  return (
    <span
      data-testid={testId}
      title="Simulated market data, not real prices"
      className={cn(
        "inline-flex items-center gap-1 rounded-full border border-warning-300 bg-warning-50 py-0.5 text-xs font-semibold text-warning-800",
        compact ? "px-2" : "px-2.5",
      )}
    >
      <FlaskConical aria-hidden="true" size={compact ? 12 : 14} />
      Demo data
    </span>
  );
}
