import { useEffect } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { AnalysisReport } from "../../../components/analysis-report/analysis-report";
import { Page } from "../../../components/layout/page";
import { buttonClasses } from "../../../components/ui/button";
import { Banner } from "../../../components/ui/banner";
import { PageSpinner } from "../../../components/ui/spinner";
import { parseAnalysisPayload } from "../../../lib/analysis-record";
import { ApiRequestError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { fetchSharedAnalysis } from "../../../lib/share-api";
import { paths } from "../../../../contracts/paths";
import { PrintButton } from "../../../components/analysis-report/print-button";

const SHARED_TEXTS = {
  gone: "This shared analysis is no longer available",
  goneDetail: "Its owner stopped sharing it, or the link is not complete.",
  error: "Could not load the shared analysis. Please try again.",
  analysedOn: "Analysed on",
} as const;

/** Keeps search engines off the page while it is shown: a shared link is for the people given it. */
function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement("meta");
    meta.name = "robots";
    meta.content = "noindex";
    document.head.append(meta);
    return () => {
      meta.remove();
    };
  }, []);
}

async function loadShared(token: string) {
  const shared = await fetchSharedAnalysis(token);
  return { report: parseAnalysisPayload(shared.analysis), timestamp: shared.timestamp };
}

function NoLongerAvailable() {
  return (
    <div data-testid="shared-analysis-gone" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{SHARED_TEXTS.gone}</h1>
      <p className="mt-3 text-muted">{SHARED_TEXTS.goneDetail}</p>
      <Link to={paths.home()} className={buttonClasses({ className: "mt-8" })}>
        Go to the home page
      </Link>
    </div>
  );
}

/**
 * The read-only page of a shared analysis (decision 046): the report as its owner saw it, with
 * its date; no sign-in, nothing of the owner; Print as on the analyze page. A stopped or unknown
 * link says it is no longer available.
 */
export function SharedAnalysisView({ token }: { token: string }) {
  useNoIndex();
  const query = useQuery({
    queryKey: ["shared-analysis", token],
    queryFn: () => loadShared(token),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  });
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) return <NoLongerAvailable />;
    return (
      <div className="mx-auto max-w-xl px-4 py-24">
        <Banner tone="error">{SHARED_TEXTS.error}</Banner>
      </div>
    );
  }
  const { report, timestamp } = query.data;
  return (
    <Page
      title={`Shared analysis: ${report.stock_summary.ticker}`}
      description={
        <>
          {SHARED_TEXTS.analysedOn}{" "}
          <time dateTime={timestamp} data-testid="shared-analysis-date">
            {formatDateTime(timestamp)}
          </time>
        </>
      }
      actions={
        <PrintButton className="print:hidden" />
      }
    >
      <section aria-label="Shared analysis" className="mt-2">
        <AnalysisReport report={report} />
      </section>
    </Page>
  );
}
