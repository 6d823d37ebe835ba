import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { AnalysisReport } from "../../../components/analysis-report/analysis-report";
import { buttonClasses } from "../../../components/ui/button";
import { SideSheet } from "../../../components/ui/side-sheet";
import type { AnalysisEntry } from "../../../lib/analysis-record";
import { useAuth } from "../../../lib/auth-context";
import { paths } from "../../../../contracts/paths";

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
    <SideSheet
      open={entry !== null}
      onClose={onClose}
      side="right"
      className="w-full max-w-4xl"
      title={entry ? `${ticker} analysis` : "Analysis"}
      actions={
        entry ? (
          <Link to={paths.stock(ticker)} className={buttonClasses({ size: "sm", variant: "secondary" })}>
            Open page
            <ArrowRight aria-hidden="true" size={16} />
          </Link>
        ) : null
      }
      testId="stock-detail-panel"
    >
      <div className="flex-1 overflow-y-auto p-4 sm:p-6">
        {entry ? <AnalysisReport report={entry.report} showChart={user !== null} /> : null}
      </div>
    </SideSheet>
  );
}
