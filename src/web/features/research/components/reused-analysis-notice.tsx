import { History, RefreshCw } from "lucide-react";
import type { ReusedAnalysis } from "../../../../contracts/research";
import { Button } from "../../../components/ui/button";
import { reusedAnalysisText } from "../reused-analysis-text";

export interface ReusedAnalysisNoticeProps {
  reused: ReusedAnalysis & { refresh: boolean };
  onRefresh: () => void;
  /** A request is running: Refresh waits. */
  busy: boolean;
}

/**
 * Above a report that is the user's stored analysis of the same market data: when it was
 * made, why it cost nothing, and an explicit 'Refresh' (charged only when newer data exists).
 */
export function ReusedAnalysisNotice({ reused, onRefresh, busy }: ReusedAnalysisNoticeProps) {
  const text = reusedAnalysisText(reused, reused.refresh, new Date());
  return (
    <div
      role="status"
      data-testid="reused-analysis"
      className="mb-4 flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between print:hidden"
    >
      <div className="flex min-w-0 gap-3">
        <History aria-hidden="true" size={20} className="mt-0.5 shrink-0 text-brand-700" />
        <div className="min-w-0">
          <p className="font-semibold text-ink">{text.title}</p>
          <p className="mt-1 text-sm text-muted">{text.detail}</p>
        </div>
      </div>
      <Button variant="secondary" className="shrink-0 self-start sm:self-center" onClick={onRefresh} disabled={busy}>
        <RefreshCw aria-hidden="true" size={16} />
        Refresh
      </Button>
    </div>
  );
}
