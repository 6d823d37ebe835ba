import { Dialog as RadixDialog } from "radix-ui";
import { X } from "lucide-react";
import { AnalysisReport } from "../../../components/analysis-report/analysis-report";
import { DialogOverlay } from "../../../components/ui/dialog";
import type { AnalysisEntry } from "../../../lib/analysis-record";
import { formatDateTime } from "../../../lib/format";

export interface AnalysisDetailsDialogProps {
  entry: AnalysisEntry | null;
  onClose: () => void;
}

/** 'More Details': the full report in a modal, closed by clicking outside, Escape or the × mark. */
export function AnalysisDetailsDialog({ entry, onClose }: AnalysisDetailsDialogProps) {
  return (
    <RadixDialog.Root
      open={entry !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <RadixDialog.Portal>
        <DialogOverlay data-testid="details-overlay" />
        <RadixDialog.Content
          aria-describedby={undefined}
          data-testid="analysis-details"
          className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-1rem)] max-w-5xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-canvas p-4 shadow-card focus-visible:outline-none data-[state=open]:animate-pop-in sm:w-[calc(100vw-2rem)] sm:p-6"
        >
          {entry ? (
            <>
              <div className="mb-4 flex items-start justify-between gap-4">
                <div>
                  <RadixDialog.Title className="text-lg font-semibold text-ink">
                    {entry.report.stock_summary.ticker} analysis details
                  </RadixDialog.Title>
                  <p className="text-sm text-muted">{formatDateTime(entry.timestamp)}</p>
                </div>
                <RadixDialog.Close
                  aria-label="Close"
                  className="rounded-md p-1.5 text-muted hover:bg-slate-100 hover:text-ink"
                >
                  <X aria-hidden="true" size={20} />
                </RadixDialog.Close>
              </div>
              <AnalysisReport report={entry.report} />
            </>
          ) : (
            <RadixDialog.Title className="sr-only">Analysis details</RadixDialog.Title>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
