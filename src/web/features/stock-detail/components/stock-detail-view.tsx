import { Link, useNavigate } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { LineChart } from "lucide-react";
import { AnalysisReport } from "../../../components/analysis-report/analysis-report";
import { Page } from "../../../components/layout/page";
import { Banner } from "../../../components/ui/banner";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { PageSpinner } from "../../../components/ui/spinner";
import { useAuth } from "../../../lib/auth-context";
import { formatDateTime } from "../../../lib/format";
import { historyKeys } from "../../../lib/query-keys";
import { fetchOwnAnalyses } from "../api/own-analysis";
import { fetchPublicAnalysis } from "../api/public-analysis";
import { paths } from "../../../../contracts/paths";
import { stockDetailKeys } from "../api/stock-detail-keys";

/** The line above the report: whose analysis it is and when it was made. */
function sourceText(source: "own" | "public", timestamp: string): string {
  const when = formatDateTime(timestamp);
  return source === "own" ? `Your analysis of ${when}.` : `The latest published analysis, ${when}.`;
}

/**
 * /stock/:ticker (docs/product.md): the signed-in user's own latest analysis of the ticker when they have
 * one, else the first stored public recommendation; always with 'Analyze {TICKER}', so the page is
 * never a dead end.
 */
export function StockDetailView({ ticker }: { ticker: string }) {
  const symbol = ticker.toUpperCase().trim();
  const navigate = useNavigate();
  const { user, isPending: sessionPending } = useAuth();
  const publicQuery = useQuery({
    queryKey: stockDetailKeys.publicAnalysis(symbol),
    queryFn: () => fetchPublicAnalysis(symbol),
    enabled: symbol !== "",
  });
  const signedIn = user !== null;
  const ownQuery = useQuery({
    queryKey: historyKeys.list(symbol),
    queryFn: () => fetchOwnAnalyses(symbol),
    enabled: symbol !== "" && signedIn,
  });

  const back = (
    <Button variant="secondary" onClick={() => void navigate(paths.home())} className="print:hidden">
      Back to Home
    </Button>
  );
  const analyze =
    symbol === "" ? null : (
      <Link to={paths.stocks({ ticker: symbol, autoSearch: true })} className={buttonClasses({ className: "print:hidden" })}>
        <LineChart aria-hidden="true" size={18} />
        Analyze {symbol}
      </Link>
    );
  const actions = (
    <>
      {analyze}
      {back}
    </>
  );

  const ownPending = signedIn && ownQuery.isPending;
  if (symbol !== "" && (sessionPending || publicQuery.isPending || ownPending)) {
    return <PageSpinner label="Loading the analysis…" />;
  }

  const own = signedIn ? (ownQuery.data?.[0] ?? null) : null;
  const published = publicQuery.data ?? null;
  const entry = own ?? published;

  if (!entry) {
    const ownFailed = signedIn && ownQuery.isError;
    return (
      <Page title={symbol || "Stock"}>
        <Card className="space-y-4">
          {publicQuery.isError ? (
            <Banner tone="error">{publicQuery.error.message}</Banner>
          ) : (
            <>
              <p className="text-lg font-medium text-ink">No analysis found for {symbol}</p>
              {ownFailed ? (
                <p className="text-muted">Your own analyses could not be loaded; reload the page to try again.</p>
              ) : symbol !== "" ? (
                <p className="text-muted">Run one now: it takes a few seconds and is kept in your history.</p>
              ) : null}
            </>
          )}
          <div className="flex flex-wrap gap-3">{actions}</div>
        </Card>
      </Page>
    );
  }

  return (
    <Page
      title={`${symbol} analysis`}
      description={<span data-testid="analysis-source">{sourceText(own ? "own" : "public", entry.timestamp)}</span>}
      actions={actions}
    >
      <AnalysisReport report={entry.report} />
    </Page>
  );
}
