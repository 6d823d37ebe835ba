import { useNavigate } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { AnalysisReport } from "../../../components/analysis-report/analysis-report";
import { Page } from "../../../components/layout/page";
import { Banner } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { PageSpinner } from "../../../components/ui/spinner";
import { fetchPublicAnalysis } from "../api/public-analysis";
import { paths } from "../../../../contracts/paths";
import { stockDetailKeys } from "../api/stock-detail-keys";

/** /stock/:ticker: the first stored recommendation for the ticker (SPEC.md §2). */
export function StockDetailView({ ticker }: { ticker: string }) {
  const symbol = ticker.toUpperCase().trim();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: stockDetailKeys.publicAnalysis(symbol),
    queryFn: () => fetchPublicAnalysis(symbol),
    enabled: symbol !== "",
  });
  const back = (
    <Button onClick={() => void navigate(paths.home())} className="print:hidden">
      Back to Home
    </Button>
  );

  if (symbol !== "" && query.isPending) return <PageSpinner label="Loading the analysis…" />;

  if (query.isError) {
    return (
      <Page title={symbol}>
        <Card className="space-y-4">
          <Banner tone="error">Failed to load the analysis: {query.error.message}</Banner>
          {back}
        </Card>
      </Page>
    );
  }

  const entry = query.data ?? null;
  if (!entry) {
    return (
      <Page title={symbol || "Stock"}>
        <Card className="space-y-4">
          <p className="text-lg font-medium text-ink">No analysis found for {symbol}</p>
          {back}
        </Card>
      </Page>
    );
  }

  return (
    <Page title={`${symbol} analysis`} actions={back}>
      <AnalysisReport report={entry.report} />
    </Page>
  );
}
