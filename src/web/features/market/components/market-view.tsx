import type { MarketResponse } from "../../../../contracts/market";
import { Page } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { PageSpinner } from "../../../components/ui/spinner";
import { formatCalendarDate } from "../../../lib/format";
import { useMarket } from "../../../lib/market-query";
import { BenchmarkChart } from "./benchmark-chart";
import { BreadthPanel } from "./breadth-panel";
import { GroupsTable } from "./groups-table";
import { STATE_STYLES } from "./market-colors";
import { StateTimeline } from "./state-timeline";

type Market = MarketResponse;

function StateSummary({ market }: { market: Market }) {
  const state = market.state;
  return (
    <section aria-labelledby="market-state-title" className="space-y-3">
      <h2 id="market-state-title" className="sr-only">
        Market direction
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        {state ? (
          <span data-testid="market-state" className={`rounded-full border px-3 py-1 text-base font-semibold ${STATE_STYLES[state].badge}`}>
            {state}
          </span>
        ) : (
          <span data-testid="market-state" className="text-base text-muted">
            Not enough benchmark history for a state yet
          </span>
        )}
        {market.since ? (
          <span data-testid="market-since" className="text-sm text-muted">
            since {formatCalendarDate(market.since)}
          </span>
        ) : null}
      </div>
      <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
        <div>
          <dt className="text-muted">Active distribution days</dt>
          <dd className="font-semibold text-ink">{market.distribution_days.length}</dd>
        </div>
        <div>
          <dt className="text-muted">Last follow-through day</dt>
          <dd data-testid="follow-through-day" className="font-semibold text-ink">
            {market.follow_through_day ? formatCalendarDate(market.follow_through_day) : "None in the last 3 months"}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Session</dt>
          <dd className="font-semibold text-ink">{formatCalendarDate(market.as_of)}</dd>
        </div>
      </dl>
    </section>
  );
}

function DistributionDays({ days }: { days: Market["distribution_days"] }) {
  return (
    <section aria-labelledby="distribution-title" data-testid="distribution-days" className="space-y-2">
      <h2 id="distribution-title" className="text-lg font-semibold text-ink">
        Distribution days
      </h2>
      {days.length === 0 ? (
        <p className="text-sm text-muted">No distribution day counts now.</p>
      ) : (
        <table className="w-full max-w-md text-left text-sm">
          <caption className="pb-2 text-left text-xs text-muted">
            A day the index fell at least 0.2% on higher volume counts for 25 sessions, or until the index rallies 5% above its close.
          </caption>
          <thead className="bg-canvas">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">Date</th>
              <th scope="col" className="px-3 py-2 font-medium">Expires</th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.date} className="border-t border-line">
                <td className="px-3 py-1.5">{formatCalendarDate(day.date)}</td>
                <td className="px-3 py-1.5">{formatCalendarDate(day.expires)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function MarketPageBody({ market }: { market: Market }) {
  return (
    <div className="space-y-10">
      <StateSummary market={market} />
      {market.benchmark ? (
        <section aria-labelledby="benchmark-title" className="space-y-3">
          <h2 id="benchmark-title" className="text-lg font-semibold text-ink">
            {market.benchmark.ticker}
          </h2>
          <BenchmarkChart benchmark={market.benchmark} distributionDays={market.distribution_days} />
        </section>
      ) : null}
      <div className="grid gap-10 lg:grid-cols-2">
        <DistributionDays days={market.distribution_days} />
        <StateTimeline history={market.state_history} />
      </div>
      {market.breadth ? <BreadthPanel breadth={market.breadth} history={market.breadth_history} /> : null}
      <div className="grid gap-10 lg:grid-cols-2">
        <GroupsTable title="Sectors" groups={market.groups.filter((g) => g.kind === "sector")} testId="sector-ranks" />
        <GroupsTable title="Industry groups" groups={market.groups.filter((g) => g.kind === "industry")} testId="industry-ranks" />
      </div>
    </div>
  );
}

/** /market: the market direction, the screened universe's breadth and the groups' ranks, as the daily screen stored them (docs/product.md). */
export function MarketView() {
  const query = useMarket();
  return (
    <Page
      title="Market"
      description="Whether the market is in a confirmed uptrend, under pressure or in a correction, counted from the benchmark's distribution and follow-through days; how broad the screened stocks' moves are; and which sectors and industries lead by the RS rating of their stocks. Updated after each daily screen."
    >
      {query.isPending ? <PageSpinner /> : null}
      {query.isError ? (
        <div role="alert" className="space-y-3 rounded-xl border border-danger-100 bg-danger-50 px-4 py-3 text-sm text-danger-800">
          <p>{query.error.message}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {query.data && query.data.as_of === null ? (
        <p data-testid="market-empty" className="rounded-xl bg-canvas px-4 py-10 text-center text-sm text-muted">
          The market page appears after the first daily screen has finished.
        </p>
      ) : null}
      {query.data?.as_of ? <MarketPageBody market={query.data} /> : null}
    </Page>
  );
}
