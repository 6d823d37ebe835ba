import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/cn";

export interface SpinnerProps {
  /** Read to screen readers; also shown when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  className?: string;
  size?: number;
}

export function Spinner({ label = "Loading…", showLabel = false, className, size = 20 }: SpinnerProps) {
  return (
    <span role="status" className={cn("inline-flex items-center gap-2 text-muted", className)}>
      <LoaderCircle aria-hidden="true" size={size} className="animate-spin text-brand-600" />
      <span className={showLabel ? "text-sm" : "sr-only"}>{label}</span>
    </span>
  );
}

/** A centred spinner for a whole page or panel. */
export function PageSpinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={label} showLabel size={28} />
    </div>
  );
}
