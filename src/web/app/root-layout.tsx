import { useEffect } from "react";
import { NavigationType, Outlet, useLocation, useNavigationType } from "react-router";
import { DemoMarketBanner } from "../components/layout/demo-market-banner";
import { SiteFooter } from "../components/layout/site-footer";
import { SiteHeader } from "../components/layout/site-header";
import { SkipLink } from "../components/layout/skip-link";
import { VerifyEmailNotice } from "../components/layout/verify-email-notice";
import { useBrand } from "../config/public-config";
import { AuthProvider } from "../lib/auth-context";

/** New pages start at the top; hash targets (#buy-list) scroll themselves, back/forward keeps the browser's. */
function ScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (hash || navigationType === NavigationType.Pop) return;
    if (window.scrollY > 0) window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
  return null;
}

function AppShell() {
  const brand = useBrand();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader brand={brand} />
      <DemoMarketBanner />
      <VerifyEmailNotice />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter brand={brand} />
      <ScrollToTopOnNavigate />
    </div>
  );
}

export function RootLayout() {
  return (
    <AuthProvider>
      <AppShell />
    </AuthProvider>
  );
}
