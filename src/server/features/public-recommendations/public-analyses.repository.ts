import { and, asc, between, eq, getTableColumns, gte, isNotNull, max, notInArray, sql, type SQL } from "drizzle-orm";
import type { ScreenerColumn, ScreenerQuery, ScreenerResponse } from "../../../contracts/screener";
import type { Database } from "../../db/database";
import { publicAnalyses } from "../../db/schema";
import { screenColumnsOf, type ScreenColumns } from "./screen-columns";
import type { BreadthCounts, GroupAverage } from "../../../core/analysis/market-snapshot";

export interface PublicAnalysisRow {
  id: string;
  ticker: string;
  action: string;
  analysis: unknown;
  asOf: string;
  createdAt: Date;
}

const columns = getTableColumns(publicAnalyses);
const SCREEN_KEYS = Object.keys(screenColumnsOf(null)) as (keyof ScreenColumns)[];

/** A row with its screener columns, derived from its report (decision 059). */
function withScreenColumns(row: PublicAnalysisRow): PublicAnalysisRow & ScreenColumns {
  return { ...row, ...screenColumnsOf(row.analysis) };
}

/** The screener's column names (the contract's) → the table's columns. */
const SORT_COLUMNS = {
  ticker: columns.ticker,
  company: columns.company,
  sector: columns.sector,
  industry: columns.industry,
  price: columns.price,
  change_pct: columns.changePct,
  volume_ratio: columns.volumeRatio,
  dollar_volume: columns.dollarVolume,
  action: columns.action,
  setup: columns.setup,
  buy_point_distance: columns.buyPointDistance,
  stop_risk: columns.stopRisk,
  rs_rating: columns.rsRating,
  tt_score: columns.ttScore,
  below_high_pct: columns.belowHighPct,
  eps_growth: columns.epsGrowth,
  demo: columns.demo,
} satisfies Record<ScreenerColumn, unknown>;

function screenFilters(query: ScreenerQuery): SQL | undefined {
  const t = publicAnalyses;
  const distance = query.max_buy_distance;
  return and(
    query.action === undefined ? undefined : eq(t.action, query.action),
    query.setup === undefined ? undefined : eq(t.setup, query.setup),
    query.min_rs === undefined ? undefined : gte(t.rsRating, query.min_rs),
    query.min_tt === undefined ? undefined : gte(t.ttScore, query.min_tt),
    // Within X of the buy point, either side.
    distance === undefined ? undefined : between(t.buyPointDistance, -distance, distance),
    query.sector === undefined ? undefined : eq(t.sector, query.sector),
    query.industry === undefined ? undefined : eq(t.industry, query.industry),
    query.min_price === undefined ? undefined : gte(t.price, query.min_price),
    query.min_dollar_volume === undefined ? undefined : gte(t.dollarVolume, query.min_dollar_volume),
  );
}

function screenOrder(sort: ScreenerQuery["sort"]): SQL[] {
  const descending = sort.startsWith("-");
  const column = SORT_COLUMNS[(descending ? sort.slice(1) : sort) as ScreenerColumn];
  // Nulls last both ways, and the ticker breaks ties, so pages never overlap.
  const first = descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  return column === columns.ticker ? [first] : [first, asc(columns.ticker)];
}

/** The public recommendation list: one latest analysis per ticker of the public universe. */
export class PublicAnalysesRepository {
  constructor(private readonly db: Database) {}

  async list(): Promise<PublicAnalysisRow[]> {
    return this.db.select().from(publicAnalyses).orderBy(asc(publicAnalyses.ticker));
  }

  /** Replaces the list in one transaction: the new analyses, and tickers that left the universe removed. */
  async replaceAll(rows: PublicAnalysisRow[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (rows.length === 0) {
        await tx.delete(publicAnalyses);
        return;
      }
      await tx.delete(publicAnalyses).where(notInArray(publicAnalyses.ticker, rows.map((r) => r.ticker)));
      for (const row of rows) {
        const full = withScreenColumns(row);
        const { ticker: _ticker, ...set } = full;
        await tx.insert(publicAnalyses).values(full).onConflictDoUpdate({ target: publicAnalyses.ticker, set });
      }
    });
  }

  /** Writes a chunk's analyses in one statement (each ticker's row replaced), with the screener's columns. */
  async upsertMany(rows: PublicAnalysisRow[]): Promise<void> {
    if (rows.length === 0) return;
    const set: Record<string, SQL> = {
      id: sql`excluded.id`,
      action: sql`excluded.action`,
      analysis: sql`excluded.analysis`,
      asOf: sql`excluded.as_of`,
      createdAt: sql`excluded.created_at`,
    };
    for (const key of SCREEN_KEYS) set[key] = sql.raw(`excluded.${columns[key].name}`);
    await this.db.insert(publicAnalyses).values(rows.map(withScreenColumns)).onConflictDoUpdate({ target: publicAnalyses.ticker, set });
  }

  /** One page of the screener: filtered, sorted and counted in one statement (decision 059). */
  async screen(query: ScreenerQuery): Promise<ScreenerResponse> {
    const t = publicAnalyses;
    const where = screenFilters(query);
    const rows = await this.db
      .select({
        ticker: t.ticker,
        company: t.company,
        sector: t.sector,
        industry: t.industry,
        price: t.price,
        change_pct: t.changePct,
        volume_ratio: t.volumeRatio,
        dollar_volume: t.dollarVolume,
        action: t.action,
        setup: t.setup,
        buy_point_distance: t.buyPointDistance,
        stop_risk: t.stopRisk,
        rs_rating: t.rsRating,
        tt_score: t.ttScore,
        below_high_pct: t.belowHighPct,
        eps_growth: t.epsGrowth,
        demo: t.demo,
        as_of: t.asOf,
        total: sql<number>`count(*) over ()`.mapWith(Number),
        newest: sql<string>`max(${t.asOf}) over ()`,
      })
      .from(t)
      .where(where)
      .orderBy(...screenOrder(query.sort))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    const first = rows[0];
    if (first) {
      return { as_of: String(first.newest), total: first.total, rows: rows.map(({ total: _t, newest: _n, action, ...row }) => ({ ...row, action: action as "BUY" | "WATCH" | "SELL" })) };
    }
    // A page past the end: count the matches on their own.
    const [summary] = await this.db.select({ total: sql<number>`count(*)`.mapWith(Number), newest: max(t.asOf) }).from(t).where(where);
    return { as_of: summary?.newest ?? null, total: summary?.total ?? 0, rows: [] };
  }

  /** Removes every ticker but these (those a finished run did not analyse: left the universe, or failed). */
  async retainOnly(tickers: string[]): Promise<void> {
    if (tickers.length === 0) {
      await this.db.delete(publicAnalyses);
      return;
    }
    await this.db.delete(publicAnalyses).where(sql`${publicAnalyses.ticker} <> all(${sql.param(tickers)}::text[])`);
  }

  /** The stored analyses of these tickers (those in the public universe). */
  async byTickers(tickers: string[]): Promise<PublicAnalysisRow[]> {
    if (tickers.length === 0) return [];
    return this.db.select().from(publicAnalyses).where(sql`${publicAnalyses.ticker} = any(${sql.param(tickers)}::text[])`);
  }

  /** The as-of date of the freshest stored analysis, or null when the list is empty. */
  async latestAsOf(): Promise<string | null> {
    const [row] = await this.db.select({ asOf: max(publicAnalyses.asOf) }).from(publicAnalyses);
    return row?.asOf ?? null;
  }

  /** One session's breadth from the typed screen columns (decision 059), counted in SQL. */
  async sessionBreadth(session: string): Promise<BreadthCounts> {
    const t = publicAnalyses;
    const counted = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        above_50: counted(sql`${t.above50}`),
        above_200: counted(sql`${t.above200}`),
        new_highs: counted(sql`${t.newHigh}`),
        new_lows: counted(sql`${t.newLow}`),
        advancers: counted(sql`${t.changePct} > 0`),
        decliners: counted(sql`${t.changePct} < 0`),
      })
      .from(t)
      .where(eq(t.asOf, session));
    const count = (value: number | undefined): number => Number(value ?? 0);
    return {
      total: count(row?.total),
      above_50: count(row?.above_50),
      above_200: count(row?.above_200),
      new_highs: count(row?.new_highs),
      new_lows: count(row?.new_lows),
      advancers: count(row?.advancers),
      decliners: count(row?.decliners),
    };
  }

  /** Each sector's and industry's average RS rating on one session, over its rated stocks, in SQL. */
  async groupAverages(session: string): Promise<GroupAverage[]> {
    const t = publicAnalyses;
    const byGroup = (kind: "sector" | "industry", name: typeof t.sector | typeof t.industry) =>
      this.db
        .select({ name, rs: sql<number>`avg(${t.rsRating})::float8`, stocks: sql<number>`count(*)::int` })
        .from(t)
        .where(and(eq(t.asOf, session), isNotNull(name)))
        .groupBy(name)
        .having(sql`count(${t.rsRating}) > 0`)
        .then((rows) => rows.map((row) => ({ kind, name: String(row.name), rs: Number(row.rs), stocks: Number(row.stocks) })));
    const [sectors, industries] = await Promise.all([byGroup("sector", t.sector), byGroup("industry", t.industry)]);
    return [...sectors, ...industries];
  }
}
