import { useCallback, useEffect, useRef, useState, type ComponentType, type SubmitEvent } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { History, MessagesSquare } from "lucide-react";
import { AnalysisReport } from "../../../components/analysis-report/analysis-report";
import { Page } from "../../../components/layout/page";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { FormField, fieldInputProps } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import type { ReportData } from "../../../lib/analysis-record";
import { useAuth } from "../../../lib/auth-context";
import { MESSAGES, normalizeTicker } from "../api/analysis-response";
import { USAGE_QUERY_KEY, checkLimit, requestAnalysis } from "../api/research-api";
import { AnalysisProgress } from "./analysis-progress";
import { SharePrintButtons } from "./share-print-buttons";
import { TradingRulesMenu } from "./trading-rules-menu";
import { UsageLine } from "./usage-line";

/** The page's gates: sign up, verify the e-mail, upgrade (daily limit reached), start a chat. */
export type GateModal = "unlock" | "verify" | "upgrade" | "chat";

export interface GateModalsProps {
  /** The gate to show; null shows none. */
  modal: GateModal | null;
  onOpenChange: (open: boolean) => void;
}

export interface AnalyzeViewProps {
  /**
   * Renders the gates' dialogs. They belong to the auth, billing and chat features, which this
   * feature may not import, so the route composes them (ARCHITECTURE.md: routes compose features).
   */
  GateModals: ComponentType<GateModalsProps>;
}

const FIELD_ID = "analyze-ticker";
/** The page's action buttons: compact on phones, hidden when printing. */
const ACTION_CLASSES = "h-10 px-3 sm:h-11 sm:px-4 print:hidden";

/**
 * The analyze page (SPEC.md §2): the ticker form with its gates (§5), the loading messages (§4), the
 * report, the error texts (§8), Trading Rules, Chat with Quanta, Share and Print.
 */
export function AnalyzeView({ GateModals }: AnalyzeViewProps) {
  const { user, isPending } = useAuth();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [params, setParams] = useSearchParams();

  const paramTicker = normalizeTicker(params.get("ticker") ?? "");
  const [ticker, setTicker] = useState(paramTicker);
  const [syncedParam, setSyncedParam] = useState(paramTicker);
  // The URL changed from outside (a link to /stocks?ticker=X while here): show its ticker.
  if (paramTicker !== syncedParam) {
    setSyncedParam(paramTicker);
    if (normalizeTicker(ticker) !== paramTicker) setTicker(paramTicker);
  }

  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [analysisError, setAnalysisError] = useState<string | null>(null);
  const [loadingTicker, setLoadingTicker] = useState<string | null>(null);
  const [result, setResult] = useState<ReportData | null>(null);
  const [modal, setModal] = useState<GateModal | null>(null);
  const latestRequest = useRef(0);

  const closeModal = (open: boolean) => {
    if (!open) setModal(null);
  };

  const runAnalysis = useCallback(
    async (symbol: string) => {
      latestRequest.current += 1;
      const request = latestRequest.current;
      setAnalysisError(null);
      setFieldError(undefined);
      setResult(null);
      setLoadingTicker(symbol);
      const outcome = await requestAnalysis(symbol);
      if (request !== latestRequest.current) return;
      switch (outcome.kind) {
        case "success":
          setResult(outcome.report);
          void queryClient.invalidateQueries({ queryKey: ["stock-analyses"] });
          break;
        case "signup":
          setModal("unlock");
          break;
        case "verify":
          setAnalysisError(outcome.message);
          setModal("verify");
          break;
        case "limit": {
          const limit = await checkLimit();
          if (request !== latestRequest.current) return;
          if (limit.kind === "upgrade") setModal("upgrade");
          else setAnalysisError(limit.message);
          break;
        }
        case "error":
          setAnalysisError(outcome.message);
          break;
      }
      void queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY });
      setLoadingTicker(null);
    },
    [queryClient],
  );

  // The URL shows the ticker as the input does: ?ticker=nvda becomes ?ticker=NVDA.
  const rawTicker = params.get("ticker");
  useEffect(() => {
    if (rawTicker === null || rawTicker === paramTicker) return;
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (paramTicker) copy.set("ticker", paramTicker);
        else copy.delete("ticker");
        return copy;
      },
      { replace: true },
    );
  }, [rawTicker, paramTicker, setParams]);

  // ?autoSearch=true ('Analyze Again') runs the analysis once on load, for verified users.
  const autoSearch = params.get("autoSearch") === "true";
  const autoRanFor = useRef<string | null>(null);
  const canAnalyze = !isPending && user !== null && user.emailVerified;
  useEffect(() => {
    if (!autoSearch) {
      autoRanFor.current = null;
      return;
    }
    if (!canAnalyze || paramTicker === "" || autoRanFor.current === paramTicker) return;
    autoRanFor.current = paramTicker;
    void runAnalysis(paramTicker);
  }, [autoSearch, canAnalyze, paramTicker, runAnalysis]);

  const onChange = (value: string) => {
    const next = value.toUpperCase();
    setTicker(next);
    setFieldError(undefined);
    // Keep the URL in step with the input so the page can be shared or reloaded.
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        const trimmed = next.trim();
        if (trimmed) copy.set("ticker", trimmed);
        else copy.delete("ticker");
        copy.delete("autoSearch");
        return copy;
      },
      { replace: true },
    );
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) {
      setModal("unlock");
      return;
    }
    if (!user.emailVerified) {
      setAnalysisError(MESSAGES.verifyEmail);
      setModal("verify");
      return;
    }
    const symbol = normalizeTicker(ticker);
    setTicker(symbol);
    if (!symbol) {
      setAnalysisError(null);
      setFieldError(MESSAGES.emptyTicker);
      return;
    }
    void runAnalysis(symbol);
  };

  const onChat = () => {
    if (!user) setModal("unlock");
    else if (!user.emailVerified) setModal("verify");
    else setModal("chat");
  };

  const loading = loadingTicker !== null;
  const shareUrl = result
    ? `${window.location.origin}${location.pathname}?ticker=${encodeURIComponent(result.stock_summary.ticker)}`
    : null;

  return (
    <>
      <Page
        className="pb-28"
        title="Stock Analysis"
        description="Enter a ticker to get the recommendation, trade setup and the analysis behind it."
        actions={
          <>
            <Link to="/analyses" className={buttonClasses({ variant: "secondary", className: ACTION_CLASSES })}>
              <History aria-hidden="true" size={18} />
              View Historical Analysis
            </Link>
            <TradingRulesMenu className={ACTION_CLASSES} />
            <Button onClick={onChat} className={ACTION_CLASSES}>
              <MessagesSquare aria-hidden="true" size={18} />
              Chat with Quanta
            </Button>
          </>
        }
      >
        <Card className="max-w-2xl print:hidden">
          <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Analyze a stock">
            <FormField id={FIELD_ID} label="Enter Stock Ticker or Company Name" error={fieldError}>
              <Input
                name="ticker"
                placeholder="AAPL"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={ticker}
                onChange={(event) => {
                  onChange(event.target.value);
                }}
                {...fieldInputProps(FIELD_ID, fieldError)}
              />
            </FormField>
            <Button type="submit" size="lg" disabled={loading || isPending} aria-busy={loading || undefined}>
              Analyze Stock
            </Button>
          </form>
          <UsageLine enabled={canAnalyze} />
          {analysisError ? (
            <p role="alert" data-testid="analysis-error" className="mt-4 text-sm font-medium text-danger-700">
              {analysisError}
            </p>
          ) : null}
        </Card>

        {loadingTicker !== null ? <AnalysisProgress ticker={loadingTicker} /> : null}
        {result ? (
          <section aria-label="Analysis result" id="analysis-result" className="mt-8">
            <AnalysisReport report={result} />
          </section>
        ) : null}
      </Page>

      <SharePrintButtons
        shareUrl={shareUrl}
        shareTitle={result ? `${result.stock_summary.ticker} stock analysis` : "Stock analysis"}
      />

      <GateModals modal={modal} onOpenChange={closeModal} />
    </>
  );
}
