import { useParams } from "react-router";
import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { SharedAnalysisView } from "../../features/shared-analysis/components/shared-analysis-view";

/** /s/:token: a shared analysis, read-only and public. */
export function SharedAnalysisPage() {
  const { token = "" } = useParams();
  usePageTitle("Shared analysis", useBrand());
  return <SharedAnalysisView key={token} token={token} />;
}
