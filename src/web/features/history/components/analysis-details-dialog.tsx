import { AnalysisReport } from "../../../components/analysis-report/analysis-report";
import { SideSheet } from "../../../components/ui/side-sheet";
import type { AnalysisEntry } from "../../../lib/analysis-record";
import { formatDateTime } from "../../../lib/format";

export interface AnalysisDetailsDialogProps {
  entry: AnalysisEntry | null;
  onClose: () => void;
}

/** 'More Details': the full report in a modal, closed by clicking outside, Escape or the × mark. */
export function AnalysisDetailsDialog({ entry, onClose }: AnalysisDetailsDialogProps) {
  return (
    <SideSheet
      open={entry !== null}
      onClose={onClose}
      side="center"
      title={entry ? `${entry.report.stock_summary.ticker} analysis details` : "Analysis details"}
      subtitle={entry ? formatDateTime(entry.timestamp) : undefined}
      testId="analysis-details"
      overlayTestId="details-overlay"
      className="w-[calc(100vw-1rem)] max-w-5xl sm:w-[calc(100vw-2rem)]"
    >
      {entry ? <AnalysisReport report={entry.report} /> : null}
    </SideSheet>
  );
}
