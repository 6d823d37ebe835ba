import { useId, useState, type FormEvent } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CallStatusView, TrackRecordCall } from "../../../../contracts/track-record";
import { Button } from "../../../components/ui/button";
import { inputClasses } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { usePublicConfig } from "../../../config/public-config";
import { cn } from "../../../lib/cn";
import { exampleTickers } from "../../../lib/demo-examples";
import { formatCalendarDate, formatPrice, isFiniteNumber } from "../../../lib/format";
import { NO_FIGURE, formatCount, formatR, formatSignedPercent } from "../../../../core/narrative/track-record-words";
import {
  CALLS_PAGE_SIZE,
  TRACK_RECORD_ACTIONS,
  fetchTrackRecordCalls,
  trackRecordCallsKeys,
  type TrackRecordAction,
} from "../api/track-record-calls-api";
import { ResponsiveTable, type ResponsiveRow } from "./data-table";
import { ActionLabel } from "./track-record-stats";

/** How each outcome reads in the table. */
const STATUS_LABELS: Record<CallStatusView, string> = {
  open: "Open",
  target: "Target hit",
  stop: "Stopped out",
  "timed-out": "Timed out",
  "not-filled": "Not filled",
  done: "Measured",
};

const STATUS_TONES: Record<CallStatusView, string> = {
  open: "bg-brand-50 text-brand-800 border-brand-100",
  target: "bg-success-50 text-success-800 border-success-100",
  stop: "bg-danger-50 text-danger-700 border-danger-100",
  "timed-out": "bg-slate-100 text-ink border-line",
  "not-filled": "bg-slate-100 text-ink border-line",
  done: "bg-slate-100 text-ink border-line",
};

export interface CallsFilter {
  action: TrackRecordAction | undefined;
  ticker: string | undefined;
  page: number;
}

/** The table's filter from the page's query (?action=BUY&ticker=NVDA&page=2); anything unreadable is dropped. */
export function readCallsFilter(params: URLSearchParams): CallsFilter {
  const action = params.get("action")?.toUpperCase();
  const ticker = params.get("ticker")?.trim().toUpperCase();
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    action: TRACK_RECORD_ACTIONS.find((a) => a === action),
    ticker: ticker && /^[A-Z0-9.\-^]{1,12}$/.test(ticker) ? ticker : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The page's query for a filter (empty fields and page 1 left out). */
export function callsFilterParams(filter: CallsFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.action) params.set("action", filter.action);
  if (filter.ticker) params.set("ticker", filter.ticker);
  if (filter.page > 1) params.set("page", String(filter.page));
  return params;
}

function Outcome({ call }: { call: TrackRecordCall }) {
  return (
    <span data-testid="call-outcome" className={cn("inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold", STATUS_TONES[call.status])}>
      {STATUS_LABELS[call.status]}
    </span>
  );
}

function price(value: number | null): string {
  return isFiniteNumber(value) ? formatPrice(value) : NO_FIGURE;
}

const CALL_COLUMNS = [
  { header: "Ticker" },
  { header: "Action" },
  { header: "Outcome" },
  { header: "R so far", numeric: true },
  { header: "Excess +63", numeric: true },
  { header: "Date" },
  { header: "Setup" },
  { header: "Price", numeric: true },
  { header: "Buy point", numeric: true },
  { header: "Stop", numeric: true },
  { header: "Target", numeric: true },
  { header: "Days", numeric: true },
];

/** One call as a row of the table (a card on a phone): ticker first, then every column in order. */
function callRow(call: TrackRecordCall): ResponsiveRow {
  return {
    key: call.id,
    testId: "call-row",
    head: (
      <>
        {call.ticker}
        {call.simulated ? <span className="block text-xs font-medium text-warning-800">simulated</span> : null}
      </>
    ),
    cells: [
      <ActionLabel key="action" action={call.action} />,
      <Outcome key="outcome" call={call} />,
      formatR(call.r),
      isFiniteNumber(call.excess.d63) ? formatSignedPercent(call.excess.d63) : <span className="text-muted">not yet</span>,
      <time key="date" dateTime={call.date}>
        {formatCalendarDate(call.date)}
      </time>,
      call.base_type && call.base_type !== call.setup ? `${call.setup} (${call.base_type})` : call.setup,
      formatPrice(call.price),
      price(call.buy_point),
      price(call.stop),
      price(call.target),
      formatCount(call.days),
    ],
  };
}

/** One page of calls for the filter (GET /api/track-record/calls); the page starts it early, beside the summary. */
export function useCallsPage(filter: CallsFilter) {
  const request = { action: filter.action, ticker: filter.ticker, page: filter.page, pageSize: CALLS_PAGE_SIZE };
  return useQuery({
    queryKey: trackRecordCallsKeys.page(request),
    queryFn: ({ signal }) => fetchTrackRecordCalls(request, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export interface CallsTableProps {
  filter: CallsFilter;
  onFilterChange: (filter: CallsFilter) => void;
}

/** Action and ticker filters; the ticker applies on submit, the action at once. */
function CallsFilterForm({ filter, onFilterChange }: CallsTableProps) {
  const id = useId();
  const [tickerText, setTickerText] = useState(filter.ticker ?? "");
  const [example] = exampleTickers(usePublicConfig().data?.demo === true);
  // The field follows the URL when it changes (back button, 'Show all calls'): state set during render.
  const [shownTicker, setShownTicker] = useState(filter.ticker);
  if (shownTicker !== filter.ticker) {
    setShownTicker(filter.ticker);
    setTickerText(filter.ticker ?? "");
  }

  function submitTicker(event: FormEvent) {
    event.preventDefault();
    const ticker = tickerText.trim().toUpperCase();
    onFilterChange({ ...filter, ticker: ticker === "" ? undefined : ticker, page: 1 });
  }

  return (
    <form onSubmit={submitTicker} className="flex flex-wrap items-end gap-3" aria-label="Filter the calls">
      <div>
        <label htmlFor={`${id}-action`} className="block text-sm font-semibold text-ink">
          Action
        </label>
        <select
          id={`${id}-action`}
          data-testid="calls-action-filter"
          className={cn(inputClasses, "mt-1 w-36")}
          value={filter.action ?? ""}
          onChange={(event) => {
            const action = TRACK_RECORD_ACTIONS.find((a) => a === event.target.value);
            onFilterChange({ ...filter, action, page: 1 });
          }}
        >
          <option value="">All actions</option>
          {TRACK_RECORD_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-ticker`} className="block text-sm font-semibold text-ink">
          Ticker
        </label>
        <input
          id={`${id}-ticker`}
          data-testid="calls-ticker-filter"
          className={cn(inputClasses, "mt-1 w-36 uppercase placeholder:normal-case")}
          value={tickerText}
          maxLength={12}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder={`e.g. ${example}`}
          onChange={(event) => {
            setTickerText(event.target.value);
          }}
        />
      </div>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
      {filter.action || filter.ticker ? (
        <Button
          type="button"
          variant="link"
          className="h-11"
          onClick={() => {
            onFilterChange({ action: undefined, ticker: undefined, page: 1 });
          }}
        >
          Show all calls
        </Button>
      ) : null}
    </form>
  );
}

function CallsPager({ page, pages, total, onPage }: { page: number; pages: number; total: number; onPage: (page: number) => void }) {
  return (
    <nav aria-label="Pages of calls" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p data-testid="calls-page" className="text-muted">
        Page {formatCount(page)} of {formatCount(pages)} · {formatCount(total)} {total === 1 ? "call" : "calls"}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={page <= 1}
          onClick={() => {
            onPage(Math.max(1, page - 1));
          }}
        >
          Previous page
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= pages}
          onClick={() => {
            onPage(page + 1);
          }}
        >
          Next page
        </Button>
      </div>
    </nav>
  );
}

/** The calls themselves (GET /api/track-record/calls), filterable by action and ticker, paged; the filter lives in the URL. */
export function CallsTable({ filter, onFilterChange }: CallsTableProps) {
  const query = useCallsPage(filter);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <section aria-labelledby="calls-title" data-testid="calls-section" className="space-y-4">
      <div>
        <h2 id="calls-title" className="text-xl font-bold tracking-tight text-ink">
          Every call
        </h2>
        <p className="mt-1 text-sm text-muted">
          Each row is a call as the daily screen published it, never edited. R so far is the trade's result in units of the risk taken
          (entry minus stop); excess +63 is the return over the benchmark 63 sessions after the call; days counts the sessions
          on which the same call was published.
        </p>
      </div>
      <CallsFilterForm filter={filter} onFilterChange={onFilterChange} />

      {query.isPending ? (
        <div className="flex h-32 items-center justify-center">
          <Spinner label="Loading the calls…" showLabel />
        </div>
      ) : query.isError ? (
        <p role="alert" data-testid="calls-error" className="rounded-lg border border-danger-100 bg-danger-50 px-4 py-3 text-sm font-medium text-danger-700">
          {query.error.message}
        </p>
      ) : data && data.calls.length === 0 ? (
        <p data-testid="calls-empty" className="rounded-xl border border-line bg-surface px-4 py-6 text-center text-sm text-muted">
          {filter.action || filter.ticker ? "No call matches this filter." : "No call has been published yet: the first ones appear after the daily screen."}
        </p>
      ) : data ? (
        <>
          <ResponsiveTable
            caption={`Calls${filter.action ? ` with action ${filter.action}` : ""}${filter.ticker ? ` for ${filter.ticker}` : ""}, newest first: page ${String(data.page)} of ${String(pages)}`}
            testId="calls-table"
            cardTestId="call-card"
            columns={CALL_COLUMNS}
            rows={data.calls.map(callRow)}
            busy={query.isPlaceholderData}
            stickyFirst
            className={cn("bg-surface", query.isPlaceholderData && "opacity-60")}
          />
          <CallsPager
            page={data.page}
            pages={pages}
            total={data.total}
            onPage={(page) => {
              onFilterChange({ ...filter, page });
            }}
          />
        </>
      ) : null}
    </section>
  );
}
