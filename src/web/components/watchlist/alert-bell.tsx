import { useState } from "react";
import { Link } from "react-router";
import { Popover } from "radix-ui";
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { Settings } from "lucide-react";
import type { Alerts } from "../../../contracts/alerts";
import { ALERT_HISTORY_DAYS } from "../../../contracts/alerts";
import { paths } from "../../../contracts/paths";
import { fetchAlerts, markAlertsRead } from "../../lib/alerts-api";
import type { AuthUser } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { formatCalendarDate } from "../../lib/format";
import { alertKeys } from "../../lib/query-keys";
import { AlertBellIcon, alertBellClasses, alertBellLabel } from "./alert-bell-trigger";

/** The bell asks for new alerts this often (and when the window regains focus). */
export const ALERT_POLL_MS = 5 * 60_000;

export const NO_ALERTS_TEXT = "No alerts yet";

export interface AlertBellProps {
  user: AuthUser;
}

type AlertItem = Alerts["alerts"][number];

function AlertRow({ alert, fresh }: { alert: AlertItem; fresh: boolean }) {
  return (
    <li data-testid="alert-item" data-kind={alert.kind} className="px-4 py-3 text-sm">
      <div className="flex items-baseline justify-between gap-3">
        <Popover.Close asChild>
          <Link to={paths.stock(alert.ticker)} className="font-bold text-brand-700 underline-offset-4 hover:underline">
            {alert.ticker}
          </Link>
        </Popover.Close>
        <time dateTime={alert.session} className="shrink-0 text-xs text-muted">
          {formatCalendarDate(alert.session)}
        </time>
      </div>
      <p className="mt-0.5 font-semibold text-ink">
        {alert.title}
        {fresh ? (
          <span className="ml-2 rounded-full bg-brand-50 px-1.5 py-0.5 text-[11px] font-bold text-brand-800 uppercase">New</span>
        ) : null}
      </p>
      <p className="mt-0.5 text-muted">{alert.detail}</p>
    </li>
  );
}

/** The popover's content: why there is nothing to show, or the alerts. */
function AlertsBody({
  verified,
  alerts,
  fresh,
}: {
  verified: boolean;
  alerts: UseQueryResult<Alerts>;
  fresh: ReadonlySet<string>;
}) {
  if (!verified) return <p className="px-4 py-6 text-sm text-muted">Verify your e-mail to keep a watch list and get its alerts.</p>;
  if (alerts.isPending) {
    return (
      <p className="px-4 py-6 text-sm text-muted" role="status">
        Loading your alerts…
      </p>
    );
  }
  if (alerts.isError) {
    return (
      <p className="px-4 py-6 text-sm font-medium text-danger-700" role="alert">
        {alerts.error.message}
      </p>
    );
  }
  const list = alerts.data?.alerts ?? [];
  if (list.length === 0) {
    return (
      <div className="px-4 py-6 text-sm">
        <p className="font-semibold text-ink">{NO_ALERTS_TEXT}</p>
        <p className="mt-1 text-muted">
          Watch a stock and Quanta tells you here (and in a daily e-mail) when it reaches its buy point, breaks its
          stop, becomes extended or forms a new base.
        </p>
        <Popover.Close asChild>
          <Link to={paths.watchlist()} className="mt-3 inline-block font-semibold text-brand-700 underline-offset-4 hover:underline">
            Open your watch list
          </Link>
        </Popover.Close>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-line">
      {list.map((alert) => (
        <AlertRow key={alert.id} alert={alert} fresh={fresh.has(alert.id)} />
      ))}
    </ul>
  );
}

/**
 * The header's bell for a signed-in user: the unread count as a badge, and a popover with
 * the last 30 days of alerts of their watch list, newest first. Opening it marks them all read.
 * Polls every 5 minutes and on window focus. Loaded in its own chunk (zod, Radix Popover).
 */
export function AlertBell({ user }: AlertBellProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  /** The alerts that were unread when the popover opened: they keep a 'New' mark while it is open. */
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const alerts = useQuery({
    queryKey: alertKeys.list,
    queryFn: ({ signal }) => fetchAlerts(signal),
    enabled: user.emailVerified,
    refetchInterval: ALERT_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 60_000,
  });
  const markRead = useMutation({
    mutationFn: markAlertsRead,
    onMutate: () => {
      queryClient.setQueryData<Alerts>(alertKeys.list, (data) =>
        data ? { unread: 0, alerts: data.alerts.map((alert) => ({ ...alert, read: true })) } : data,
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: alertKeys.list }),
  });

  const unread = alerts.data?.unread ?? 0;
  const list = alerts.data?.alerts ?? [];

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setFresh(new Set(list.filter((alert) => !alert.read).map((alert) => alert.id)));
          if (unread > 0) markRead.mutate();
        }
      }}
    >
      <Popover.Trigger data-testid="alert-bell" aria-label={alertBellLabel(unread)} className={alertBellClasses}>
        <AlertBellIcon unread={unread} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Alerts"
          className={cn(
            "z-[60] flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col",
            "rounded-xl border border-line bg-surface shadow-card data-[state=open]:animate-pop-in focus-visible:outline-none",
          )}
        >
          <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
            <h2 className="text-sm font-semibold text-ink">Alerts</h2>
            <span className="text-xs text-muted">Last {ALERT_HISTORY_DAYS} days</span>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <AlertsBody verified={user.emailVerified} alerts={alerts} fresh={fresh} />
          </div>
          <div className="flex items-center justify-between gap-3 border-t border-line px-4 py-2.5 text-sm">
            <Popover.Close asChild>
              <Link to={paths.watchlist()} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                Watch list
              </Link>
            </Popover.Close>
            <Popover.Close asChild>
              <Link to={paths.alertSettings()} className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-4 hover:underline">
                <Settings aria-hidden="true" size={14} />
                Alert settings
              </Link>
            </Popover.Close>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
