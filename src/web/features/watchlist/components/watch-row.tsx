import { useId, useState } from "react";
import { Link } from "react-router";
import { DemoDataBadge } from "../../../components/analysis-report/demo-data-badge";
import { buyPointDistanceText, EXTENDED_LABEL } from "../../../../core/analysis/buy-point-position";
import { WATCH_RULES, type WatchItem, type WatchRule } from "../../../../contracts/watchlist";
import { paths } from "../../../../contracts/paths";
import { RecommendationBadge } from "../../../components/analysis-report/recommendation-badge";
import { Button } from "../../../components/ui/button";
import { Switch } from "../../../components/ui/switch";
import { focusAfterRemoval } from "../../../lib/focus-after-removal";
import { formatCalendarDate, formatPrice } from "../../../lib/format";
import { useRemoveWatch, useUpdateWatch } from "../api/use-watchlist";
import { RULE_TEXTS, stopDistanceText } from "../watchlist-format";
import { PriceAlertEditor } from "./price-alert-editor";

function Figure({ label, value, note, testId }: { label: string; value: string; note?: string | null; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd data-testid={testId} className="mt-0.5 font-semibold text-ink tabular-nums">
        {value}
        {note ? <span className="block text-sm font-normal text-muted">{note}</span> : null}
      </dd>
    </div>
  );
}

function RuleSwitches({ item }: { item: WatchItem }) {
  const baseId = useId();
  const update = useUpdateWatch();
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = (rule: WatchRule, on: boolean) => {
    setFailure(null);
    update.mutate({ ticker: item.ticker, update: { rules: { [rule]: on } } }, { onError: (error) => setFailure(error.message) });
  };
  // While a change is on its way, the switch shows the value asked for.
  const pending = update.isPending ? update.variables.update.rules : undefined;
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">Alert me when</legend>
      <ul className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {WATCH_RULES.map((rule) => {
          const id = `${baseId}-${rule}`;
          const checked = pending?.[rule] ?? item.rules[rule];
          return (
            <li key={rule} className="flex items-center gap-3">
              <Switch
                id={id}
                data-testid={`rule-${rule}`}
                checked={checked}
                disabled={update.isPending}
                onCheckedChange={(on) => {
                  toggle(rule, on);
                }}
                aria-describedby={`${id}-hint`}
              />
              <label htmlFor={id} className="text-sm">
                <span className="font-medium text-ink">{RULE_TEXTS[rule].label}</span>
                <span id={`${id}-hint`} className="sr-only">
                  : {RULE_TEXTS[rule].hint}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {failure ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger-700">
          {failure}
        </p>
      ) : null}
    </fieldset>
  );
}

function RemoveControl({ ticker }: { ticker: string }) {
  const remove = useRemoveWatch();
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button variant="secondary" size="sm" data-remove-action="" onClick={() => setConfirming(true)}>
        Remove<span className="sr-only"> {ticker}</span>
      </Button>
    );
  }
  return (
    <div role="group" aria-label={`Remove ${ticker}?`} className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-ink">Stop watching {ticker}?</span>
      <Button
        variant="danger"
        size="sm"
        autoFocus
        disabled={remove.isPending}
        onClick={(event) => {
          const row = event.currentTarget.closest("li");
          // The row goes once the server agrees; the focus moves on then, not to <body> with it.
          remove.mutateAsync(ticker).then(
            () => focusAfterRemoval(row),
            () => undefined,
          );
        }}
      >
        {remove.isPending ? "Removing…" : "Yes, remove"}
      </Button>
      <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => setConfirming(false)}>
        Cancel
      </Button>
      {remove.isError ? (
        <p role="alert" className="w-full text-sm font-medium text-danger-700">
          {remove.error.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * One watched stock: its latest call and where it stands (price, distance to the buy point and to
 * the stop, as-of date, 'Extended'), its alert switches, its price alerts and 'Remove'.
 */
export function WatchRow({ item }: { item: WatchItem }) {
  const titleId = useId();
  const latest = item.latest;
  return (
    <li data-testid="watchlist-row" data-ticker={item.ticker}>
      <article aria-labelledby={titleId} className="rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="text-lg font-bold tracking-tight">
              <Link to={paths.stock(item.ticker)} className="text-brand-700 underline-offset-4 hover:underline">
                {item.ticker}
              </Link>
            </h2>
            {latest ? <RecommendationBadge action={latest.action} className="px-2.5 py-0.5 text-xs" /> : null}
            {latest?.demo ? <DemoDataBadge compact /> : null}
          </div>
          {latest?.company ? <p className="truncate text-sm text-muted">{latest.company}</p> : null}
        </div>
        <RemoveControl ticker={item.ticker} />
      </div>

      {latest ? (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm md:grid-cols-4">
            <Figure label="Price" value={formatPrice(latest.price)} testId="watch-price" />
            <Figure
              label="Buy point"
              value={formatPrice(latest.buy_point)}
              note={buyPointDistanceText(latest.distance_to_buy_point)}
              testId="watch-buy-point"
            />
            <Figure label="Stop" value={formatPrice(latest.stop)} note={stopDistanceText(latest.distance_to_stop)} testId="watch-stop" />
            <Figure label="As of" value={formatCalendarDate(latest.as_of)} note={latest.setup || null} testId="watch-as-of" />
          </dl>
          {latest.extended ? (
            <p data-testid="watch-extended" className="mt-3 inline-block rounded-lg border border-warning-300 bg-warning-50 px-3 py-1 text-sm font-medium text-warning-800">
              {EXTENDED_LABEL}
            </p>
          ) : null}
        </>
      ) : (
        <p data-testid="watch-pending" className="mt-3 text-sm text-muted">
          {item.pending
            ? "Analysed after the next daily screen: its call, price and levels appear here then."
            : "No analysis of this stock yet."}
        </p>
      )}

      <details className="group mt-4 border-t border-line pt-3">
        <summary className="cursor-pointer rounded text-sm font-semibold text-brand-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
          Alerts for {item.ticker}
          <span className="ml-2 font-normal text-muted">{activeSummary(item)}</span>
        </summary>
        <div className="mt-3 space-y-5">
          <RuleSwitches item={item} />
          <PriceAlertEditor item={item} />
        </div>
      </details>
      </article>
    </li>
  );
}

/** '4 rules on · above $52.00', shown on the closed alert section. */
function activeSummary(item: WatchItem): string {
  const on = WATCH_RULES.filter((rule) => item.rules[rule]).length;
  const parts = [on === WATCH_RULES.length ? "all rules on" : `${String(on)} of ${String(WATCH_RULES.length)} rules on`];
  if (item.price_above) parts.push(`above ${formatPrice(item.price_above.level)}${item.price_above.fired_on ? " (fired)" : ""}`);
  if (item.price_below) parts.push(`below ${formatPrice(item.price_below.level)}${item.price_below.fired_on ? " (fired)" : ""}`);
  return parts.join(" · ");
}
