import { afterEach, describe, expect, it } from "vitest";
import { trackRecordCallsPageSchema, trackRecordSummarySchema } from "../../../contracts/track-record";
import type { AnalysisReport } from "../../../core/analysis/analysis-report";
import sp500Spy from "../../../../docs/backtest/sp500-2009-2017-spy.json" with { type: "json" };
import { lastCompletedSession, sessionDates } from "../../../core/market/trading-calendar";
import { historyResponseSchema } from "../../../contracts/research";
import { DemoMarketProvider } from "../../adapters/market/demo";
import { ReplayMarketProvider } from "../../test-support/replay-market";
import { testDatabaseKinds } from "../../test-support/test-database";
import { apiHeaders, createVerifiedUser, multipartForm, startTestApp, type TestApp } from "../../test-support/test-app";

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

/** The same report, as if published on a later session. */
function on(report: AnalysisReport, asOf: string, change: (r: AnalysisReport) => void = () => undefined): AnalysisReport {
  const copy = structuredClone(report);
  copy.meta.as_of = asOf;
  change(copy);
  return copy;
}

describe.each(testDatabaseKinds)("the track record's API on $name", (kind) => {
  it("answers an empty record with the historical simulations before any call", async () => {
    testApp = await startTestApp(kind);
    const response = await testApp.app.inject({ url: "/api/track-record" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    const summary = trackRecordSummarySchema.parse(response.json());
    expect(summary).toMatchObject({ simulated: true, calls: 0, setups: 0, first_call: null, computed_at: null, equity: [], min_meaningful_trades: 30 });
    expect(summary.historical.map((h) => h.title)).toEqual(["S&P 500 stocks, 2009–2017, against SPY", "S&P 500 stocks, 2005–2021, against their equal-weighted index"]);
    expect(summary.historical[0]!.actions.BUY.avg_r).toBe(sp500Spy.actions.BUY.avg_r);
    expect(summary.historical[0]!.out_of_sample!.buy.trades).toBe(sp500Spy.groups.rest.actions.BUY.trades);
  });

  it("stores a call once per session, continues a repeated call, starts a new one when the call changes, and pages them", async () => {
    testApp = await startTestApp(kind);
    const { services } = testApp;
    const reports = await Promise.all(["NWSC", "QBIT", "VNTR"].map((ticker) => services.analysis.analyze(ticker)));
    const day = reports[0]!.meta.as_of;
    expect(await services.trackRecord.recordCalls(reports, "run-1")).toBe(3);
    // A retried chunk stores nothing twice.
    expect(await services.trackRecord.recordCalls(reports, "run-1")).toBe(0);
    // The next sessions: NWSC repeats its call twice; QBIT's call changes on the second.
    await services.trackRecord.recordCalls([on(reports[0]!, "2099-01-02"), on(reports[1]!, "2099-01-02")], "run-2");
    await services.trackRecord.recordCalls(
      [
        on(reports[0]!, "2099-01-03"),
        on(reports[1]!, "2099-01-03", (r) => {
          r.stock_summary.recommendation.action = r.stock_summary.recommendation.action === "SELL" ? "WATCH" : "SELL";
          r.stock_summary.trade_setup.setup_type = "Stage 4 decline";
        }),
      ],
      "run-3",
    );
    await services.trackRecord.scoreOpenCalls();

    const page = trackRecordCallsPageSchema.parse((await testApp.app.inject({ url: "/api/track-record/calls?page_size=10" })).json());
    expect(page.total).toBe(4);
    expect(page.calls.map((c) => `${c.ticker} ${c.date}`)).toEqual(["QBIT 2099-01-03", `NWSC ${day}`, `QBIT ${day}`, `VNTR ${day}`]);
    expect(page.calls.find((c) => c.ticker === "NWSC")!.days).toBe(3);
    expect(page.calls.find((c) => c.ticker === "QBIT" && c.date === day)!.days).toBe(2);
    expect(page.calls.every((c) => c.simulated && c.status === "open" && c.sessions === 0)).toBe(true);

    const nwsc = trackRecordCallsPageSchema.parse((await testApp.app.inject({ url: "/api/track-record/calls?ticker=nwsc" })).json());
    expect(nwsc.calls.map((c) => c.ticker)).toEqual(["NWSC"]);
    const action = reports[0]!.stock_summary.recommendation.action;
    const byAction = trackRecordCallsPageSchema.parse((await testApp.app.inject({ url: `/api/track-record/calls?action=${action.toLowerCase()}` })).json());
    expect(byAction.calls.every((c) => c.action === action)).toBe(true);
    const second = trackRecordCallsPageSchema.parse((await testApp.app.inject({ url: "/api/track-record/calls?page=2&page_size=3" })).json());
    expect(second).toMatchObject({ page: 2, page_size: 3, total: 4 });
    expect(second.calls).toHaveLength(1);

    const summary = trackRecordSummarySchema.parse((await testApp.app.inject({ url: "/api/track-record" })).json());
    expect(summary).toMatchObject({ calls: 7, setups: 4, first_call: day });
    expect(summary.engine_versions).toEqual([reports[0]!.meta.engine_version]);

    // Published calls are never edited nor deleted: the database refuses it.
    await expect(testApp.database.executeSql("update track_calls set price = 0")).rejects.toThrow(/append-only/);
    await expect(testApp.database.executeSql("delete from track_calls")).rejects.toThrow(/append-only/);
  });

  it("refuses a bad query with a clear message and a stable code", async () => {
    testApp = await startTestApp(kind);
    for (const url of ["/api/track-record/calls?action=HOLD", "/api/track-record/calls?page_size=1000", "/api/track-record/calls?page=0", "/api/track-record/calls?ticker=%3Cscript%3E"]) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: "invalid_request", error: expect.any(String) });
    }
  });

  it("follows the analyses a user ran, and shows how they did only in that user's own history", async () => {
    const end = new Date("2026-11-20T22:00:00Z");
    const days = sessionDates(lastCompletedSession(end), 30);
    let now = new Date(`${days[0]}T22:00:00Z`);
    const market = new ReplayMarketProvider(new DemoMarketProvider({ seed: 42, today: () => end }), () => now);
    testApp = await startTestApp(kind, {}, { market });
    const owner = await createVerifiedUser(testApp, "owner@example.com");
    const other = await createVerifiedUser(testApp, "other@example.com");
    const headers = apiHeaders;
    const form = multipartForm({ input: "NWSC" });
    const analyzed = await testApp.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...headers(owner.jwt) } });
    expect(analyzed.statusCode, analyzed.body).toBe(200);

    // 29 sessions later, after a run of the daily scoring.
    now = new Date(`${days[29]}T22:00:00Z`);
    await testApp.services.trackRecord.scoreOpenCalls();
    const history = historyResponseSchema.parse((await testApp.app.inject({ url: "/user/stock-analyses/", headers: headers(owner.jwt) })).json());
    expect(history.analyses).toHaveLength(1);
    const outcome = history.analyses[0]!.outcome!;
    expect(outcome.sessions).toBe(29);
    expect(outcome.excess.d21).not.toBeNull();
    expect(outcome.excess.d63).toBeNull();
    // The public record holds only the daily screen's calls, never a user's.
    expect((await testApp.services.trackRecord.summary()).calls).toBe(0);
    // Nobody else sees it.
    const others = historyResponseSchema.parse((await testApp.app.inject({ url: "/user/stock-analyses/", headers: headers(other.jwt) })).json());
    expect(others.analyses).toEqual([]);
    expect(await testApp.services.trackRecord.analysisOutcomes(other.userId, [history.analyses[0]!.id])).toEqual(new Map());
  });
});

