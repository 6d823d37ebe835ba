import { Link } from "react-router";
import { BellRing, Settings } from "lucide-react";
import { paths } from "../../../../contracts/paths";
import { Page } from "../../../components/layout/page";
import { Banner } from "../../../components/ui/banner";
import { buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { PageSpinner } from "../../../components/ui/spinner";
import { usePublicConfig } from "../../../config/public-config";
import { useAuth } from "../../../lib/auth-context";
import { useWatchlist } from "../api/use-watchlist";
import { premiumLineVisible, watchCountText } from "../watchlist-format";
import { AddWatchForm } from "./add-watch-form";
import { VerifyEmailRequired } from "./verify-email-required";
import { WatchRow } from "./watch-row";

const LEAD = "Quanta checks these stocks after every daily refresh and tells you when one is actionable: in the bell at the top and in one e-mail a day.";

function EmptyState() {
  return (
    <Card data-testid="watchlist-empty" className="space-y-3">
      <BellRing aria-hidden="true" size={28} className="text-brand-700" />
      <h2 className="text-lg font-semibold text-ink">Your watch list is empty</h2>
      <p className="text-muted">
        Watch a stock and Quanta alerts you when it reaches its buy range on breakout volume, closes under its stop or fails
        its breakout, runs too far past its buy point (extended), or forms a new base. You can also set a price to be told
        when it closes above or below it.
      </p>
      <p className="text-muted">
        Add a ticker above, or press <strong className="text-ink">Watch</strong> on a stock of the{" "}
        <Link to={paths.buyList()} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          buy list
        </Link>{" "}
        or on any report.
      </p>
    </Card>
  );
}

/** /watchlist: the stocks the user watches, each with its latest call and alert rules. */
export function WatchlistView() {
  const { user } = useAuth();
  const verified = user?.emailVerified === true;
  const settingsLink = (
    <Link to={paths.alertSettings()} className={buttonClasses({ variant: "secondary" })}>
      <Settings aria-hidden="true" size={18} />
      Alert settings
    </Link>
  );
  if (!user) return null;
  if (!verified) {
    return (
      <Page title="Watch list" description={LEAD}>
        <VerifyEmailRequired email={user.email} />
      </Page>
    );
  }
  return (
    <Page title="Watch list" description={LEAD} actions={settingsLink}>
      <WatchlistBody />
    </Page>
  );
}

function WatchlistBody() {
  const watchlist = useWatchlist();
  // Premium is offered only where it can be bought (the server has a Stripe Buy Button).
  const premiumForSale = usePublicConfig().data?.stripe != null;
  if (watchlist.isPending) return <PageSpinner label="Loading your watch list…" />;
  if (watchlist.isError) return <Banner tone="error">{watchlist.error.message}</Banner>;
  const { items, limit, plan, premium_limit: premiumLimit } = watchlist.data;
  const full = items.length >= limit;
  return (
    <div className="space-y-6">
      <Card className="space-y-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p data-testid="watchlist-count" className="font-semibold text-ink">
            {watchCountText(items.length, limit)}
            <span className="sr-only"> on your watch list</span>
          </p>
          <p className="text-sm text-muted">{plan === "premium" ? "Premium plan" : "Free plan"}</p>
        </div>
        {premiumForSale && premiumLineVisible(plan, items.length, limit) ? (
          <p data-testid="watchlist-premium" className="text-sm text-muted">
            {full ? "Your watch list is full. " : "Your watch list is nearly full. "}
            Premium watches up to {premiumLimit} stocks.
          </p>
        ) : null}
        <AddWatchForm />
      </Card>
      {items.length === 0 ? (
        <EmptyState />
      ) : (
        <ul aria-label="Watched stocks" className="space-y-4">
          {items.map((item) => (
            <WatchRow key={item.ticker} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}
