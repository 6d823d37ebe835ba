import { Link } from "react-router";
import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { Page } from "../../components/layout/page";
import { buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";

export function AnalysesPage() {
  usePageTitle("Your analyses", useBrand());
  return (
    <Page title="Your Analysis History" description="Every analysis you run is kept here.">
      <Card className="space-y-4 text-center">
        <p className="text-lg font-medium text-ink">No stock analyses found.</p>
        <Link to="/analyze" className={buttonClasses()}>
          Analyze Your First Stock
        </Link>
      </Card>
    </Page>
  );
}
