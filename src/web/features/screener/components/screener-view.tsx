import { useSearchParams } from "react-router";
import { ChevronLeft, ChevronRight, Download } from "lucide-react";
import type { ScreenerQuery, ScreenerResponse, ScreenerSort } from "../../../../contracts/screener";
import { Page } from "../../../components/layout/page";
import { Banner } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { PageSpinner } from "../../../components/ui/spinner";
import { useAuth } from "../../../lib/auth-context";
import { useMarket } from "../../../lib/market-query";
import { formatCalendarDate } from "../../../lib/format";
import { useScreen } from "../api/use-screener";
import { downloadScreenerCsv } from "../export-csv";
import { definitionOf, hasFilters, queryFromSearch, searchFromQuery } from "../screen-url";
import { FiltersForm, type GroupNames } from "./filters-form";
import { Presets } from "./presets";
import { ResultCards, SortSelect } from "./result-cards";
import { ResultsTable } from "./results-table";
import { SavedScreens } from "./saved-screens";

const LEAD = "Every stock of the latest daily screen, with its call, setup and figures. Filter, sort, export and save your screens.";

function countText(data: ScreenerResponse, query: ScreenerQuery): string {
  const first = (query.page - 1) * query.page_size + 1;
  const last = first + data.rows.length - 1;
  const stocks = `${data.total.toLocaleString("en-US")} ${data.total === 1 ? "stock" : "stocks"}`;
  const shown = data.total > data.rows.length ? `, ${String(first)}–${String(last)} shown` : "";
  return `${stocks}${shown}${data.as_of ? ` · as of ${formatCalendarDate(data.as_of)}` : ""}`;
}

function Empty({ data, query, onClear }: { data: ScreenerResponse; query: ScreenerQuery; onClear: () => void }) {
  if (data.as_of === null && !hasFilters(query)) {
    return <Card data-testid="screener-empty">The daily screen has not run yet. Stocks appear here after the next one.</Card>;
  }
  return (
    <Card data-testid="screener-empty" className="space-y-3">
      <p className="font-semibold text-ink">No stocks match this screen.</p>
      <p className="text-muted">Loosen a filter or pick a ready-made screen.</p>
      {hasFilters(query) ? (
        <Button variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </Card>
  );
}

function Pager({ data, query, go }: { data: ScreenerResponse; query: ScreenerQuery; go: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(data.total / query.page_size));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages of the screen" className="flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={query.page <= 1} onClick={() => go(query.page - 1)}>
        <ChevronLeft aria-hidden="true" size={16} />
        Previous
      </Button>
      <span className="text-sm text-muted">
        Page {query.page} of {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={query.page >= pages} onClick={() => go(query.page + 1)}>
        Next
        <ChevronRight aria-hidden="true" size={16} />
      </Button>
    </nav>
  );
}

function Results({ query, navigate }: { query: ScreenerQuery; navigate: (query: ScreenerQuery) => void }) {
  const screen = useScreen(query);
  const sortBy = (sort: ScreenerSort) => navigate({ ...query, sort, page: 1 });
  if (screen.isPending) return <PageSpinner label="Loading the screen…" />;
  if (screen.isError) return <Banner tone="error">{screen.error.message}</Banner>;
  const data = screen.data;
  const busy = screen.isPlaceholderData;
  return (
    <section aria-labelledby="screener-results-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="screener-results-title" className="font-semibold text-ink">
            Results
          </h2>
          <p data-testid="screener-count" className="text-sm text-muted">
            {countText(data, query)}
          </p>
        </div>
        <Button variant="secondary" disabled={data.rows.length === 0} onClick={() => downloadScreenerCsv(data.rows, data.as_of)}>
          <Download aria-hidden="true" size={18} />
          Export CSV
        </Button>
      </div>
      <SortSelect sort={query.sort} onSort={sortBy} />
      {data.rows.length === 0 ? (
        <Empty data={data} query={query} onClear={() => navigate(queryFromSearch(new URLSearchParams(searchFromQuery({ sort: query.sort }))))} />
      ) : (
        <>
          <ResultsTable rows={data.rows} sort={query.sort} onSort={sortBy} busy={busy} />
          <ResultCards rows={data.rows} busy={busy} />
        </>
      )}
      <Pager data={data} query={query} go={(page) => navigate({ ...query, page })} />
    </section>
  );
}

/** /screener: the latest daily screen, filtered and sorted as the address says. */
/** The sectors and industries the market page ranks (the latest screen's groups), for the filters' suggestions. */
function useGroupNames(): GroupNames {
  const groups = useMarket().data?.groups ?? [];
  const names = (kind: "sector" | "industry") => groups.filter((g) => g.kind === kind).map((g) => g.name).sort((a, b) => a.localeCompare(b));
  return { sector: names("sector"), industry: names("industry") };
}

export function ScreenerView() {
  const { user } = useAuth();
  const groups = useGroupNames();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const query = queryFromSearch(new URLSearchParams(search));
  // Each screen is its own history entry, so the back button returns to the previous one.
  const navigate = (next: ScreenerQuery) => setSearchParams(new URLSearchParams(searchFromQuery(next)));
  if (!user) return null;
  return (
    <Page title="Screener" description={LEAD}>
      <div className="space-y-6">
        <Presets query={query} onPick={navigate} />
        <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
          {/* Keyed on the address: a preset, a saved screen or the back button refills the form. */}
          <FiltersForm key={search} query={query} onApply={navigate} groups={groups} />
          <SavedScreens definition={definitionOf(query)} verified={user.emailVerified} />
        </div>
        <Results query={query} navigate={navigate} />
      </div>
    </Page>
  );
}
