import { useNavigate, useParams } from "react-router";
import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { Page } from "../../components/layout/page";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";

export function StockDetailPage() {
  const { ticker = "" } = useParams();
  const navigate = useNavigate();
  usePageTitle(ticker || "Stock", useBrand());
  return (
    <Page title={ticker || "Stock"}>
      <Card className="space-y-4">
        <p className="text-lg font-medium text-ink">No analysis found for {ticker}</p>
        <p className="text-muted">Stored analyses appear here once the research feature is live.</p>
        <Button onClick={() => void navigate("/")}>Back to Home</Button>
      </Card>
    </Page>
  );
}
