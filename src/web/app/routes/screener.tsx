import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { ScreenerView } from "../../features/screener/components/screener-view";

/** /screener: every stock of the latest daily screen, filtered and sorted (guarded). */
export function ScreenerPage() {
  usePageTitle("Screener", useBrand());
  return <ScreenerView />;
}
