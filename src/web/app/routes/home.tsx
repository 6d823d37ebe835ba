import { useLocation } from "react-router";
import { useBrand } from "../../config/public-config";
import { Banner } from "../../components/ui/banner";
import { ACCOUNT_DELETED_NOTICE, isAccountDeletedState } from "../../components/layout/account-deleted";
import { usePageTitle } from "../../lib/use-page-title";
import { BuyListSection } from "../../features/landing/components/buy-list-section";
import { ContactSection } from "../../features/landing/components/contact-section";
import { DemoVideo } from "../../features/landing/components/demo-video";
import { FeatureCards } from "../../features/landing/components/feature-cards";
import { Hero } from "../../features/landing/components/hero";
import { TechnologySection, WhyChooseUs } from "../../features/landing/components/marketing-sections";

/** After 'Delete my account': one line above the hero. */
function AccountDeletedNotice() {
  if (!isAccountDeletedState(useLocation().state)) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4">
      <Banner tone="success">{ACCOUNT_DELETED_NOTICE}</Banner>
    </div>
  );
}

export function HomePage() {
  usePageTitle(null, useBrand());
  return (
    <>
      <AccountDeletedNotice />
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
