import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { AlertSettingsView } from "../../features/watchlist/components/alert-settings-view";
import { UnsubscribeView } from "../../features/watchlist/components/unsubscribe-view";
import { WatchlistView } from "../../features/watchlist/components/watchlist-view";

/** /watchlist: the user's watched stocks and their alerts (guarded). */
export function WatchlistPage() {
  usePageTitle("Watch list", useBrand());
  return <WatchlistView />;
}

/** /settings/alerts: the daily digest and which rules raise alerts (guarded). */
export function AlertSettingsPage() {
  usePageTitle("Alert settings", useBrand());
  return <AlertSettingsView />;
}

/** /unsubscribe/alerts?user=..&token=..: the alert e-mail's unsubscribe page (no sign-in). */
export function UnsubscribeAlertsPage() {
  usePageTitle("Unsubscribe from alert e-mails", useBrand());
  return <UnsubscribeView />;
}
