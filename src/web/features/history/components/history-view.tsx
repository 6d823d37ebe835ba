import { useCallback, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileUp, LineChart } from "lucide-react";
import { Page } from "../../../components/layout/page";
import { Banner } from "../../../components/ui/banner";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import type { AnalysisEntry } from "../../../lib/analysis-record";
import { ApiRequestError } from "../../../lib/api-client";
import { fetchHistory, removeAnalysis, restoreAnalysis } from "../api/history-api";
import { AnalysisCard } from "./analysis-card";
import { AnalysisDetailsDialog } from "./analysis-details-dialog";
import { DownloadCsvButton } from "./download-csv-button";
import { UndoToast, type ToastMessage } from "./undo-toast";
import { paths } from "../../../../contracts/paths";
import { historyKeys } from "../../../lib/query-keys";

const HISTORY_TEXTS = {
  loading: "Loading your analysis history...",
  error: "Failed to load your stock analyses",
  empty: "No stock analyses found.",
  clearFilter: "Clear filter",
  removeFailed: "Could not remove the analysis. Please try again.",
  restoreFailed: "Could not restore the analysis. Please try again.",
} as const;

/** The filtered history's empty state: the filter matched nothing, though the user may have other analyses. */
function noMatchText(filter: string): string {
  return `No analyses match "${filter}".`;
}

function removedText(ticker: string): string {
  return `Removed the ${ticker} analysis.`;
}

/**
 * Removing an analysis hides its card at once and offers 'Undo' in a toast; a failed removal shows
 * the card again. The hidden cards and the toast live here.
 */
function useRemoveWithUndo() {
  const queryClient = useQueryClient();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const removals = useRef(new Map<string, Promise<boolean>>());
  const toastKey = useRef(0);

  const showToast = useCallback((message: Omit<ToastMessage, "key">) => {
    toastKey.current += 1;
    setToast({ ...message, key: toastKey.current });
  }, []);
  const dismissToast = useCallback(() => {
    setToast(null);
  }, []);

  const setHiddenFor = (id: string, hide: boolean) => {
    setHidden((current) => {
      const next = new Set(current);
      if (hide) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const undo = async (entry: AnalysisEntry) => {
    setToast(null);
    const removed = await (removals.current.get(entry.id) ?? Promise.resolve(true));
    if (!removed) return;
    try {
      await restoreAnalysis(entry.id);
      removals.current.delete(entry.id);
      setHiddenFor(entry.id, false);
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    } catch {
      showToast({ text: HISTORY_TEXTS.restoreFailed, tone: "error" });
    }
  };

  const onRemove = (entry: AnalysisEntry) => {
    setHiddenFor(entry.id, true);
    const removal = removeAnalysis(entry.id).then(
      () => true,
      (error: unknown) => {
        // Already gone counts as removed.
        if (error instanceof ApiRequestError && error.status === 404) return true;
        setHiddenFor(entry.id, false);
        showToast({ text: HISTORY_TEXTS.removeFailed, tone: "error" });
        return false;
      },
    );
    removals.current.set(entry.id, removal);
    showToast({
      text: removedText(entry.report.stock_summary.ticker),
      tone: "info",
      onUndo: () => {
        void undo(entry);
      },
    });
  };

  return { hidden, toast, dismissToast, onRemove };
}

/** The page's content: loading, the failure, an empty or unmatched history, or the cards. */
function HistoryBody({
  query,
  visible,
  filter,
  onFilter,
  onRemove,
  onDetails,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> };
  visible: AnalysisEntry[];
  filter: string | null;
  onFilter: (ticker: string) => void;
  onRemove: (entry: AnalysisEntry) => void;
  onDetails: (entry: AnalysisEntry) => void;
}) {
  const { pathname } = useLocation();
  if (query.isPending) {
    return (
      <div className="flex min-h-[30vh] items-center justify-center">
        <Spinner label={HISTORY_TEXTS.loading} showLabel size={28} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-4">
        <Banner tone="error">{HISTORY_TEXTS.error}</Banner>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (visible.length === 0 && filter) {
    return (
      <Card data-testid="history-no-match" className="space-y-4 text-center">
        <p className="text-lg font-medium text-ink">{noMatchText(filter)}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={pathname} className={buttonClasses()}>
            {HISTORY_TEXTS.clearFilter}
          </Link>
          <Link to={paths.stocks({ ticker: filter })} className={buttonClasses({ variant: "secondary" })}>
            Analyze {filter}
          </Link>
        </div>
      </Card>
    );
  }
  if (visible.length === 0) {
    return (
      <Card className="space-y-4 text-center">
        <p className="text-lg font-medium text-ink">{HISTORY_TEXTS.empty}</p>
        <Link to={paths.analyze()} className={buttonClasses()}>
          Analyze Your First Stock
        </Link>
      </Card>
    );
  }
  return (
    <div data-testid="analysis-list" className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
      {visible.map((entry) => (
        <AnalysisCard key={entry.id} entry={entry} onFilter={onFilter} onRemove={onRemove} onDetails={onDetails} />
      ))}
    </div>
  );
}

/** The history (docs/product.md): cards, filter, remove with undo, details modal. */
export function HistoryView() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const filter = (params.get("ticker") ?? "").toUpperCase().trim() || null;

  const query = useQuery({ queryKey: historyKeys.list(filter), queryFn: () => fetchHistory(filter) });
  const [details, setDetails] = useState<AnalysisEntry | null>(null);
  const { hidden, toast, dismissToast, onRemove } = useRemoveWithUndo();

  const onFilter = (ticker: string) => {
    void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    void navigate(paths.dashboard(ticker));
  };

  const visible = (query.data ?? []).filter((entry) => !hidden.has(entry.id));

  return (
    <>
      <Page
        title="Your Analysis History"
        description="Every analysis you run is kept here."
        actions={
          <>
            <DownloadCsvButton />
            <Link to={paths.upload()} className={buttonClasses({ variant: "secondary" })}>
              <FileUp aria-hidden="true" size={18} />
              Import CSV
            </Link>
            <Link to={paths.stocks()} className={buttonClasses({ variant: "secondary" })}>
              <LineChart aria-hidden="true" size={18} />
              Analyze a Stock
            </Link>
          </>
        }
      >
        {filter ? (
          <p data-testid="history-filter" className="mb-6 flex flex-wrap items-center gap-3 text-sm text-ink">
            <span className="font-medium">Showing analyses for {filter}</span>
            <Link to={pathname} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
              Show all
            </Link>
          </p>
        ) : null}
        <HistoryBody query={query} visible={visible} filter={filter} onFilter={onFilter} onRemove={onRemove} onDetails={setDetails} />
      </Page>
      <AnalysisDetailsDialog
        entry={details}
        onClose={() => {
          setDetails(null);
        }}
      />
      <UndoToast toast={toast} onDismiss={dismissToast} />
    </>
  );
}
