import { useCallback, useEffect, useRef, useState, type SubmitEvent } from "react";
import { useSearchParams } from "react-router";
import { useAuth } from "../../../lib/auth-context";
import { MESSAGES, normalizeTicker } from "../api/analysis-response";
import { useAnalyzeStock, type AnalyzeResult } from "../api/use-analyze-stock";

/** The page's gates: sign up, verify the e-mail, upgrade (daily limit reached), start a chat. */
export type GateModal = "unlock" | "verify" | "upgrade" | "chat";

/** Replaces the URL's query in place (no new history entry). */
type EditQuery = (edit: (query: URLSearchParams) => void) => void;

/**
 * The ticker field, kept in step with ?ticker= both ways: the field shows a ticker that arrives in
 * the URL, typing writes it back, and ?ticker=nvda is shown as ?ticker=NVDA.
 */
function useTickerParam() {
  const [params, setParams] = useSearchParams();
  const paramTicker = normalizeTicker(params.get("ticker") ?? "");
  const [ticker, setTicker] = useState(paramTicker);
  const [syncedParam, setSyncedParam] = useState(paramTicker);
  // The URL changed from outside (a link to /stocks?ticker=X while here): show its ticker.
  if (paramTicker !== syncedParam) {
    setSyncedParam(paramTicker);
    if (normalizeTicker(ticker) !== paramTicker) setTicker(paramTicker);
  }

  const editQuery: EditQuery = useCallback(
    (edit) => {
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          edit(copy);
          return copy;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const rawTicker = params.get("ticker");
  useEffect(() => {
    if (rawTicker === null || rawTicker === paramTicker) return;
    editQuery((query) => {
      if (paramTicker) query.set("ticker", paramTicker);
      else query.delete("ticker");
    });
  }, [rawTicker, paramTicker, editQuery]);

  return { ticker, setTicker, paramTicker, autoSearch: params.get("autoSearch") === "true", editQuery };
}

/**
 * Runs an analysis and shows what its answer asks for: a gate (sign up, verify, upgrade) or a
 * message; the field's own error and the open gate live here too.
 */
function useAnalysisRun(mutate: ReturnType<typeof useAnalyzeStock>["mutate"]) {
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<string | null>(null);
  const [modal, setModal] = useState<GateModal | null>(null);

  const showResult = useCallback((result: AnalyzeResult) => {
    switch (result.kind) {
      case "report":
        break;
      case "unlock":
      case "upgrade":
        setModal(result.kind);
        break;
      case "verify":
        setMessage(result.message);
        setModal("verify");
        break;
      case "error":
        setMessage(result.message);
        break;
    }
  }, []);

  const runAnalysis = useCallback(
    (symbol: string, refresh = false) => {
      setMessage(null);
      setFieldError(undefined);
      // These callbacks run for the latest request only, and only while the page is open.
      mutate({ ticker: symbol, refresh }, { onSuccess: showResult });
    },
    [mutate, showResult],
  );

  return { fieldError, setFieldError, message, setMessage, modal, setModal, runAnalysis };
}

/**
 * ?autoSearch=true ('Analyze Again') runs the analysis once on load, for verified users, and then
 * leaves the URL (replace, no new history entry), so reloading the page does not run it again.
 */
function useAutoSearch({
  autoSearch,
  canAnalyze,
  paramTicker,
  runAnalysis,
  editQuery,
}: {
  autoSearch: boolean;
  canAnalyze: boolean;
  paramTicker: string;
  runAnalysis: (symbol: string) => void;
  editQuery: EditQuery;
}) {
  const autoRanFor = useRef<string | null>(null);
  useEffect(() => {
    if (!autoSearch) {
      autoRanFor.current = null;
      return;
    }
    if (!canAnalyze || paramTicker === "" || autoRanFor.current === paramTicker) return;
    autoRanFor.current = paramTicker;
    runAnalysis(paramTicker);
    editQuery((query) => {
      query.delete("autoSearch");
    });
  }, [autoSearch, canAnalyze, paramTicker, runAnalysis, editQuery]);
}

/**
 * Everything the analyze page does (docs/product.md): the ticker field and the URL, the gates
 * before a request, the request itself (useAnalyzeStock), what its answer shows (and whether it is
 * a reused analysis, with its 'Refresh'), 'Analyze Again' (?autoSearch=true, run once) and the
 * analysis to share. The page only renders what this returns.
 */
export function useAnalyzePage() {
  const { user, isPending } = useAuth();
  const { ticker, setTicker, paramTicker, autoSearch, editQuery } = useTickerParam();
  const analysis = useAnalyzeStock();

  const { fieldError, setFieldError, message, setMessage, modal, setModal, runAnalysis } = useAnalysisRun(analysis.mutate);
  const canAnalyze = !isPending && user !== null && user.emailVerified;
  useAutoSearch({ autoSearch, canAnalyze, paramTicker, runAnalysis, editQuery });

  const changeTicker = (value: string) => {
    const next = value.toUpperCase();
    setTicker(next);
    setFieldError(undefined);
    // Keep the URL in step with the input so the page can be shared or reloaded.
    editQuery((query) => {
      const trimmed = next.trim();
      if (trimmed) query.set("ticker", trimmed);
      else query.delete("ticker");
      query.delete("autoSearch");
    });
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) {
      setModal("unlock");
      return;
    }
    if (!user.emailVerified) {
      setMessage(MESSAGES.verifyEmail);
      setModal("verify");
      return;
    }
    const symbol = normalizeTicker(ticker);
    setTicker(symbol);
    if (!symbol) {
      setMessage(null);
      setFieldError(MESSAGES.emptyTicker);
      return;
    }
    runAnalysis(symbol);
  };

  const openChat = () => {
    if (!user) setModal("unlock");
    else if (!user.emailVerified) setModal("verify");
    else setModal("chat");
  };

  const onModalOpenChange = (open: boolean) => {
    if (!open) setModal(null);
  };

  const result = analysis.data?.kind === "report" ? analysis.data : null;
  const report = result?.report ?? null;
  // 'Refresh' of a reused analysis: asks again, explicitly; charged only when newer data exists.
  const refresh = () => {
    if (report) runAnalysis(report.stock_summary.ticker, true);
  };

  return {
    ticker,
    changeTicker,
    fieldError,
    submit,
    /** The red line under the form: an error or the verification reminder. */
    message,
    /** The ticker being analysed, or null when no request is running. */
    loadingTicker: analysis.isPending ? (analysis.variables?.ticker ?? null) : null,
    report,
    /** Set when the report is the user's stored analysis of the same market data (not charged). */
    reused: result?.reused ? { ...result.reused, refresh: result.refresh } : null,
    refresh,
    /** The stored analysis shown, which Share makes a read-only link to; null before a result. */
    analysisId: result?.analysisId ?? null,
    /** Signed in and verified: the usage line shows. */
    canAnalyze,
    /** The first session check is still running. */
    sessionPending: isPending,
    openChat,
    modal,
    onModalOpenChange,
  };
}
