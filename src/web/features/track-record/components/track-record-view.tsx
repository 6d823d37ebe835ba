import { FlaskConical } from "lucide-react";
import { startTransition, useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { TrackRecordSummary } from "../../../../contracts/track-record";
import { Button } from "../../../components/ui/button";
import { PageSpinner } from "../../../components/ui/spinner";
import { formatCalendarDate, formatDateTime } from "../../../lib/format";
import { trackRecordKeys } from "../../../lib/query-keys";
import { TRACK_RECORD_STALE_MS, fetchTrackRecordSummary } from "../../../lib/track-record-api";
import { formatCount, liveReturnSentence, returnVerdict, yearRange } from "../../../../core/narrative/track-record-words";
import { CallsTable, callsFilterParams, readCallsFilter, useCallsPage, type CallsFilter } from "./calls-table";
import { EngineVersionsSection } from "./engine-versions-table";
import { EquityChart, EquityTable } from "./equity-chart";
import { HistoricalSection } from "./historical-section";
import { TradeStatsTable, TradeTermsNote } from "./setup-stats-table";
import { ActionCard, NOT_YET } from "./track-record-stats";

const PAST_RESULTS = "Past results do not guarantee future results.";

/** Sessions over which a call is measured (its last forward return, a trade's time limit). */
const MEASURE_SESSIONS = 126;

function SimulatedNotice() {
  return (
    <div data-testid="simulated-notice" className="flex gap-3 rounded-xl border border-warning-300 bg-warning-50 px-4 py-3 text-sm text-warning-800">
      <FlaskConical aria-hidden="true" className="mt-0.5 shrink-0" size={18} />
      <p>
        <strong>Simulated calls.</strong> This server runs on the demo market: the calls below were made on its simulated prices. They
        show how the record works, not how good the method is.
      </p>
    </div>
  );
}

/**
 * The plain verdict, first on the page: the simulation's BUY trades against its random-date
 * control in percent returns (the live record has no such control), then what the live BUY calls
 * returned so far. Every figure comes from the summary; the words follow them both ways.
 */
function Verdict({ summary }: { summary: TrackRecordSummary }) {
  const simulation = summary.historical[0];
  const verdict = simulation ? returnVerdict(simulation.actions.BUY, simulation.control) : null;
  return (
    <section aria-labelledby="verdict-title" data-testid="record-verdict" className="rounded-2xl border border-brand-100 bg-brand-50 px-4 py-3 text-ink sm:px-5 sm:py-4">
      <h2 id="verdict-title" className="text-sm font-bold tracking-wide text-brand-800 uppercase">
        The verdict in brief
      </h2>
      {simulation && verdict ? (
        <p data-testid="record-verdict-simulation" className="mt-1 text-base font-semibold sm:text-lg">
          In the {yearRange(simulation.from, simulation.to)} historical simulation, {verdict}
        </p>
      ) : null}
      <p data-testid="record-verdict-live" className="mt-1 text-sm">
        {liveReturnSentence(summary.actions.BUY, summary.min_meaningful_trades)}
      </p>
    </section>
  );
}

function Intro({ summary }: { summary: TrackRecordSummary }) {
  const versions = summary.engine_versions;
  return (
    <header className="space-y-4">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Track record</h1>
        <div className="mt-3">
          <Verdict summary={summary} />
        </div>
        <p className="mt-3 max-w-3xl text-base text-muted">
          Every call the daily screen published, kept as it was made and scored against the market as the following sessions came in:
          whether the buy point was reached, whether the stop or the target came first, and how the stock did against{" "}
          {summary.benchmark_name} after 21, 63 and 126 sessions. No call is ever edited or deleted.
        </p>
      </div>
      {summary.simulated ? <SimulatedNotice /> : null}
      <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
        <div>
          <dt className="text-muted">Engine {versions.length === 1 ? "version" : "versions"}</dt>
          <dd data-testid="engine-versions" className="font-semibold text-ink">
            {versions.length === 0 ? "—" : versions.join(", ")}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Calls</dt>
          <dd data-testid="record-period" className="font-semibold text-ink">
            {summary.first_call
              ? `${formatCount(summary.calls)} since ${formatCalendarDate(summary.first_call)}${summary.last_session ? `, scored to ${formatCalendarDate(summary.last_session)}` : ""}`
              : "none yet"}
          </dd>
        </div>
        {summary.computed_at ? (
          <div>
            <dt className="text-muted">Figures computed</dt>
            <dd className="font-semibold text-ink">{formatDateTime(summary.computed_at)}</dd>
          </div>
        ) : null}
      </dl>
      <p data-testid="past-results" className="text-sm font-semibold text-ink">
        {PAST_RESULTS}
      </p>
    </header>
  );
}

function ActionsSection({ summary }: { summary: TrackRecordSummary }) {
  const minimum = summary.min_meaningful_trades;
  return (
    <section aria-labelledby="actions-title" className="space-y-3">
      <h2 id="actions-title" className="text-xl font-bold tracking-tight text-ink">
        How each kind of call did
      </h2>
      <div className="grid gap-4 lg:grid-cols-3">
        <ActionCard action="BUY" stats={summary.actions.BUY} minimum={minimum} trades />
        <ActionCard action="WATCH" stats={summary.actions.WATCH} minimum={minimum} trades={false} />
        <ActionCard action="SELL" stats={summary.actions.SELL} minimum={minimum} trades={false} />
      </div>
      <p className="text-xs text-muted">
        Hit rate: the share of setups whose return over the next 63 sessions beat {summary.benchmark_name} (BUY and WATCH) or trailed
        it (SELL). Excess: the stock's return minus the benchmark's. R: a trade's result in units of the risk taken (entry minus stop).
        &lsquo;{NOT_YET}&rsquo;: no call is old enough yet (a call is measured over {MEASURE_SESSIONS} sessions) or no trade has closed.
        Figures resting on fewer than {summary.min_meaningful_trades} trades say so: they are too few to judge.
      </p>
    </section>
  );
}

function EquitySection({ summary }: { summary: TrackRecordSummary }) {
  return (
    <section aria-labelledby="equity-title" data-testid="equity-section" className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6">
      <h2 id="equity-title" className="text-xl font-bold tracking-tight text-ink">
        All BUY trades, 1R each
      </h2>
      <p className="mt-1 text-sm text-muted">
        The running total of the closed BUY trades if each had risked the same amount (1R), by exit date, against{" "}
        {summary.benchmark_name} since the first call.
      </p>
      {summary.equity.length === 0 ? (
        <p data-testid="equity-empty" className="mt-4 rounded-xl bg-canvas px-4 py-8 text-center text-sm text-muted">
          No BUY trade has closed yet. A trade ends at its stop, at its target or {MEASURE_SESSIONS} sessions after it was entered, so
          the curve appears as the first trades close — at the latest about six months after the first BUY call is filled.
        </p>
      ) : (
        <div className="mt-4">
          <EquityChart equity={summary.equity} benchmark={summary.benchmark} benchmarkName={summary.benchmark_name} />
          <EquityTable equity={summary.equity} benchmark={summary.benchmark} benchmarkName={summary.benchmark_name} />
        </div>
      )}
    </section>
  );
}

function SetupsSection({ summary }: { summary: TrackRecordSummary }) {
  const rows = Object.entries(summary.buy_trades_by_setup).map(([label, stats]) => ({ label, stats }));
  return (
    <section aria-labelledby="setups-title" data-testid="setups-section" className="space-y-3">
      <h2 id="setups-title" className="text-xl font-bold tracking-tight text-ink">
        BUY trades by base
      </h2>
      {rows.length === 0 ? (
        <p data-testid="setups-empty" className="text-sm text-muted">
          No BUY trade has closed yet, so there are no figures by base.
        </p>
      ) : (
        <TradeStatsTable
          rows={rows}
          caption="Closed BUY trades by base type: trades, winners, average R and its 95% interval, median R and exits"
          firstColumn="Base"
          minimum={summary.min_meaningful_trades}
          testId="setups-table"
        />
      )}
      {rows.length === 0 ? null : <TradeTermsNote />}
    </section>
  );
}

/**
 * The sections under the first screen (the curve, the bases, the calls, the simulation), rendered
 * after the verdict and the figures have painted, in a transition React splits into short tasks, so
 * the page answers input at once; until then a screen-high space keeps the footer where it will be.
 */
function LaterSections({ summary, filter, onFilterChange }: { summary: TrackRecordSummary; filter: CallsFilter; onFilterChange: (filter: CallsFilter) => void }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      startTransition(() => {
        setShown(true);
      });
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, []);
  if (!shown) return <div data-testid="later-sections-pending" className="min-h-screen" />;
  return (
    <>
      <EngineVersionsSection versions={summary.by_engine_version} minimum={summary.min_meaningful_trades} />
      <EquitySection summary={summary} />
      <SetupsSection summary={summary} />
      <CallsTable filter={filter} onFilterChange={onFilterChange} />
      <HistoricalSection simulations={summary.historical} />
    </>
  );
}

/** /track-record: the live record's figures, its calls and, apart, the historical simulation. */
export function TrackRecordView() {
  const [params, setParams] = useSearchParams();
  const filter = readCallsFilter(params);
  // The calls' first page is fetched beside the summary, not after it.
  useCallsPage(filter);
  const summary = useQuery({
    queryKey: trackRecordKeys.summary,
    queryFn: ({ signal }) => fetchTrackRecordSummary(signal),
    staleTime: TRACK_RECORD_STALE_MS,
  });

  function changeFilter(next: CallsFilter) {
    setParams(callsFilterParams(next), { replace: false, preventScrollReset: true });
  }

  return (
    <div className="mx-auto min-h-screen max-w-6xl space-y-10 px-4 py-8 sm:py-12">
      {summary.isPending ? (
        <PageSpinner label="Loading the track record…" />
      ) : summary.isError ? (
        <div role="alert" data-testid="track-record-error" className="space-y-3 rounded-xl border border-danger-100 bg-danger-50 px-4 py-4 text-sm text-danger-700">
          <h1 className="text-lg font-semibold">Track record</h1>
          <p className="font-medium">{summary.error.message}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              void summary.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      ) : (
        <>
          <Intro summary={summary.data} />
          <ActionsSection summary={summary.data} />
          <LaterSections summary={summary.data} filter={filter} onFilterChange={changeFilter} />
        </>
      )}
    </div>
  );
}
