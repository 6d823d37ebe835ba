import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { BuyListSection } from "../../features/landing/components/buy-list-section";
import { ContactSection } from "../../features/landing/components/contact-section";
import { DemoVideo } from "../../features/landing/components/demo-video";
import { FeatureCards } from "../../features/landing/components/feature-cards";
import { Hero } from "../../features/landing/components/hero";
import { TechnologySection, WhyChooseUs } from "../../features/landing/components/marketing-sections";

export function HomePage() {
  usePageTitle(null, useBrand());
  return (
    <>
      <Hero />
      <DemoVideo />
      <FeatureCards />
      <BuyListSection />
      <WhyChooseUs />
      <TechnologySection />
      <ContactSection />
    </>
  );
}
