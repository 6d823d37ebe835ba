import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { AnalyzeView } from "../../features/research/components/analyze-view";

/** /stocks, /quanta and /analyze. */
export function AnalyzePage() {
  usePageTitle("Analyze a stock", useBrand());
  return <AnalyzeView />;
}
