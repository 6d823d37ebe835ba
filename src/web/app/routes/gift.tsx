import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { Page } from "../../components/layout/page";
import { GiftForm } from "../../features/gift/gift-form";

export function GiftPage() {
  usePageTitle("Gift Recommendation Assistant", useBrand());
  return (
    <Page
      title="Gift Recommendation Assistant"
      description="Describe the person and the occasion, and get gift ideas that fit their interests and your budget."
    >
      <GiftForm />
    </Page>
  );
}
