import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import type { AnalysisEntry } from "../../../lib/analysis-record";
import type { PublicListAction } from "../../../../contracts/public-list";
import { fetchPublicStocks, listFailureMessage } from "../api/public-stocks";
import { landingKeys } from "../api/landing-keys";
import { REFRESHING_TITLE, refreshingLine } from "../api/refresh-status";
import { useRefreshStatus } from "../api/use-refresh-status";
import { StockCard } from "./stock-card";
import { lazyWithPreload } from "../../../lib/lazy-with-preload";

// The panel (dialog and full report view) is fetched when a visitor first opens it.
const StockDetailSheet = lazyWithPreload(
  () => import("./stock-detail-sheet").then((m) => m.StockDetailSheet),
  () => null,
);

const EMPTY_STOCKS_MESSAGE = "No recommended stocks available.";

/**
 * The public BUY or WATCH list as cards, with loading, error and empty states (docs/product.md). An
 * empty list while the daily screen runs (a fresh installation's first run) says 'Refreshing…' with
 * its progress, and is fetched again when the run finishes.
 */
export function StockList({ action }: { action: PublicListAction }) {
  const [selected, setSelected] = useState<AnalysisEntry | null>(null);
  const [panelUsed, setPanelUsed] = useState(false);
  const open = (entry: AnalysisEntry) => {
    setPanelUsed(true);
    setSelected(entry);
  };
  const query = useQuery({
    queryKey: landingKeys.publicStocks(action),
    queryFn: ({ signal }) => fetchPublicStocks(action, signal),
    staleTime: 60_000,
  });
  const label = action === "BUY" ? "Stocks to buy" : "Stocks to watch";
  const refresh = useRefreshStatus(query.isSuccess && query.data.length === 0);

  if (query.isPending) {
    return (
      <div className="flex min-h-48 items-center justify-center">
        <Spinner label="Loading recommendations…" showLabel size={28} />
      </div>
    );
  }

  if (query.isError) {
    return (
      <div className="flex flex-col items-center gap-4 py-10 text-center">
        <p role="alert" className="font-medium text-danger-700">
          {listFailureMessage(query.error)}
        </p>
        <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw aria-hidden="true" size={16} className={query.isFetching ? "animate-spin" : undefined} />
          Try Again
        </Button>
      </div>
    );
  }

  if (query.data.length === 0 && refresh?.refreshing) {
    return (
      <div role="status" className="flex min-h-48 flex-col items-center justify-center gap-3 py-10 text-center">
        <p className="inline-flex items-center gap-2 font-medium text-ink">
          <RefreshCw aria-hidden="true" size={18} className="animate-spin text-brand-600" />
          {REFRESHING_TITLE}
        </p>
        <p className="max-w-md text-sm text-muted">{refreshingLine(refresh.progress)}</p>
      </div>
    );
  }

  if (query.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 py-10 text-center">
        <p className="text-muted">{EMPTY_STOCKS_MESSAGE}</p>
        <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw aria-hidden="true" size={16} className={query.isFetching ? "animate-spin" : undefined} />
          Refresh
        </Button>
      </div>
    );
  }

  return (
    <>
      {/* One column of minmax(0, 1fr), and cards that may shrink: an implicit grid column grows to the
          widest card's content (a long company name), wider than a phone's screen. */}
      <ul aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {query.data.map((entry) => (
          <li key={entry.id} className="flex min-w-0">
            <StockCard entry={entry} onOpen={open} />
          </li>
        ))}
      </ul>
      {panelUsed ? (
        <StockDetailSheet
          entry={selected}
          onClose={() => {
            setSelected(null);
          }}
        />
      ) : null}
    </>
  );
}
