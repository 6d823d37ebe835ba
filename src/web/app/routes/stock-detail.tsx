import { useParams } from "react-router";
import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { StockDetailView } from "../../features/stock-detail/components/stock-detail-view";

export function StockDetailPage() {
  const { ticker = "" } = useParams();
  usePageTitle(ticker.toUpperCase() || "Stock", useBrand());
  return <StockDetailView key={ticker} ticker={ticker} />;
}
