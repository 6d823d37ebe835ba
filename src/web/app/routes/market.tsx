import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { MarketView } from "../../features/market/components/market-view";

/** /market: the market direction, breadth and group ranks (public). */
export function MarketPage() {
  usePageTitle("Market", useBrand());
  return <MarketView />;
}
