import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { PortfolioView } from "../../features/portfolio/components/portfolio-view";

/** /portfolio: the user's positions, risk and transactions (guarded). */
export function PortfolioPage() {
  usePageTitle("Portfolio", useBrand());
  return <PortfolioView />;
}
