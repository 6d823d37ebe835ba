// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../../../contracts/api-error";
import type { TrackRecordCallsPage, TrackRecordSummary } from "../../../../contracts/track-record";
import { trackRecordCallsPageSchema, trackRecordSummarySchema } from "../../../../contracts/track-record";
import { jsonResponse, renderApp, stubServer } from "../../../test-support/render-app";
import { actionStats } from "../../../../contracts/test-support/track-record-stats";
import { SAMPLE_CALLS, callsPage, freshSummary, richSummary } from "../../../test-support/track-record-fixtures";

// The signed-out shell without better-auth's own session request.
vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const chart = vi.hoisted(() => {
  const series: { options: Record<string, unknown>; data: unknown[] }[] = [];
  const createChart = vi.fn(() => ({
    addSeries: (_definition: unknown, options: Record<string, unknown>) => {
      const entry = { options, data: [] as unknown[] };
      series.push(entry);
      return {
        setData: (data: unknown[]) => {
          entry.data = data;
        },
      };
    },
    timeScale: () => ({ fitContent: vi.fn() }),
    remove: vi.fn(),
  }));
  return { series, createChart };
});

vi.mock("lightweight-charts", () => ({
  createChart: chart.createChart,
  LineSeries: { type: "Line" },
  LineType: { Simple: 0, WithSteps: 1 },
}));

/** An IntersectionObserver that reports its elements near the viewport only when the returned function is called. */
function stubIntersectionObserver(): () => void {
  const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      private readonly entry: { callback: IntersectionObserverCallback; elements: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, elements: [] };
        observers.push(this.entry);
      }
      observe(element: Element) {
        this.entry.elements.push(element);
      }
      disconnect() {
        this.entry.elements = [];
      }
    },
  );
  return () => {
    for (const { callback, elements } of observers) {
      callback(elements.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry), {} as IntersectionObserver);
    }
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  chart.series.length = 0;
  chart.createChart.mockClear();
});

interface Served {
  summary?: TrackRecordSummary | number;
  calls?: (query: URLSearchParams) => TrackRecordCallsPage | number;
  demo?: boolean;
}

/** Answers the two track-record endpoints; records the calls' queries. */
function serve({ summary = richSummary(), calls = () => callsPage(SAMPLE_CALLS), demo = false }: Served = {}) {
  const callQueries: URLSearchParams[] = [];
  stubServer({
    config: { demo },
    handler: (url) => {
      if (url === "/api/track-record") {
        return typeof summary === "number" ? jsonResponse({ error: "Boom", code: "internal" } satisfies ApiError, summary) : jsonResponse(summary);
      }
      if (url.startsWith("/api/track-record/calls?")) {
        const query = new URL(url, "http://x").searchParams;
        callQueries.push(query);
        const page = calls(query);
        return typeof page === "number" ? jsonResponse({ error: "Boom", code: "internal" } satisfies ApiError, page) : jsonResponse(page);
      }
      return undefined;
    },
  });
  return callQueries;
}

describe("the fixtures", () => {
  it("match the contract", () => {
    expect(trackRecordSummarySchema.safeParse(richSummary()).success).toBe(true);
    expect(trackRecordSummarySchema.safeParse(freshSummary()).success).toBe(true);
    expect(trackRecordCallsPageSchema.safeParse(callsPage(SAMPLE_CALLS)).success).toBe(true);
  });
});

describe("TrackRecordView", () => {
  it("introduces the record: engine version, the past-results sentence and the simulated label on the demo market", async () => {
    serve();
    renderApp("/track-record");
    expect(await screen.findByRole("heading", { level: 1, name: "Track record" })).toBeInTheDocument();
    expect(screen.getByTestId("past-results")).toHaveTextContent("Past results do not guarantee future results.");
    expect(screen.getByTestId("engine-versions")).toHaveTextContent("2.0.0");
    expect(screen.getByTestId("simulated-notice")).toHaveTextContent(/simulated prices/);
    expect(screen.getByTestId("record-period")).toHaveTextContent("2,140 since Jan 5, 2026, scored to Nov 20, 2026");
    await waitFor(() => {
      expect(document.title).toBe("Track record · Quanta");
    });
  });

  it("suggests a demo ticker in the ticker filter on the demo market, a real one elsewhere", async () => {
    serve();
    renderApp("/track-record");
    expect(await screen.findByTestId("calls-ticker-filter")).toHaveAttribute("placeholder", "e.g. NVDA");
    cleanup();
    serve({ demo: true });
    renderApp("/track-record");
    // The banner is there (unstyled) before /api/config answers; shown once it says demo.
    const banner = await screen.findByRole("complementary", { name: "Demo market" });
    await waitFor(() => {
      expect(banner).toHaveAttribute("data-demo-banner", "shown");
    });
    expect(await screen.findByTestId("calls-ticker-filter")).toHaveAttribute("placeholder", "e.g. NWSC");
  });

  it("has no simulated label for real market data", async () => {
    serve({ summary: richSummary({ simulated: false, engine_versions: ["2.0.0", "2.1.0"] }) });
    renderApp("/track-record");
    expect(await screen.findByTestId("engine-versions")).toHaveTextContent("2.0.0, 2.1.0");
    expect(screen.queryByTestId("simulated-notice")).not.toBeInTheDocument();
  });

  it("shows the figures per action, with 'not yet' for missing ones and never NaN", async () => {
    serve();
    renderApp("/track-record");
    const buy = await screen.findByTestId("stats-buy");
    expect(within(buy).getByTestId("stats-buy-count")).toHaveTextContent("180");
    expect(within(buy).getByTestId("stats-buy-setups")).toHaveTextContent("64");
    expect(within(buy).getByTestId("stats-buy-open")).toHaveTextContent("11");
    expect(within(buy).getByTestId("stats-buy-hit-rate")).toHaveTextContent("56.0%");
    expect(within(buy).getByTestId("stats-buy-excess-63")).toHaveTextContent("+1.2%");
    expect(within(buy).getByTestId("stats-buy-excess-126")).toHaveTextContent("not yet");
    expect(within(buy).getByTestId("stats-buy-trades")).toHaveTextContent("53");
    expect(within(buy).getByTestId("stats-buy-win-rate")).toHaveTextContent("54.0%");
    expect(within(buy).getByTestId("stats-buy-avg-r")).toHaveTextContent("+0.40R");
    expect(within(buy).getByTestId("stats-buy-ci")).toHaveTextContent("+0.05R to +0.77R");
    // 53 trades: enough to judge.
    expect(within(buy).queryByTestId("too-few")).not.toBeInTheDocument();

    const sell = screen.getByTestId("stats-sell");
    expect(within(sell).getByTestId("stats-sell-hit-rate")).toHaveTextContent("not yet");
    expect(within(sell).getByTestId("stats-sell-excess-21")).toHaveTextContent("-1.2%");
    // WATCH and SELL open no trades.
    expect(within(sell).queryByTestId("stats-sell-trades")).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/NaN|undefined|Infinity/);
  });

  it("says in words when trade figures rest on fewer than 30 trades", async () => {
    const summary = richSummary();
    summary.actions.BUY = { ...actionStats({ count: 20, setups: 9, trades: 7, win_rate: 0.43, avg_r: 0.2, avg_r_ci95: [-0.5, 0.9] }), open: 2 };
    serve({ summary });
    renderApp("/track-record");
    const buy = await screen.findByTestId("stats-buy");
    expect(within(buy).getByTestId("too-few")).toHaveTextContent("7 closed trades: fewer than 30 trades — too few to judge.");
    // The by-base table marks the thin row (12 VCP trades), not the 41 flat-base ones.
    const rows = within(await screen.findByTestId("setups-table")).getAllByRole("row");
    const vcp = rows.find((row) => within(row).queryByRole("rowheader", { name: /^VCP/ }));
    const flat = rows.find((row) => within(row).queryByRole("rowheader", { name: /^Flat base/ }));
    expect(vcp).toHaveTextContent("fewer than 30 trades — too few to judge");
    expect(flat).not.toHaveTextContent("too few");
  });

  it("shows each engine version's live BUY trades since its first call, with the too-few wording under 30 closed trades", async () => {
    serve();
    renderApp("/track-record");
    const table = await screen.findByTestId("engine-versions-table");
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Engine version",
      "Calls since",
      "Trades closed",
      "Still open",
      "Win rate",
      "Average R",
      "Average return",
    ]);
    const older = within(table).getByTestId("engine-version-2.0.0");
    expect(within(older).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Jan 5, 2026", "41", "3", "56.1%", "+0.46R", "+3.4%"]);
    expect(within(older).queryByTestId("too-few")).not.toBeInTheDocument();
    const newer = within(table).getByTestId("engine-version-2.1.0");
    expect(within(newer).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Jun 15, 2026", "12", "8", "50.0%", "+0.25R", "+2.1%"]);
    expect(within(newer).getByTestId("too-few")).toHaveTextContent("fewer than 30 trades — too few to judge");
    expect(screen.getByTestId("engine-versions-definitions")).toHaveTextContent(/first published call/);
  });

  it("says a version has no closed trade yet in the too-few wording, with dashes for its figures", async () => {
    serve({ summary: freshSummary(), calls: () => callsPage(SAMPLE_CALLS.filter((c) => c.status === "open")) });
    renderApp("/track-record");
    const row = within(await screen.findByTestId("engine-versions-table")).getByTestId("engine-version-2.0.0");
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Nov 20, 2026", "0", "4", "—", "—", "—"]);
    expect(row).toHaveTextContent("fewer than 30 trades — too few to judge");
    expect(document.body).not.toHaveTextContent(/NaN|undefined/);
  });

  it("draws the trades and the benchmark on one percent axis once the chart nears the screen, with the points in a table built on opening", async () => {
    const near = stubIntersectionObserver();
    serve();
    renderApp("/track-record");
    await screen.findByTestId("equity-chart");
    // The chart's code is not fetched while the chart is far from the viewport.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chart.createChart).not.toHaveBeenCalled();
    near();
    await waitFor(() => {
      expect(chart.series).toHaveLength(2);
    });
    const options = chart.createChart.mock.calls[0] as unknown as [unknown, { leftPriceScale: { visible: boolean } }];
    expect(options[1].leftPriceScale.visible).toBe(false);
    const [equity, benchmark] = chart.series;
    // One axis: both series on the right scale, both in percent from the start (1R = 1% of the account).
    expect(equity?.options).toMatchObject({ priceScaleId: "right" });
    expect(benchmark?.options).toMatchObject({ priceScaleId: "right" });
    expect(equity?.data).toEqual([
      { time: "2026-03-02", value: -0.01 },
      { time: "2026-03-20", value: 0.015 },
      { time: "2026-05-11", value: 0.005 },
      { time: "2026-08-14", value: 0.212 },
    ]);
    expect(benchmark?.data).toHaveLength(4);
    const format = (equity?.options.priceFormat as { formatter: (v: number) => string }).formatter;
    expect(format(0.212)).toBe("+21.2%");
    expect(screen.getByTestId("equity-chart")).toHaveTextContent("All BUY trades, risking 1% each (1R = 1%)");

    const details = screen.getByTestId("equity-table");
    // The rows are built on first opening.
    expect(within(details).queryByRole("table")).not.toBeInTheDocument();
    await userEvent.setup().click(within(details).getByText("Show the data as a table"));
    const table = await within(details).findByRole("table");
    expect(within(table).getByText(/Cumulative R of the closed BUY trades/)).toBeInTheDocument();
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Date", "Cumulative R", "Trades closed", "DEMO-INDEX"]);
    const rows = within(table).getAllByRole("row").slice(1);
    // Benchmark and exit dates merged: 2026-01-05, 03-02, 03-20, 05-11, 08-14, 11-20.
    expect(rows).toHaveLength(6);
    expect(rows[0]).toHaveTextContent(/Jan 5, 2026—.*0\.0%/);
    expect(rows[2]).toHaveTextContent("Mar 20, 2026+1.50R2");
    // Between exits the running total carries forward.
    expect(rows[5]).toHaveTextContent("Nov 20, 2026+21.20R53+6.2%");
  });

  it("puts a plain verdict in percent returns first, and its words follow the figures both ways", async () => {
    serve();
    renderApp("/track-record");
    const verdict = await screen.findByTestId("record-verdict");
    expect(within(verdict).getByTestId("record-verdict-simulation")).toHaveTextContent(
      "In the 2009–2017 historical simulation, BUY calls returned +3.3% on average per trade (488 trades) against +4.1% for random entries",
    );
    expect(verdict).toHaveTextContent("they did not beat random entries.");
    expect(within(verdict).getByTestId("record-verdict-live")).toHaveTextContent("Live BUY calls so far: 53 trades closed, +3.1% on average per trade (+0.40R).");
    // First: right under the heading, before the intro, the figures and the calls.
    const h1 = screen.getByRole("heading", { level: 1, name: "Track record" });
    expect(h1.compareDocumentPosition(verdict) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const later of [screen.getByTestId("past-results"), screen.getByTestId("stats-buy"), await screen.findByTestId("equity-section")]) {
      expect(verdict.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    cleanup();

    const summary = richSummary();
    const simulation = summary.historical[0]!;
    simulation.actions.BUY = { ...simulation.actions.BUY, avg_return: 0.072, avg_r: 0.9, avg_r_ci95: [0.62, 1.18] };
    serve({ summary });
    renderApp("/track-record");
    const beat = await screen.findByTestId("record-verdict-simulation");
    expect(beat).toHaveTextContent("BUY calls returned +7.2% on average per trade (488 trades) against +4.1%");
    expect(beat).toHaveTextContent("they beat random entries.");
    expect(beat).not.toHaveTextContent("did not");
  });

  it("defines each term where its figure is, and says why a hit rate can sit beside a different win rate", async () => {
    serve();
    renderApp("/track-record");
    const buy = await screen.findByTestId("stats-buy");
    const definitions = within(buy).getAllByTestId("stat-definition").map((d) => d.closest("dt")?.firstChild?.textContent);
    expect(definitions).toEqual([
      "Calls (stock-sessions)",
      "Distinct setups",
      "Still being measured",
      "Hit rate (+63 sessions)",
      "Median excess +21 sessions",
      "Trades closed",
      "Win rate",
      "Average R",
      "95% interval of the average",
    ]);
    expect(within(buy).getByTestId("stats-buy-count").closest("div")).toHaveTextContent("a call repeated on 5 days counts 5");
    expect(within(buy).getByTestId("stats-buy-avg-r").closest("div")).toHaveTextContent("R is a trade's result in units of its risk (entry minus stop)");
    expect(within(buy).getByTestId("hit-vs-win")).toHaveTextContent("Hit rate and win rate count different things.");
    expect(within(buy).getByTestId("hit-vs-win")).toHaveTextContent("a high hit rate can sit beside a low (even 0%) win rate");
    expect(within(await screen.findByTestId("setups-section")).getByTestId("trade-definitions")).toHaveTextContent("R: a trade's result in units of the risk taken");
    const simulation = await screen.findByTestId("historical-simulation");
    expect(within(simulation).getByTestId("call-definitions")).toHaveTextContent("Stock-sessions: one per stock per day with that call");
    expect(within(simulation).getByTestId("trade-definitions")).toHaveTextContent("Winners: the share of those that made money (the win rate)");
  });

  it("gives phones a card per call with every column's value labelled, and cards for the other tables, rendering only what fits", async () => {
    serve();
    renderApp("/track-record");
    // A wide screen: the tables, no cards.
    const table = await screen.findByTestId("calls-table");
    const headers = within(table).getAllByRole("columnheader").map((h) => h.textContent);
    const cells = within(within(table).getAllByTestId("call-row")[0]!).getAllByRole("cell").map((cell) => cell.textContent);
    expect(screen.queryByTestId("calls-table-cards")).not.toBeInTheDocument();
    cleanup();

    // A phone: cards, no table.
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: !query.includes("min-width: 640px"), media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() }));
    serve();
    renderApp("/track-record");
    const list = await screen.findByTestId("calls-table-cards");
    expect(screen.queryByTestId("calls-table")).not.toBeInTheDocument();
    const cards = within(list).getAllByTestId("call-card");
    expect(cards).toHaveLength(6);
    // Every column after the ticker (the card's title) is a labelled value, with the table's values.
    expect(within(cards[0]!).getAllByRole("term").map((term) => term.textContent)).toEqual(headers.slice(1));
    expect(within(cards[0]!).getAllByRole("definition").map((value) => value.textContent)).toEqual(cells);
    expect(cards[0]).toHaveTextContent("NVDAsimulated");
    expect(list).toHaveClass("sm:hidden");
    for (const id of ["engine-versions-table", "setups-table", "historical-calls-1", "historical-trades-1"]) {
      expect(screen.queryByTestId(id)).not.toBeInTheDocument();
      expect(within(screen.getByTestId(`${id}-cards`)).getAllByRole("listitem").length).toBeGreaterThan(0);
    }
  });

  it("says when the figures will appear while no trade has closed", async () => {
    serve({ summary: freshSummary(), calls: () => callsPage(SAMPLE_CALLS.filter((c) => c.status === "open")) });
    renderApp("/track-record");
    expect(await screen.findByTestId("equity-empty")).toHaveTextContent(/126 sessions/);
    expect(screen.getByTestId("setups-empty")).toBeInTheDocument();
    expect(screen.getByTestId("stats-buy-hit-rate")).toHaveTextContent("not yet");
    expect(screen.getByTestId("stats-buy-avg-r")).toHaveTextContent("not yet");
    expect(screen.getByTestId("stats-buy")).toHaveTextContent("No trade has closed yet: fewer than 30 trades — too few to judge.");
    expect(chart.createChart).not.toHaveBeenCalled();
    expect(document.body).not.toHaveTextContent(/NaN/);
  });

  it("lists the calls with their outcome", async () => {
    serve();
    renderApp("/track-record");
    const table = await screen.findByTestId("calls-table");
    const rows = within(table).getAllByTestId("call-row");
    expect(rows).toHaveLength(6);
    expect(within(table).getAllByTestId("call-outcome").map((o) => o.textContent)).toEqual([
      "Target hit",
      "Stopped out",
      "Open",
      "Not filled",
      "Measured",
      "Timed out",
    ]);
    expect(within(rows[0]!).getByRole("rowheader")).toHaveTextContent("NVDAsimulated");
    expect(rows[0]).toHaveTextContent("+4.74R");
    expect(rows[0]).toHaveTextContent("+12.0%");
    expect(rows[2]).toHaveTextContent("not yet");
    expect(within(table).getAllByRole("columnheader")).toHaveLength(12);
    expect(screen.getByTestId("calls-page")).toHaveTextContent("Page 1 of 1 · 6 calls");
  });

  it("filters the calls by action and ticker from the URL and writes the filter back to it", async () => {
    const queries = serve({
      calls: (query) => {
        const action = query.get("action");
        const ticker = query.get("ticker");
        return callsPage(SAMPLE_CALLS.filter((c) => (!action || c.action === action) && (!ticker || c.ticker === ticker)));
      },
    });
    const { router } = renderApp("/track-record?action=SELL");
    const table = await screen.findByTestId("calls-table");
    expect(within(table).getAllByTestId("call-row")).toHaveLength(1);
    expect(queries.at(-1)?.get("action")).toBe("SELL");
    expect(screen.getByTestId<HTMLSelectElement>("calls-action-filter").value).toBe("SELL");

    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId("calls-action-filter"), "BUY");
    await waitFor(() => {
      expect(router.state.location.search).toBe("?action=BUY");
    });
    await waitFor(() => {
      expect(within(screen.getByTestId("calls-table")).getAllByTestId("call-row")).toHaveLength(4);
    });

    await user.type(screen.getByTestId("calls-ticker-filter"), "acme");
    await user.click(screen.getByRole("button", { name: "Filter" }));
    await waitFor(() => {
      expect(router.state.location.search).toBe("?action=BUY&ticker=ACME");
    });
    await waitFor(() => {
      expect(within(screen.getByTestId("calls-table")).getAllByTestId("call-row")).toHaveLength(1);
    });
    expect(queries.at(-1)?.toString()).toBe("action=BUY&ticker=ACME&page=1&page_size=25");

    await user.click(screen.getByRole("button", { name: "Show all calls" }));
    await waitFor(() => {
      expect(router.state.location.search).toBe("");
    });
    expect(screen.getByTestId<HTMLInputElement>("calls-ticker-filter").value).toBe("");
    expect(screen.getByTestId<HTMLSelectElement>("calls-action-filter").value).toBe("");
  });

  it("pages through the calls", async () => {
    const queries = serve({ calls: (query) => callsPage(SAMPLE_CALLS.slice(0, 2), { page: Number(query.get("page")), total: 60 }) });
    const { router } = renderApp("/track-record");
    expect(await screen.findByTestId("calls-page")).toHaveTextContent("Page 1 of 3 · 60 calls");
    expect(screen.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => {
      expect(screen.getByTestId("calls-page")).toHaveTextContent("Page 2 of 3");
    });
    expect(router.state.location.search).toBe("?page=2");
    expect(queries.at(-1)?.get("page")).toBe("2");
  });

  it("says when no call matches and when the calls cannot be loaded", async () => {
    serve({ calls: () => callsPage([]) });
    renderApp("/track-record?ticker=ZZZ");
    expect(await screen.findByTestId("calls-empty")).toHaveTextContent("No call matches this filter.");
    cleanup();
    serve({ calls: () => 500 });
    renderApp("/track-record");
    expect(await screen.findByTestId("calls-error")).toHaveTextContent("The calls could not be loaded. Please try again.");
  });

  it("shows the historical simulation apart, with its figures and caveats", async () => {
    serve();
    renderApp("/track-record");
    const section = await screen.findByTestId("historical-section");
    expect(within(section).getByRole("heading", { level: 2, name: "Historical simulation (not live calls)" })).toBeInTheDocument();
    const simulation = within(section).getByTestId("historical-simulation");
    expect(within(simulation).getByRole("heading", { name: "S&P 500 stocks 2009–2017 against SPY" })).toBeInTheDocument();
    expect(within(simulation).getByTestId("historical-1-period")).toHaveTextContent("2009-01-01 to 2017-12-31 (2009–2017)");
    expect(within(simulation).getByTestId("historical-1-universe")).toHaveTextContent("396 stocks, 3,317 stock-years");
    const calls = within(simulation).getByTestId("historical-calls-1");
    expect(within(calls).getByRole("rowheader", { name: "BUY" }).closest("tr")).toHaveTextContent("BUY1,48749454.5%0.0%+0.6%+1.2%");
    const trades = within(simulation).getByTestId("historical-trades-1");
    expect(within(trades).getByRole("rowheader", { name: "BUY setups" }).closest("tr")).toHaveTextContent("BUY setups48850.0%+0.41R+0.26R to +0.58R");
    expect(within(trades).getByRole("rowheader", { name: "Control (random dates)" }).closest("tr")).toHaveTextContent("3,00051.1%+0.51R");
    expect(within(simulation).getByTestId("historical-verdict")).toHaveTextContent("BUY trades averaged +0.41R against +0.51R");
    expect(within(simulation).getByTestId("historical-verdict")).toHaveTextContent("they did not beat them");
    // +0.49R against +0.48R with an interval from +0.23R: no clear edge, not a win.
    expect(within(simulation).getByTestId("historical-out-of-sample-verdict")).toHaveTextContent("no clear edge");
    expect(within(simulation).getByTestId("historical-out-of-sample-1")).toHaveTextContent("+0.49R");
    const caveats = within(section).getByTestId("historical-caveats");
    expect(caveats).toHaveTextContent(/Survivor-only/);
    expect(caveats).toHaveTextContent("Costs: 10 basis points a side (commissions and spread) in every trade's return and R");
    expect(caveats).toHaveTextContent(/after an open under the buy point, at the buy point once the session trades back up to it/);
    expect(caveats).toHaveTextContent(/stop is assumed to come first/);
    expect(caveats).toHaveTextContent(/tuned on tickers A–M/);
  });

  it("says every interval resamples entry months in 12-month blocks, the live record's too", async () => {
    serve();
    renderApp("/track-record");
    const simulation = (await screen.findAllByTestId("historical-simulation"))[0]!;
    expect(within(simulation).getByTestId("trade-definitions")).toHaveTextContent(/It resamples the months the trades were entered in, in 12-month blocks/);
    expect(screen.getByTestId("historical-caveats")).toHaveTextContent(/every interval resamples entry months in 12-month blocks/);
    expect(within(screen.getByTestId("setups-section")).getByTestId("trade-definitions")).toHaveTextContent(/12-month blocks/);
  });

  it("says so when the record cannot be loaded", async () => {
    serve({ summary: 500 });
    renderApp("/track-record");
    expect(await screen.findByTestId("track-record-error")).toHaveTextContent("The track record could not be loaded. Please try again.");
  });
});
