import { Gift } from "lucide-react";
import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { Page } from "../../components/layout/page";
import { Card } from "../../components/ui/card";

export function GiftPage() {
  usePageTitle("Gift Recommendation Assistant", useBrand());
  return (
    <Page
      title="Gift Recommendation Assistant"
      description="Describe the person and the occasion, and get gift ideas that fit their interests and your budget."
    >
      <Card className="flex items-start gap-4">
        <Gift aria-hidden="true" className="mt-0.5 shrink-0 text-brand-700" />
        <p className="text-muted">
          The gift form is not available yet. It arrives with the gift recommendation feature.
        </p>
      </Card>
    </Page>
  );
}
