import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { HistoryView } from "../../features/history/components/history-view";

/** /dashboard and /analyses/*: the user's analyses (guarded). */
export function AnalysesPage() {
  usePageTitle("Your analyses", useBrand());
  return <HistoryView />;
}
