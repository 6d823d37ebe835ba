import { Link } from "react-router";
import { Dialog as RadixDialog } from "radix-ui";
import { ArrowRight, X } from "lucide-react";
import { AnalysisReport } from "../../../components/analysis-report/analysis-report";
import { buttonClasses } from "../../../components/ui/button";
import { DialogOverlay } from "../../../components/ui/dialog";
import type { AnalysisEntry } from "../../../lib/analysis-record";
import { useAuth } from "../../../lib/auth-context";


export interface StockDetailSheetProps {
  entry: AnalysisEntry | null;
  onClose: () => void;
}

/** The analysis detail panel of the landing lists: a side sheet with the full report and a close action. */
export function StockDetailSheet({ entry, onClose }: StockDetailSheetProps) {
  // The price history needs an account; visitors see the report without the chart.
  const { user } = useAuth();
  const ticker = entry?.report.stock_summary.ticker ?? "";
  return (
    <RadixDialog.Root
      open={entry !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <RadixDialog.Portal>
        <DialogOverlay />
        <RadixDialog.Content
          aria-describedby={undefined}
          data-testid="stock-detail-panel"
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-4xl flex-col border-l border-line bg-canvas shadow-card focus-visible:outline-none data-[state=open]:animate-sheet-in"
        >
          <div className="flex items-center justify-between gap-4 border-b border-line bg-surface px-4 py-3 sm:px-6">
            <RadixDialog.Title className="text-lg font-semibold text-ink">
              {entry ? `${ticker} analysis` : "Analysis"}
            </RadixDialog.Title>
            <div className="flex items-center gap-2">
              {entry ? (
                <Link
                  to={`/stock/${encodeURIComponent(ticker)}`}
                  className={buttonClasses({ size: "sm", variant: "secondary" })}
                >
                  Open page
                  <ArrowRight aria-hidden="true" size={16} />
                </Link>
              ) : null}
              <RadixDialog.Close
                aria-label="Close"
                className="rounded-md p-1.5 text-muted hover:bg-slate-100 hover:text-ink focus-visible:outline-3 focus-visible:outline-brand-500"
              >
                <X aria-hidden="true" size={22} />
              </RadixDialog.Close>
            </div>
          </div>
          <div className="flex-1 overflow-y-auto p-4 sm:p-6">
            {entry ? (
              <AnalysisReport report={entry.report} showChart={user !== null} />
            ) : null}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
