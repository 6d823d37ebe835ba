import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { BuyListSection } from "../../features/landing/components/buy-list-section";
import { FeatureCards } from "../../features/landing/components/feature-cards";
import { Hero } from "../../features/landing/components/hero";

export function HomePage() {
  usePageTitle(null, useBrand());
  return (
    <>
      <Hero />
      <FeatureCards />
      <BuyListSection />
    </>
  );
}
