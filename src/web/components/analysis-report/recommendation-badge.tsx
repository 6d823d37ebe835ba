import { cn } from "../../lib/cn";
import { textOrNa } from "../../lib/format";
import { actionTone, toneBadge } from "./tones";

/** The recommendation action as a coloured badge: BUY green, SELL red, otherwise yellow (docs/product.md). */
export function RecommendationBadge({ action, className }: { action: unknown; className?: string }) {
  const tone = actionTone(action);
  return (
    <span
      data-testid="recommendation-badge"
      data-tone={tone}
      className={cn(
        "inline-flex items-center rounded-full border px-3 py-1 text-sm font-bold tracking-wide uppercase",
        toneBadge[tone],
        className,
      )}
    >
      {textOrNa(action)}
    </span>
  );
}
