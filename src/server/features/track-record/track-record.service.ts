import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import {
  MIN_MEANINGFUL_TRADES,
  type CallOutcome,
  type HistoricalSimulation,
  type TrackRecordCall,
  type TrackRecordCallsPage,
  type TrackRecordCallsQuery,
  type TrackRecordSummary,
} from "../../../contracts/track-record";
import type { AnalysisConfig } from "../../../core/analysis/analysis-config";
import type { AnalysisReport, RecommendationAction } from "../../../core/analysis/analysis-report";
import { TRADE_TIME_LIMIT_SESSIONS } from "../../../core/backtest/trade-simulation";
import { callEpisodeKey } from "../../../core/backtest/walk-forward";
import type { DailyBars } from "../../../core/market/market-data";
import { advanceCall, callStatus, isSettled, startProgress, tradeResult, type CallProgress, type FollowedCall } from "../../../core/track-record/call-outcome";
import { trackRecordFigures, type RecordedSetup, type TrackRecordFigures } from "../../../core/track-record/track-record-figures";
import type { Logger } from "../../logger";
import type { AnalysisCursor, NotFollowedAnalysis } from "../../stored-analyses/stored-analyses.repository";
import type { AnalysisOutcomeRow, AnalysisOutcomesRepository, UnfollowableAnalysis, UnfollowableReason } from "./analysis-outcomes.repository";
import type { NewTrackCall, OutcomeUpdate, TrackCallRow, TrackCallsRepository } from "./track-calls.repository";

/** The market as the track record reads it: bars of a ticker (cached by the market layer) and the benchmark. */
export interface TrackRecordMarket {
  bars(ticker: string): Promise<DailyBars | null>;
  benchmarkTicker: string;
  /** The demo market: its calls are labelled simulated. */
  demo: boolean;
}

type FiguresRow = Omit<TrackRecordSummary, "historical" | "min_meaningful_trades" | "benchmark_name" | "simulated">;

/**
 * The rules the stored figures were computed under, stored with them. A row from older rules (no
 * per-version figures, trade-by-trade intervals, fills under the buy point) is recomputed when a
 * server starts (refreshOutdatedFigures). Raise it whenever the figures' definitions change.
 */
const FIGURES_RULES = 2;
type StoredFigures = FiguresRow & { figures_rules?: number };

function withoutRules({ figures_rules: _rules, ...figures }: StoredFigures): FiguresRow {
  return figures;
}

const numberOrNull = (value: number | "N/A" | undefined): number | null => (typeof value === "number" ? value : null);
const ACTIONS: RecommendationAction[] = ["BUY", "WATCH", "SELL"];
/** A page of users' analyses to start following: a few hundred reports in memory at most. */
const FOLLOW_PAGE_SIZE = 500;

/** The call as the outcome rules follow it (core/track-record/call-outcome.ts). */
export function followedCall(call: Pick<NewTrackCall, "action" | "price" | "benchmarkClose" | "trade" | "entrySessions" | "buyPoint" | "buyRangeHigh" | "stop" | "target">): FollowedCall {
  const { entrySessions, buyPoint, buyRangeHigh, stop, target } = call;
  const tradable = call.trade && entrySessions != null && buyRangeHigh != null && stop != null && target != null;
  return {
    action: call.action as RecommendationAction,
    price: call.price,
    benchmarkPrice: call.benchmarkClose ?? null,
    // A call stored without a buy point keeps the rule it was published under (no floor).
    trade: tradable ? { entrySessions: entrySessions!, entryCeiling: buyRangeHigh!, entryFloor: buyPoint ?? 0, stop: stop!, target: target!, maxSessions: TRADE_TIME_LIMIT_SESSIONS } : null,
  };
}

function closeOn(bars: DailyBars | null, date: string): number | null {
  if (!bars) return null;
  const at = bars.dates.lastIndexOf(date);
  return at >= 0 ? bars.close[at]! : null;
}

/**
 * The public track record (decision 029): every call the daily screen publishes is stored once
 * (recordCalls, as each chunk is written), followed session by session after each run
 * (scoreOpenCalls) by the back-test's own rules, and summed up into figures that the page, the API,
 * the CLI and the chat read.
 */
export class TrackRecordService {
  private historical: Promise<HistoricalSimulation[]> | null = null;

  constructor(
    private readonly deps: {
      calls: TrackCallsRepository;
      /** Outcomes of the analyses users ran, shown only in their own history. */
      analysisOutcomes: AnalysisOutcomesRepository;
      /** The users' stored analyses that are not followed yet (stored-analyses/, the table's owner). */
      analyses: { notFollowedSince(since: Date, page: { limit: number; after?: AnalysisCursor }): Promise<NotFollowedAnalysis[]> };
      /** Analyses read at a time when starting to follow new ones (their reports are read whole). */
      followPageSize?: number;
      market: TrackRecordMarket;
      /** The back-tests of docs/track-record.md (read once, when first asked). */
      historical: () => Promise<HistoricalSimulation[]>;
      config: AnalysisConfig;
      now: () => Date;
      log: Logger;
    },
  ) {}

  private get scope(): "simulated" | "market" {
    return this.deps.market.demo ? "simulated" : "market";
  }

  /** Stores the calls of a chunk of the public screen (a call stored for the same session and ticker is kept as it was). */
  async recordCalls(reports: AnalysisReport[], runId: string | null): Promise<number> {
    if (reports.length === 0) return 0;
    const tickers = reports.map((r) => r.stock_summary.ticker);
    const asOf = reports.reduce((latest, r) => (r.meta.as_of > latest ? r.meta.as_of : latest), "");
    const [previous, traded, benchmark] = await Promise.all([
      this.deps.calls.previousCalls(tickers, asOf),
      this.deps.calls.tradedBases(tickers),
      this.deps.market.bars(this.deps.market.benchmarkTicker).catch(() => null),
    ]);
    const previousByTicker = new Map(previous.map((p) => [p.ticker, p]));
    const calls = reports.map((report) => this.callOf(report, runId, previousByTicker.get(report.stock_summary.ticker), traded, benchmark));
    return this.deps.calls.insertCalls(calls, (call) => startProgress(followedCall(call), call.asOf));
  }

  private callOf(report: AnalysisReport, runId: string | null, previous: TrackCallRow | undefined, traded: Set<string>, benchmark: DailyBars | null): NewTrackCall {
    const { stock_summary: summary, meta } = report;
    const action = summary.recommendation.action;
    const setup = summary.trade_setup.setup_type;
    const base = meta.base;
    const key = callEpisodeKey(action, base?.start_date || null, setup);
    const id = randomUUID();
    const continues = previous && previous.asOf < meta.as_of && callEpisodeKey(previous.action as RecommendationAction, previous.baseStart, previous.setup) === key;
    const stop = numberOrNull(summary.trade_setup.stop_loss);
    const target = numberOrNull(summary.trade_setup.target_price);
    const sinceBreakout = base?.sessions_since_breakout ?? null;
    // The first BUY of a base is played as a trade, as the back-test plays it.
    const trade = !continues && action === "BUY" && base !== null && sinceBreakout !== null && stop !== null && target !== null && !traded.has(`${summary.ticker}|${base.start_date}`);
    return {
      id,
      asOf: meta.as_of,
      ticker: summary.ticker,
      action,
      setup,
      baseType: base?.type ?? null,
      baseStart: base?.start_date || null,
      buyPoint: numberOrNull(summary.trade_setup.buy_point),
      buyRangeHigh: base?.buy_range_high ?? null,
      stop,
      target,
      price: summary.current_metrics.price,
      rsRating: meta.rs_rating,
      marketState: summary.market_analysis.market_trend || null,
      engineVersion: meta.engine_version,
      simulated: meta.demo,
      dataSource: meta.data_source,
      benchmarkClose: closeOn(benchmark, meta.as_of),
      entrySessions: trade ? this.deps.config.breakout.buyWindowSessions - sinceBreakout! : null,
      episodeId: continues ? previous.episodeId : id,
      trade,
      runId,
    };
  }

  /**
   * Folds the sessions that arrived since each open call's last update into its progress, then
   * recomputes the figures. A ticker whose bars cannot be read now is left for the next run.
   */
  async scoreOpenCalls(): Promise<{ calls: number; updated: number; settled: number }> {
    const benchmark = await this.deps.market.bars(this.deps.market.benchmarkTicker).catch(() => null);
    const benchmarkClose = new Map(benchmark ? benchmark.dates.map((d, i) => [d, benchmark.close[i]!] as const) : []);
    const open = await this.deps.calls.openOutcomes();
    await this.followNewAnalyses(benchmarkClose);
    const analyses = await this.deps.analysisOutcomes.open();
    const openByTicker = groupBy(open, (o) => o.call.ticker);
    const analysesByTicker = groupBy(analyses, (a) => a.ticker);
    const tickers = new Set([...openByTicker.keys(), ...analysesByTicker.keys()]);
    const updates: OutcomeUpdate[] = [];
    const analysisUpdates: Parameters<AnalysisOutcomesRepository["save"]>[0] = [];
    for (const ticker of tickers) {
      // Bars usually come from the cache the run just filled; a turn of the event loop between tickers keeps requests answered.
      await nextTurn();
      const bars = await this.deps.market.bars(ticker).catch((error: unknown) => {
        this.deps.log.warn({ ticker, err: error }, "track record: no bars for an open call; it is scored at the next run");
        return null;
      });
      if (!bars) continue;
      for (const { call, progress } of openByTicker.get(ticker) ?? []) {
        const next = advanceOver(followedCall(call), progress, bars, benchmarkClose);
        if (next !== progress) updates.push({ callId: call.id, progress: next, status: callStatus(next), settled: isSettled(next) });
      }
      for (const row of analysesByTicker.get(ticker) ?? []) {
        const next = advanceOver(row.call, row.progress, bars, benchmarkClose);
        if (next !== row.progress) analysisUpdates.push({ analysisId: row.analysisId, userId: row.userId, ticker: row.ticker, call: row.call, progress: next, status: callStatus(next), settled: isSettled(next) });
      }
    }
    await this.deps.calls.saveOutcomes(updates, this.deps.now());
    await this.deps.analysisOutcomes.save(analysisUpdates, this.deps.now());
    await this.refreshFigures(benchmark);
    return { calls: open.length, updated: updates.length, settled: updates.filter((u) => u.settled).length };
  }

  /**
   * Starts following the analyses users made since the last scoring (those of the last year): each
   * gets its outcome row, open from its own session, or set aside as unfollowable with the reason
   * (a flat CSV import has no session date), so no analysis is taken twice. Pages go in the order
   * they were made, each saved before the next is read, until none is left.
   */
  private async followNewAnalyses(benchmarkClose: ReadonlyMap<string, number>): Promise<{ followed: number; setAside: number }> {
    const now = this.deps.now();
    const since = new Date(now.getTime() - 366 * 86_400_000);
    const sinceDate = since.toISOString().slice(0, 10);
    const limit = this.deps.followPageSize ?? FOLLOW_PAGE_SIZE;
    const totals = { followed: 0, setAside: 0 };
    let after: AnalysisCursor | undefined;
    for (;;) {
      const page = await this.deps.analyses.notFollowedSince(since, { limit, after });
      const started: Parameters<AnalysisOutcomesRepository["save"]>[0] = [];
      const setAside: UnfollowableAnalysis[] = [];
      for (const row of page) {
        const start = this.startFollowing(row, sinceDate, benchmarkClose);
        if ("reason" in start) setAside.push({ analysisId: row.id, userId: row.userId, ticker: row.ticker, reason: start.reason });
        else started.push({ ...start, status: callStatus(start.progress), settled: false });
      }
      await this.deps.analysisOutcomes.save(started, now);
      await this.deps.analysisOutcomes.setAside(setAside, now);
      totals.followed += started.length;
      totals.setAside += setAside.length;
      if (page.length < limit) break;
      after = page[page.length - 1]!.cursor;
      await nextTurn();
    }
    if (totals.setAside > 0) this.deps.log.info(totals, "track record: users' analyses that cannot be followed were set aside");
    return totals;
  }

  private startFollowing(row: NotFollowedAnalysis, sinceDate: string, benchmarkClose: ReadonlyMap<string, number>): AnalysisOutcomeRow | { reason: UnfollowableReason } {
    const report = row.analysis as Partial<AnalysisReport> | null;
    if (!report?.meta?.as_of) return { reason: "no-session-date" };
    if (typeof report.stock_summary?.current_metrics?.price !== "number") return { reason: "no-price" };
    // A year back at most (an imported file may hold analyses of long ago): the bars read reach that far.
    if (report.meta.as_of < sinceDate) return { reason: "older-than-a-year" };
    let call: NewTrackCall;
    try {
      call = this.callOf(report as AnalysisReport, null, undefined, new Set(), null);
    } catch {
      // A stored report of another shape (an older engine's, an edited import): one such row must not stop the others.
      return { reason: "unreadable-report" };
    }
    const followed = followedCall({ ...call, benchmarkClose: benchmarkClose.get(report.meta.as_of) ?? null });
    return { analysisId: row.id, userId: row.userId, ticker: row.ticker, call: followed, progress: startProgress(followed, report.meta.as_of) };
  }

  /** How the user's own analyses among `ids` have done, by analysis id (those not yet scored are absent). */
  async analysisOutcomes(userId: string, ids: string[]): Promise<Map<string, CallOutcome>> {
    const progress = await this.deps.analysisOutcomes.forUser(userId, ids);
    return new Map([...progress].map(([id, p]) => [id, outcomeView(p)]));
  }

  /** Recomputes the figures of the current scope from every stored call and stores them. */
  async refreshFigures(benchmarkBars?: DailyBars | null): Promise<void> {
    const benchmark = benchmarkBars === undefined ? await this.deps.market.bars(this.deps.market.benchmarkTicker).catch(() => null) : benchmarkBars;
    const now = this.deps.now();
    const figures: StoredFigures = { ...(await this.computeFigures(benchmark, now)), figures_rules: FIGURES_RULES };
    await this.deps.calls.saveFigures(this.scope, figures, now);
  }

  /**
   * Recomputes the stored figures when they were computed under older rules, so an upgraded server
   * shows the current definitions without waiting for the next daily screen (called when it starts;
   * every instance may, the row is upserted). True when it recomputed.
   */
  async refreshOutdatedFigures(): Promise<boolean> {
    const stored = await this.deps.calls.figures(this.scope);
    if (!stored || (stored.figures as StoredFigures).figures_rules === FIGURES_RULES) return false;
    await this.refreshFigures();
    return true;
  }

  /** The figures of the current scope from the stored calls and outcomes, with the benchmark's closes since the first call. */
  private async computeFigures(benchmark: DailyBars | null, now: Date): Promise<FiguresRow> {
    const simulated = this.deps.market.demo;
    const [setups, totals] = await Promise.all([this.deps.calls.scoredSetups(simulated), this.deps.calls.callTotals(simulated)]);
    const since = totals.firstCall;
    const points = benchmark && since ? benchmark.dates.flatMap((date, i) => (date >= since ? [{ date, close: benchmark.close[i]! }] : [])) : [];
    const recorded: RecordedSetup[] = setups.map((s) => ({
      action: s.action as RecommendationAction,
      setup: s.trade ? (s.baseType ?? s.setup) : s.setup,
      trade: s.trade,
      engineVersion: s.engineVersion,
      progress: s.progress,
    }));
    const callDays = Object.fromEntries(ACTIONS.map((a) => [a, totals.byAction[a] ?? 0])) as Record<RecommendationAction, number>;
    const figures = trackRecordFigures(recorded, callDays, points, totals.engineVersions);
    const lastSession = setups.reduce<string | null>((latest, s) => (latest === null || s.progress.lastDate > latest ? s.progress.lastDate : latest), null);
    return { ...figures, engine_versions: totals.engineVersions.map((v) => v.version), first_call: totals.firstCall, last_session: lastSession, computed_at: now.toISOString() };
  }

  /**
   * Checks the published record against its calls, with the functions that made it: each distinct
   * call's outcome is replayed from the call over the market's bars up to its last stored session,
   * and the figures are recomputed from the stored outcomes (the benchmark up to the last session
   * the stored figures show). Read only: nothing is written.
   */
  async verify(): Promise<TrackRecordVerification> {
    const simulated = this.deps.market.demo;
    const benchmark = await this.deps.market.bars(this.deps.market.benchmarkTicker).catch(() => null);
    const benchmarkClose = new Map(benchmark ? benchmark.dates.map((d, i) => [d, benchmark.close[i]!] as const) : []);
    const episodes = await this.deps.calls.episodesWithOutcomes(simulated);
    const outcomes: OutcomeDifference[] = [];
    const notChecked: { callId: string; ticker: string; date: string; reason: string }[] = [];
    let checked = 0;
    for (const [ticker, calls] of groupBy(episodes, (e) => e.call.ticker)) {
      await nextTurn();
      const bars = await this.deps.market.bars(ticker).catch(() => null);
      for (const { call, outcome } of calls) {
        const where = { callId: call.id, ticker, date: call.asOf };
        if (!outcome) {
          outcomes.push({ ...where, path: "outcome", stored: "none", recomputed: "a row" });
          continue;
        }
        const lastDate = outcome.progress.lastDate;
        if (!bars || bars.dates.length === 0 || bars.dates[0]! > call.asOf || bars.dates[bars.dates.length - 1]! < lastDate) {
          notChecked.push({ ...where, reason: bars ? "the bars do not cover the call's sessions" : "no bars" });
          continue;
        }
        checked++;
        const followed = followedCall(call);
        const cut = bars.dates.findIndex((d) => d > lastDate);
        const upTo = cut === -1 ? bars : sliceBars(bars, cut);
        const replayed = advanceOver(followed, startProgress(followed, call.asOf), upTo, benchmarkClose);
        const stored = { progress: outcome.progress, status: outcome.status, settled: outcome.settled, last_date: outcome.lastDate };
        const expected = { progress: replayed, status: callStatus(replayed), settled: isSettled(replayed), last_date: replayed.lastDate };
        for (const d of differences(asJson(expected), asJson(stored))) outcomes.push({ ...where, ...d });
      }
    }
    const storedRow = await this.deps.calls.figures(this.scope);
    const storedFigures = storedRow ? withoutRules(storedRow.figures as StoredFigures) : null;
    const figures: ValueDifference[] = [];
    if (storedFigures) {
      const lastBenchmark = storedFigures.benchmark?.at(-1)?.date ?? "";
      const cut = benchmark ? benchmark.dates.findIndex((d) => d > lastBenchmark) : -1;
      const benchmarkThen = benchmark && cut !== -1 ? sliceBars(benchmark, cut) : benchmark;
      const recomputed = await this.computeFigures(benchmarkThen, new Date(storedFigures.computed_at ?? 0));
      figures.push(...differences(asJson({ ...recomputed, computed_at: null }), asJson({ ...storedFigures, computed_at: null })));
    } else if (episodes.length > 0) {
      figures.push({ path: "figures", stored: "none", recomputed: "a row" });
    }
    return { scope: this.scope, calls: episodes.length, outcomesChecked: checked, notChecked, outcomes, figures, matches: outcomes.length === 0 && figures.length === 0 };
  }

  /** The record's summary (one stored row: answered in about a millisecond however many calls there are). */
  async summary(): Promise<TrackRecordSummary> {
    const stored = await this.deps.calls.figures(this.scope);
    const row = stored ? withoutRules(stored.figures as StoredFigures) : emptyFigures();
    return {
      ...row,
      // Figures stored before the per-version figures existed have none until the next scoring.
      by_engine_version: (row as Partial<FiguresRow>).by_engine_version ?? [],
      simulated: this.deps.market.demo,
      benchmark_name: this.deps.market.benchmarkTicker,
      min_meaningful_trades: MIN_MEANINGFUL_TRADES,
      historical: await this.historicalSimulations(),
    };
  }

  private historicalSimulations(): Promise<HistoricalSimulation[]> {
    this.historical ??= this.deps.historical().catch((error: unknown) => {
      this.deps.log.error({ err: error }, "track record: the historical simulations (docs/backtest) could not be read");
      return [];
    });
    return this.historical;
  }

  async calls(query: TrackRecordCallsQuery): Promise<TrackRecordCallsPage> {
    const { rows, total } = await this.deps.calls.callsPage({ simulated: this.deps.market.demo, action: query.action, ticker: query.ticker }, query.page, query.page_size);
    return { calls: rows.map((r) => callView(r.call, r.progress, r.days)), page: query.page, page_size: query.page_size, total };
  }
}

interface ValueDifference {
  /** Where in the stored row, e.g. `actions.BUY.hit_rate` or `progress.sessions`. */
  path: string;
  stored: string;
  recomputed: string;
}

interface OutcomeDifference extends ValueDifference {
  callId: string;
  ticker: string;
  date: string;
}

export interface TrackRecordVerification {
  scope: "simulated" | "market";
  /** Distinct calls (episodes) stored in the scope. */
  calls: number;
  outcomesChecked: number;
  /** Outcomes that could not be replayed (the market's bars do not reach back to the call). */
  notChecked: { callId: string; ticker: string; date: string; reason: string }[];
  outcomes: OutcomeDifference[];
  figures: ValueDifference[];
  matches: boolean;
}

/** As stored in a JSON column: NaN becomes null, undefined fields go. */
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** The leaves where `recomputed` and `stored` differ, by path. */
function differences(recomputed: unknown, stored: unknown, path = ""): ValueDifference[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
  if (isObject(recomputed) && isObject(stored) && Array.isArray(recomputed) === Array.isArray(stored)) {
    const keys = new Set([...Object.keys(recomputed), ...Object.keys(stored)]);
    return [...keys].flatMap((key) => differences(recomputed[key], stored[key], path ? `${path}.${key}` : key));
  }
  if (JSON.stringify(recomputed) === JSON.stringify(stored)) return [];
  const text = (v: unknown) => (v === undefined ? "absent" : JSON.stringify(v));
  return [{ path: path || "(root)", stored: text(stored), recomputed: text(recomputed) }];
}

function sliceBars(bars: DailyBars, end: number): DailyBars {
  const cut = { dates: bars.dates.slice(0, end), open: bars.open.slice(0, end), high: bars.high.slice(0, end), low: bars.low.slice(0, end), close: bars.close.slice(0, end), volume: bars.volume.slice(0, end) };
  return bars.tradedClose ? { ...cut, tradedClose: bars.tradedClose.slice(0, end) } : cut;
}

function emptyFigures(): FiguresRow {
  const figures: TrackRecordFigures = trackRecordFigures([], { BUY: 0, WATCH: 0, SELL: 0 }, []);
  return { ...figures, engine_versions: [], first_call: null, last_session: null, computed_at: null };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Folds the sessions of `bars` after the progress's last one in. Bars that start after that session
 * would skip sessions in between: the progress then waits (its count of sessions must stay true).
 */
function advanceOver(call: FollowedCall, progress: CallProgress, bars: DailyBars, benchmarkClose: ReadonlyMap<string, number>): CallProgress {
  if (bars.dates.length === 0 || bars.dates[0]! > progress.lastDate) return progress;
  let next = progress;
  for (let i = 0; i < bars.dates.length; i++) {
    const date = bars.dates[i]!;
    if (date <= next.lastDate) continue;
    next = advanceCall(call, next, { date, open: bars.open[i]!, high: bars.high[i]!, low: bars.low[i]!, close: bars.close[i]! }, benchmarkClose.get(date) ?? null);
  }
  return next;
}

function outcomeView(progress: CallProgress): CallOutcome {
  const trade = progress.trade;
  const result = tradeResult(progress);
  const excess = (h: number) => progress.forward[h]?.excess ?? null;
  return {
    status: callStatus(progress),
    sessions: progress.sessions,
    entry: (trade?.state === "held" || trade?.state === "closed") && progress.entryDate ? { date: progress.entryDate, price: trade.entryPrice } : null,
    exit: trade?.state === "closed" && progress.exitDate ? { date: progress.exitDate, price: trade.exitPrice, reason: trade.exitReason } : null,
    r: result?.r ?? null,
    trade_return: result?.return ?? null,
    excess: { d21: excess(0), d63: excess(1), d126: excess(2) },
  };
}

function callView(call: TrackCallRow, progress: CallProgress, days: number): TrackRecordCall {
  return {
    ...outcomeView(progress),
    id: call.id,
    date: call.asOf,
    ticker: call.ticker,
    action: call.action as RecommendationAction,
    setup: call.setup,
    base_type: call.baseType,
    price: call.price,
    buy_point: call.buyPoint,
    buy_range_high: call.buyRangeHigh,
    stop: call.stop,
    target: call.target,
    rs_rating: call.rsRating,
    market_state: call.marketState,
    engine_version: call.engineVersion,
    simulated: call.simulated,
    days,
    trade: call.trade,
  };
}
