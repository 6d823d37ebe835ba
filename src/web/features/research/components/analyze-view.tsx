import type { ComponentType } from "react";
import { Link } from "react-router";
import { History, MessagesSquare } from "lucide-react";
import { AnalysisReport } from "../../../components/analysis-report/analysis-report";
import { Page } from "../../../components/layout/page";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { FormField, fieldInputProps } from "../../../components/ui/form-field";
import { useAnalyzePage, type GateModal } from "../hooks/use-analyze-page";
import { AnalysisProgress } from "./analysis-progress";
import { ReusedAnalysisNotice } from "./reused-analysis-notice";
import { SharePrintButtons } from "./share-print-buttons";
import { TickerCombobox } from "./ticker-combobox";
import { TradingRulesMenu } from "./trading-rules-menu";
import { UsageLine } from "./usage-line";
import { paths } from "../../../../contracts/paths";

export interface GateModalsProps {
  /** The gate to show; null shows none. */
  modal: GateModal | null;
  onOpenChange: (open: boolean) => void;
}

export interface AnalyzeViewProps {
  /**
   * Renders the gates' dialogs. They belong to the auth, billing and chat features, which this
   * feature may not import, so the route composes them (docs/architecture.md: routes compose features).
   */
  GateModals: ComponentType<GateModalsProps>;
}

const FIELD_ID = "analyze-ticker";
/** The page's action buttons: compact on phones, hidden when printing. */
const ACTION_CLASSES = "h-10 px-3 sm:h-11 sm:px-4 print:hidden";

/**
 * The analyze page (docs/product.md): the ticker form with its gates, the loading messages, the
 * report, the error texts, Trading Rules, Chat with Quanta, Share and Print.
 */
export function AnalyzeView({ GateModals }: AnalyzeViewProps) {
  const page = useAnalyzePage();
  const loading = page.loadingTicker !== null;

  return (
    <>
      <Page
        title="Stock Analysis"
        description="Enter a ticker to get the recommendation, trade setup and the analysis behind it."
        actions={
          <>
            <Link to={paths.analyses()} className={buttonClasses({ variant: "secondary", className: ACTION_CLASSES })}>
              <History aria-hidden="true" size={18} />
              View Historical Analysis
            </Link>
            <TradingRulesMenu className={ACTION_CLASSES} />
            <Button onClick={page.openChat} className={ACTION_CLASSES}>
              <MessagesSquare aria-hidden="true" size={18} />
              Chat with Quanta
            </Button>
            <SharePrintButtons
              analysisId={page.analysisId}
              shareTitle={page.report ? `${page.report.stock_summary.ticker} stock analysis` : "Stock analysis"}
            />
          </>
        }
      >
        <Card className="max-w-2xl print:hidden">
          <form noValidate onSubmit={page.submit} className="space-y-4" aria-label="Analyze a stock">
            <FormField id={FIELD_ID} label="Enter Stock Ticker or Company Name" error={page.fieldError}>
              <TickerCombobox
                name="ticker"
                placeholder="AAPL"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={page.ticker}
                onValueChange={page.changeTicker}
                submitOnSelect
                {...fieldInputProps(FIELD_ID, page.fieldError)}
              />
            </FormField>
            <Button type="submit" size="lg" disabled={loading || page.sessionPending} aria-busy={loading || undefined}>
              Analyze Stock
            </Button>
          </form>
          <UsageLine enabled={page.canAnalyze} />
          {page.message ? (
            <p role="alert" data-testid="analysis-error" className="mt-4 text-sm font-medium text-danger-700">
              {page.message}
            </p>
          ) : null}
        </Card>

        {page.loadingTicker !== null ? <AnalysisProgress ticker={page.loadingTicker} /> : null}
        {page.report ? (
          <section aria-label="Analysis result" id="analysis-result" className="mt-8">
            {page.reused ? <ReusedAnalysisNotice reused={page.reused} onRefresh={page.refresh} busy={loading} /> : null}
            <AnalysisReport report={page.report} />
          </section>
        ) : null}
      </Page>

      <GateModals modal={page.modal} onOpenChange={page.onModalOpenChange} />
    </>
  );
}
