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
import { CachedMarketDataProvider } from "../../adapters/market/cached-market-data-provider";
import { StoredAnalysesRepository, type ImportedAnalysis } from "../../stored-analyses/stored-analyses.repository";
import { DEFAULT_ANALYSIS_CONFIG } from "../../../core/analysis/analysis-config";
import { AnalysisOutcomesRepository } from "./analysis-outcomes.repository";
import type { CallProgress } from "../../../core/track-record/call-outcome";
import { TrackCallsRepository, type NewTrackCall } from "./track-calls.repository";
import { TrackRecordService } from "./track-record.service";
import { createLogger } from "../../logger";

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

describe.each(testDatabaseKinds("database-behaviour"))("the track record's API on $name", (kind) => {
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

  it("passes on the back-test's block intervals and its costs, for the BUY trades, the control and the out-of-sample half", async () => {
    testApp = await startTestApp(kind);
    const summary = trackRecordSummarySchema.parse((await testApp.app.inject({ url: "/api/track-record" })).json());
    const simulation = summary.historical[0]!;
    expect(simulation.actions.BUY.avg_r_ci95).toEqual(sp500Spy.avg_r_ci95_block);
    expect(simulation.actions.BUY.avg_r_ci95).toEqual(sp500Spy.actions.BUY.avg_r_ci95);
    expect(simulation.out_of_sample!.buy.avg_r_ci95).toEqual(sp500Spy.groups.rest.avg_r_ci95_block);
    expect(simulation.control.avg_r_ci95).toEqual(sp500Spy.control.avg_r_ci95);
    expect(simulation.costs_bp).toBe(sp500Spy.costs_bp);
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

  it("shows the BUY trades of each engine version apart, since that version's first call", async () => {
    testApp = await startTestApp(kind);
    /** A BUY that opened a trade bought at 100 with a stop at 90 and closed at `exit` (open while `exit` is null). */
    const buy = (ticker: string, asOf: string, engineVersion: string, exit: number | null): { call: NewTrackCall; progress: CallProgress } => {
      const id = `${ticker}-${asOf}`;
      const trade: CallProgress["trade"] =
        exit === null
          ? { state: "held", session: 5, entrySession: 1, entryPrice: 100, stop: 90, target: 125, lastClose: 101 }
          : { state: "closed", session: 20, entrySession: 1, entryPrice: 100, stop: 90, target: 125, exitSession: 20, exitPrice: exit, exitReason: exit <= 90 ? "stop" : exit >= 125 ? "target" : "time" };
      const call: NewTrackCall = { id, asOf, ticker, action: "BUY", setup: "Breakout", baseType: "Flat base", price: 100, engineVersion, simulated: true, dataSource: "demo", episodeId: id, trade: true };
      return { call, progress: { sessions: 20, lastDate: "2099-03-01", lastClose: exit ?? 101, forward: [null, null, null], trade, entryDate: asOf, exitDate: exit === null ? null : "2099-02-01" } };
    };
    const calls = [
      buy("NWSC", "2099-01-02", "2.0.0", 125),
      buy("QBIT", "2099-01-05", "2.0.0", 90),
      buy("VNTR", "2099-01-20", "2.1.0", 110),
      buy("NWSC", "2099-01-21", "2.1.0", null),
      // A WATCH call of the newer version: its first call dates the version, it opens no trade.
      { call: { ...buy("QBIT", "2099-01-15", "2.1.0", null).call, action: "WATCH", trade: false }, progress: { ...buy("QBIT", "2099-01-15", "2.1.0", null).progress, trade: null } },
    ];
    const progressById = new Map(calls.map((c) => [c.call.id, c.progress]));
    await new TrackCallsRepository(testApp.database.db).insertCalls(
      calls.map((c) => c.call),
      (call) => progressById.get(call.id)!,
    );
    await testApp.services.trackRecord.refreshFigures();

    const summary = trackRecordSummarySchema.parse((await testApp.app.inject({ url: "/api/track-record" })).json());
    expect(summary.engine_versions).toEqual(["2.0.0", "2.1.0"]);
    expect(summary.by_engine_version).toEqual([
      { engine_version: "2.0.0", since: "2099-01-02", trades: 2, open: 0, win_rate: 0.5, avg_r: 0.75, avg_return: expect.closeTo(0.075, 12) as number },
      { engine_version: "2.1.0", since: "2099-01-15", trades: 1, open: 1, win_rate: 1, avg_r: 1, avg_return: expect.closeTo(0.1, 12) as number },
    ]);

    // A row stored under older rules (no per-version figures, no rules mark) is recomputed when a
    // server starts, without waiting for the next screen; a current row is left as it is.
    const repository = new TrackCallsRepository(testApp.database.db);
    expect(await testApp.services.trackRecord.refreshOutdatedFigures()).toBe(false);
    const { by_engine_version: _versions, figures_rules: _rules, ...older } = (await repository.figures("simulated"))!.figures as Record<string, unknown>;
    await repository.saveFigures("simulated", older, new Date("2099-03-01T00:00:00Z"));
    expect(trackRecordSummarySchema.parse((await testApp.app.inject({ url: "/api/track-record" })).json()).by_engine_version).toEqual([]);
    expect(await testApp.services.trackRecord.refreshOutdatedFigures()).toBe(true);
    const next = trackRecordSummarySchema.parse((await testApp.app.inject({ url: "/api/track-record" })).json());
    expect(next.by_engine_version.map((v) => v.engine_version)).toEqual(["2.0.0", "2.1.0"]);
    expect(next).not.toHaveProperty("figures_rules");
  });

  it("refuses to empty the published calls with TRUNCATE, with or without CASCADE", async () => {
    testApp = await startTestApp(kind);
    const reports = await Promise.all(["NWSC", "QBIT"].map((ticker) => testApp!.services.analysis.analyze(ticker)));
    await testApp.services.trackRecord.recordCalls(reports, "run-1");
    // Without CASCADE the outcomes' foreign key already refuses it; with it, only the guard does.
    await expect(testApp.database.executeSql("truncate track_calls")).rejects.toThrow(/append-only|referenced in a foreign key/);
    for (const statement of ["truncate table track_calls cascade", "truncate track_outcomes, track_calls restart identity cascade"]) {
      await expect(testApp.database.executeSql(statement), statement).rejects.toThrow(/append-only/);
    }
    const left = await testApp.database.executeSql("select (select count(*) from track_calls)::int as calls, (select count(*) from track_outcomes)::int as outcomes");
    expect(left.rows).toEqual([{ calls: 2, outcomes: 2 }]);
  });

  it("verifies the published record against its calls: a match when fresh, the differences after a figure or an outcome is tampered with", async () => {
    const end = new Date("2026-11-20T22:00:00Z");
    const days = sessionDates(lastCompletedSession(end), 30);
    let now = new Date(`${days[0]}T22:00:00Z`);
    const market = new ReplayMarketProvider(new DemoMarketProvider({ seed: 42, today: () => end }), () => now);
    testApp = await startTestApp(kind, {}, { market, now: () => now });
    const { trackRecord, analysis } = testApp.services;
    await trackRecord.recordCalls(await Promise.all(["NWSC", "QBIT", "VNTR"].map((ticker) => analysis.analyze(ticker))), "run-1");
    now = new Date(`${days[29]}T22:00:00Z`);
    await trackRecord.scoreOpenCalls();

    const fresh = await trackRecord.verify();
    expect(fresh).toMatchObject({ matches: true, calls: 3, outcomesChecked: 3, notChecked: [], outcomes: [], figures: [] });

    await testApp.database.executeSql(`update track_record_figures set figures = jsonb_set(figures, '{calls}', '999')`);
    const figures = await trackRecord.verify();
    expect(figures.matches).toBe(false);
    expect(figures.figures).toEqual([{ path: "calls", stored: "999", recomputed: "3" }]);
    expect(figures.outcomes).toEqual([]);

    await trackRecord.refreshFigures();
    const [tampered] = (await testApp.database.executeSql("select call_id, progress->>'sessions' as sessions from track_outcomes limit 1")).rows as { call_id: string; sessions: string }[];
    expect(tampered!.sessions).toBe("29");
    await testApp.database.executeSql(`update track_outcomes set progress = jsonb_set(progress, '{lastClose}', '1.5') where call_id = $1`, [tampered!.call_id]);
    const outcomes = await trackRecord.verify();
    expect(outcomes.matches).toBe(false);
    expect(outcomes.outcomes).toEqual([expect.objectContaining({ callId: tampered!.call_id, path: "progress.lastClose", stored: "1.5" })]);
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


describe.each(testDatabaseKinds("database-behaviour"))("following users' analyses on $name", (kind) => {
  /** The app's track record, with its own page size for the analyses it starts to follow. */
  async function setUp(followPageSize?: number) {
    const market = new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42 }));
    testApp = await startTestApp(kind, {}, { market });
    const { db } = testApp.database;
    const stored = new StoredAnalysesRepository(db);
    const analysisOutcomes = new AnalysisOutcomesRepository(db);
    const taken: string[] = [];
    const service = new TrackRecordService({
      calls: new TrackCallsRepository(db),
      analysisOutcomes,
      analyses: { notFollowedSince: async (since, page) => {
        const rows = await stored.notFollowedSince(since, page);
        taken.push(...rows.map((r) => r.id));
        return rows;
      } },
      followPageSize,
      market: { bars: (ticker) => market.getDailyBars(ticker, 520), benchmarkTicker: market.benchmarkTicker, demo: market.demo },
      historical: async () => [],
      config: DEFAULT_ANALYSIS_CONFIG,
      now: () => new Date(),
      log: createLogger(testApp.config),
    });
    const user = await createVerifiedUser(testApp, "importer@example.com");
    return { service, stored, taken, user };
  }

  /**
   * `count` rows as a flat CSV import stores them (a stock_summary alone, without the session it
   * was made on), a minute apart, made an hour before the normal analysis.
   */
  async function flatRows(count: number): Promise<ImportedAnalysis[]> {
    const { stock_summary: summary } = await testApp!.services.analysis.analyze("QBIT");
    const flat = { id: null, ticker: summary.ticker, action: summary.recommendation.action, analysis: { stock_summary: summary } };
    const first = Date.now() - 3_600_000 - count * 60_000;
    return Array.from({ length: count }, (_, k) => ({ ...flat, createdAt: new Date(first + k * 60_000) }));
  }

  it("sets aside analyses it cannot follow, page after page, and still follows the one made after them", async () => {
    const { service, stored, taken, user } = await setUp(4);
    // A flat CSV import: stock_summary alone, no session to follow from. Ten of them: three pages of 4.
    expect(await stored.importRows(user.userId, await flatRows(10))).toMatchObject({ imported: 10 });
    const report = await testApp!.services.analysis.analyze("NWSC");
    await stored.insert({ id: "normal", userId: user.userId, ticker: "NWSC", action: report.stock_summary.recommendation.action, analysis: report, createdAt: new Date() });

    await service.scoreOpenCalls();
    expect((await service.analysisOutcomes(user.userId, ["normal"])).get("normal")).toMatchObject({ status: "open", sessions: 0 });
    const recorded = await testApp!.database.executeSql("select status, reason, count(*)::int as rows from analysis_outcomes group by status, reason order by status");
    expect(recorded.rows).toEqual([
      { status: "open", reason: null, rows: 1 },
      { status: "unfollowable", reason: "no-session-date", rows: 10 },
    ]);
    expect(taken).toHaveLength(11);
    // The next scoring takes none of them again; the owner's history shows no outcome for a set-aside one.
    await service.scoreOpenCalls();
    expect(taken).toHaveLength(11);
    const flatIds = (await stored.listForUser(user.userId)).filter((a) => a.id !== "normal").map((a) => a.id);
    expect(await service.analysisOutcomes(user.userId, flatIds)).toEqual(new Map());
  });

  it("follows a new analysis after more flat-imported ones than the old 5,000-row limit", async () => {
    const { service, stored, user } = await setUp();
    expect(await stored.importRows(user.userId, await flatRows(5_200))).toMatchObject({ imported: 5_200 });
    const report = await testApp!.services.analysis.analyze("NWSC");
    await stored.insert({ id: "normal", userId: user.userId, ticker: "NWSC", action: report.stock_summary.recommendation.action, analysis: report, createdAt: new Date() });

    await service.scoreOpenCalls();
    expect((await service.analysisOutcomes(user.userId, ["normal"])).get("normal")).toMatchObject({ status: "open" });
  });
});
