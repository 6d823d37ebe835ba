import { cn } from "../../lib/cn";
import { NA, isFiniteNumber } from "../../lib/format";
import type { ReportData } from "../../lib/analysis-record";

type TrendTemplate = NonNullable<NonNullable<ReportData["meta"]>["trend_template"]>;

/** Minervini's Trend Template: ✓ or ✗ per criterion and the score out of 8. */
export function TrendTemplateChecklist({ template }: { template: TrendTemplate | null | undefined }) {
  const criteria = (template?.criteria ?? []).filter(
    (c): c is NonNullable<typeof c> => typeof c === "object" && c !== null && typeof c.label === "string",
  );
  const score = template?.score;
  if (criteria.length === 0 && !isFiniteNumber(score)) {
    return <p className="text-sm text-muted">{NA}</p>;
  }
  return (
    <div>
      <p data-testid="trend-template-score" className="text-sm font-semibold text-ink">
        Score: {isFiniteNumber(score) ? `${String(score)}/8` : NA}
      </p>
      <ul className="mt-3 space-y-2">
        {criteria.map((criterion, index) => {
          const passed = criterion.passed === true;
          return (
            <li
              key={criterion.id ?? index}
              data-testid="trend-template-criterion"
              data-passed={passed ? "true" : "false"}
              className="flex items-start gap-2 text-sm text-ink"
            >
              <span
                aria-hidden="true"
                className={cn(
                  "mt-px inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                  passed ? "bg-success-50 text-success-700" : "bg-danger-50 text-danger-700",
                )}
              >
                {passed ? "✓" : "✗"}
              </span>
              <span>
                <span className="sr-only">{passed ? "Passed: " : "Failed: "}</span>
                {criterion.label}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
