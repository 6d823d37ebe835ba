import { useEffect, type ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { routePatterns } from "../../contracts/paths";
import { PageSpinner } from "../components/ui/spinner";
import { startEarlyRequest } from "../lib/early-request";
import { lazyWithPreload, type PreloadableComponent } from "../lib/lazy-with-preload";
import { RequireAuth } from "./require-auth";
import { RootLayout } from "./root-layout";
import { RouteErrorPage } from "./routes/route-error";

/** The route's spinner; it starts the page's first request (`early`) while the page's code arrives. */
function RouteSpinner({ early }: { early: string | undefined }) {
  useEffect(() => {
    if (early) startEarlyRequest(early);
  }, [early]);
  return (
    <div className="min-h-dvh">
      <PageSpinner />
    </div>
  );
}

/**
 * A route page in its own chunk, with a spinner while it arrives; the spinner holds a screen's
 * height so the footer stays below the fold instead of jumping away when the page renders.
 * `early`: a public GET the page needs first (its path spelled here: importing the page's fetcher
 * would bring zod into the entry chunk).
 */
function page(load: () => Promise<ComponentType>, early?: string) {
  return lazyWithPreload<object>(load, () => <RouteSpinner early={early} />);
}

// Route-level code splitting: every page is fetched when it is first visited (and the chart library
// only when a chart is drawn). The landing page too: it arrives pre-rendered, and what hydrates it
// loads its chunk first (preloadPage), so no other page downloads and runs the landing's code.
const HomePage = page(() => import("./routes/home").then((m) => m.HomePage));
const AnalysesPage = page(() => import("./routes/analyses").then((m) => m.AnalysesPage));
const AnalyzePage = page(() => import("./routes/analyze").then((m) => m.AnalyzePage));
const AskLayout = page(() => import("./routes/ask").then((m) => m.AskLayout));
const AskPage = page(() => import("./routes/ask").then((m) => m.AskPage));
const ForgetPasswordPage = page(() => import("./routes/forget-password").then((m) => m.ForgetPasswordPage));
const GiftPage = page(() => import("./routes/gift").then((m) => m.GiftPage));
const MarketPage = page(() => import("./routes/market").then((m) => m.MarketPage), "/api/market");
const NotFoundPage = page(() => import("./routes/not-found").then((m) => m.NotFoundPage));
const ResetPasswordPage = page(() => import("./routes/reset-password").then((m) => m.ResetPasswordPage));
const SharedAnalysisPage = page(() => import("./routes/shared-analysis").then((m) => m.SharedAnalysisPage));
const SignInPage = page(() => import("./routes/sign-in").then((m) => m.SignInPage));
const SignUpPage = page(() => import("./routes/sign-up").then((m) => m.SignUpPage));
const StockDetailPage = page(() => import("./routes/stock-detail").then((m) => m.StockDetailPage));
const TrackRecordPage = page(() => import("./routes/track-record").then((m) => m.TrackRecordPage), "/api/track-record");
const UploadPage = page(() => import("./routes/upload").then((m) => m.UploadPage));
const VerifyEmailPage = page(() => import("./routes/verify-email").then((m) => m.VerifyEmailPage));
const WatchlistPage = page(() => import("./routes/watchlist").then((m) => m.WatchlistPage));
const PortfolioPage = page(() => import("./routes/portfolio").then((m) => m.PortfolioPage));
const ScreenerPage = page(() => import("./routes/screener").then((m) => m.ScreenerPage));
const AlertSettingsPage = page(() => import("./routes/watchlist").then((m) => m.AlertSettingsPage));
const UnsubscribeAlertsPage = page(() => import("./routes/watchlist").then((m) => m.UnsubscribeAlertsPage));

/** Every page of the app (docs/product.md lists them). */
export const routes: RouteObject[] = [
  {
    path: routePatterns.home,
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: routePatterns.gift, element: <GiftPage /> },
          { path: routePatterns.signIn, element: <SignInPage /> },
          { path: routePatterns.signUp, element: <SignUpPage /> },
          { path: routePatterns.forgetPassword, element: <ForgetPasswordPage /> },
          { path: routePatterns.verifyEmail, element: <VerifyEmailPage /> },
          { path: routePatterns.resetPassword, element: <ResetPasswordPage /> },
          { path: routePatterns.stocks, element: <AnalyzePage /> },
          { path: routePatterns.quanta, element: <AnalyzePage /> },
          { path: routePatterns.analyze, element: <AnalyzePage /> },
          { path: routePatterns.upload, element: <UploadPage /> },
          { path: routePatterns.trackRecord, element: <TrackRecordPage /> },
          { path: routePatterns.market, element: <MarketPage /> },
          { path: routePatterns.unsubscribeAlerts, element: <UnsubscribeAlertsPage /> },
          { path: routePatterns.shared, element: <SharedAnalysisPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: routePatterns.stock, element: <StockDetailPage /> },
              { path: routePatterns.dashboard, element: <AnalysesPage /> },
              { path: routePatterns.analyses, element: <AnalysesPage /> },
              { path: routePatterns.watchlist, element: <WatchlistPage /> },
              { path: routePatterns.portfolio, element: <PortfolioPage /> },
              { path: routePatterns.screener, element: <ScreenerPage /> },
              { path: routePatterns.alertSettings, element: <AlertSettingsPage /> },
            ],
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
  // The chat site: its own compact layout, outside the main site's header and footer.
  {
    path: routePatterns.ask,
    element: <AskLayout />,
    errorElement: <RouteErrorPage />,
    children: [{ path: routePatterns.askConversation, element: <AskPage /> }],
  },
];

/** The pages the build pre-renders (src/web/prerender), by path: their chunk is loaded before they are rendered. */
const PRE_RENDERED_PAGES = new Map<string, PreloadableComponent<object>>([
  [routePatterns.home, HomePage],
  [routePatterns.trackRecord, TrackRecordPage],
]);

/** Loads the chunk of the page at `pathname` when the build pre-renders it (the HTML has the page, not its loading state). */
export function preloadPage(pathname: string): Promise<void> {
  return PRE_RENDERED_PAGES.get(pathname)?.preload() ?? Promise.resolve();
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
