import { useContext, useState } from "react";
import { Link, useLocation } from "react-router";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import type { WatchItem, Watchlist } from "../../../contracts/watchlist";
import { paths } from "../../../contracts/paths";
import { AuthContext, type AuthUser } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { watchlistKeys } from "../../lib/query-keys";
import { returnAddressOf } from "../../lib/return-address";
import { useWatchlistQuery, watchlistApi, withItem, withoutTicker } from "../../lib/watchlist-query";
import { buttonClasses, type ButtonSize } from "../ui/button";

export const WATCH_VERIFY_MESSAGE = "Verify your e-mail to keep a watch list.";

export interface WatchButtonProps {
  ticker: string;
  size?: ButtonSize;
  className?: string;
}

function Label({ ticker, watching }: { ticker: string; watching: boolean }) {
  return (
    <>
      <Eye aria-hidden="true" size={16} />
      {watching ? "Watching" : "Watch"}
      <span className="sr-only"> {ticker}</span>
      {watching ? <span aria-hidden="true">✓</span> : null}
    </>
  );
}

/** The toggle itself, for a signed-in user: reads the shared watch list, adds or removes `ticker`. */
function SignedInWatchButton({ ticker, user, size, className }: WatchButtonProps & { user: AuthUser }) {
  const queryClient = useQueryClient();
  const watchlist = useWatchlistQuery(user.emailVerified);
  const [message, setMessage] = useState<string | null>(null);
  const watching = watchlist.data?.items.some((item) => item.ticker === ticker) ?? false;

  const toggle = useMutation({
    mutationFn: async (watch: boolean): Promise<WatchItem | null> => {
      const api = await watchlistApi();
      if (watch) return api.addWatch(ticker);
      await api.removeWatch(ticker);
      return null;
    },
    onSuccess: (added) => {
      setMessage(null);
      queryClient.setQueryData<Watchlist>(watchlistKeys.all, (list) => (added ? withItem(list, added) : withoutTicker(list, ticker)));
    },
    onError: (error) => {
      setMessage(error instanceof Error ? error.message : String(error));
    },
    // The server has the last word (an 'already_watched' or 'not_watched' answer means the list was stale).
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchlistKeys.all }),
  });

  const loading = user.emailVerified && watchlist.isPending;
  return (
    <span className={cn("inline-flex max-w-full flex-col items-start gap-1 print:hidden", className)}>
      <button
        type="button"
        data-testid="watch-button"
        data-ticker={ticker}
        aria-pressed={watching}
        aria-busy={loading || toggle.isPending || undefined}
        // While the toggle's request runs the button stays focusable: disabling it would drop the focus to <body>.
        aria-disabled={toggle.isPending || undefined}
        disabled={loading}
        onClick={() => {
          if (toggle.isPending) return;
          if (!user.emailVerified) {
            setMessage(WATCH_VERIFY_MESSAGE);
            return;
          }
          toggle.mutate(!watching);
        }}
        className={buttonClasses({
          size,
          variant: "secondary",
          className: cn(watching && "border-brand-200 bg-brand-50 text-brand-800"),
        })}
      >
        <Label ticker={ticker} watching={watching} />
      </button>
      {message ? (
        <span role="alert" className="max-w-xs text-xs font-medium whitespace-normal text-danger-700">
          {message}
        </span>
      ) : null}
    </span>
  );
}

/**
 * 'Watch' / 'Watching ✓' (aria-pressed) for one stock: adds it to or removes it from the user's
 * watch list. Signed-out visitors get a link to sign in that brings them back (to the stock's page
 * from the landing page). Outside the app's session (no AuthProvider) the visitor counts as signed out.
 */
export function WatchButton({ ticker: rawTicker, size = "sm", className }: WatchButtonProps) {
  const auth = useContext(AuthContext);
  const location = useLocation();
  const ticker = rawTicker.trim().toUpperCase();
  if (ticker === "" || auth?.isPending) return null;
  if (auth?.user) return <SignedInWatchButton ticker={ticker} user={auth.user} size={size} className={className} />;
  return (
    <Link
      to={paths.signIn(returnAddressOf(location) ?? paths.stock(ticker))}
      data-testid="watch-button"
      data-ticker={ticker}
      className={buttonClasses({ size, variant: "secondary", className: cn("print:hidden", className) })}
    >
      <Label ticker={ticker} watching={false} />
    </Link>
  );
}
