import { EMPTY_MARKET, type BenchmarkBar, type MarketGroup, type MarketResponse } from "../../../contracts/market";
import type { AnalysisConfig } from "../../../core/analysis/analysis-config";
import { marketDirectionAt, marketDirectionSeries } from "../../../core/analysis/market-direction";
import { breadthOf, distributionDayList, marketStateHistory, rankChange, rankGroups, stateSince, type BreadthCounts, type GroupAverage } from "../../../core/analysis/market-snapshot";
import type { DailyBars } from "../../../core/market/market-data";
import type { Logger } from "../../logger";
import type { MarketRepository, MarketSessionRow } from "./market.repository";

/**
 * What the market page needs of the daily screen's stocks on one session. Composition wires it to the
 * public analyses' repository, so this feature never reads that table itself.
 */
export interface ScreenAggregates {
  breadth(session: string): Promise<BreadthCounts>;
  groupAverages(session: string): Promise<GroupAverage[]>;
}

/** Sessions of the benchmark chart stored with each snapshot (about a year). */
const CHART_SESSIONS = 260;
const STATE_SESSIONS = 120;
const BREADTH_SESSIONS = 120;
const WEEK = 5;
const MONTH = 20;
const CACHE_MS = 60_000;

/**
 * The market page (docs/product.md, "Market"): one snapshot per session, computed when the daily
 * screen's analyses are in and stored; requests read the stored row.
 */
export class MarketService {
  private cached: { at: number; value: MarketResponse } | null = null;

  constructor(
    private readonly deps: {
      repository: MarketRepository;
      aggregates: ScreenAggregates;
      benchmark: { ticker: string; bars: () => Promise<DailyBars | null> };
      config: AnalysisConfig;
      now: () => Date;
      log: Logger;
    },
  ) {}

  /** The daily screen's hook: stores the snapshot of the benchmark's last session. */
  async afterAnalyses(runKey: string): Promise<void> {
    const session = await this.snapshot();
    this.deps.log.info({ runKey, session }, "market: session snapshot stored");
  }

  /** Computes and stores the benchmark's last session; answers its date, or null without benchmark bars. */
  async snapshot(): Promise<string | null> {
    const bars = await this.deps.benchmark.bars();
    if (!bars || bars.dates.length === 0) return null;
    const { config } = this.deps;
    const last = bars.dates.length - 1;
    const session = bars.dates[last]!;
    const series = marketDirectionSeries(bars, config);
    const direction = marketDirectionAt(bars, series, last, config);
    const [counts, averages, weekAgo, monthAgo] = await Promise.all([
      this.deps.aggregates.breadth(session),
      this.deps.aggregates.groupAverages(session),
      this.deps.repository.groupsOnOrBefore(bars.dates[Math.max(0, last - WEEK)]!),
      this.deps.repository.groupsOnOrBefore(bars.dates[Math.max(0, last - MONTH)]!),
    ]);
    // A repeated snapshot of the same session must not compare the session with itself.
    const earlier = (groups: MarketGroup[] | null, back: number) => (last - back >= 0 ? groups : null);
    const groups: MarketGroup[] = rankGroups(averages).map((group) => ({
      ...group,
      rs: Math.round(group.rs * 10) / 10,
      rank_change_1w: rankChange(earlier(weekAgo, WEEK), group),
      rank_change_4w: rankChange(earlier(monthAgo, MONTH), group),
    }));
    const row: MarketSessionRow = {
      session,
      benchmark: this.deps.benchmark.ticker,
      state: direction?.trend ?? null,
      since: stateSince(bars, series),
      distributionDays: distributionDayList(bars, series, config),
      followThroughDay: direction?.followThroughDate ?? null,
      stateHistory: marketStateHistory(bars, series, STATE_SESSIONS),
      breadth: breadthOf(counts),
      groups,
      benchmarkBars: chartBars(bars, series.ema50, series.ema200),
      computedAt: this.deps.now(),
    };
    await this.deps.repository.upsert(row);
    this.cached = null;
    return session;
  }

  /** The stored page of the latest session (cached for a minute), or the empty page before the first screen. */
  async latest(): Promise<MarketResponse> {
    const now = this.deps.now().getTime();
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.value;
    const row = await this.deps.repository.latest();
    if (!row) return EMPTY_MARKET;
    const history = await this.deps.repository.breadthHistory(BREADTH_SESSIONS);
    const value: MarketResponse = {
      as_of: row.session,
      state: row.state,
      since: row.since,
      distribution_days: row.distributionDays,
      follow_through_day: row.followThroughDay,
      breadth: row.breadth,
      breadth_history: history.map(({ session, breadth }) => ({ date: session, ...breadth })),
      groups: row.groups,
      state_history: row.stateHistory,
      benchmark: { ticker: row.benchmark, bars: row.benchmarkBars },
    };
    this.cached = { at: now, value };
    return value;
  }
}

function chartBars(bars: DailyBars, ema50: Float64Array, ema200: Float64Array): BenchmarkBar[] {
  const out: BenchmarkBar[] = [];
  const known = (value: number | undefined): number | null => (value !== undefined && Number.isFinite(value) ? Math.round(value * 100) / 100 : null);
  for (let i = Math.max(0, bars.dates.length - CHART_SESSIONS); i < bars.dates.length; i++) {
    out.push({
      date: bars.dates[i]!,
      open: bars.open[i]!,
      high: bars.high[i]!,
      low: bars.low[i]!,
      close: bars.close[i]!,
      volume: bars.volume[i]!,
      ema50: known(ema50[i]),
      ema200: known(ema200[i]),
    });
  }
  return out;
}
