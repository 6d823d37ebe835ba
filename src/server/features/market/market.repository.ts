import { desc, lte, sql } from "drizzle-orm";
import type { BenchmarkBar, MarketBreadth, MarketGroup, MarketResponse, MarketStateDay } from "../../../contracts/market";
import type { Database } from "../../db/database";
import { marketSessions } from "../../db/schema";

/** One session's market page as the daily screen stored it. */
export interface MarketSessionRow {
  session: string;
  benchmark: string;
  state: MarketResponse["state"];
  since: string | null;
  distributionDays: MarketResponse["distribution_days"];
  followThroughDay: string | null;
  stateHistory: MarketStateDay[];
  breadth: MarketBreadth;
  groups: MarketGroup[];
  benchmarkBars: BenchmarkBar[];
  computedAt: Date;
}

/** The one owner of `market_sessions`. The jsonb columns hold what this repository wrote, in the contract's shapes. */
export class MarketRepository {
  constructor(private readonly db: Database) {}

  /** Writes the session's row, replacing one written before (a run finished again after a crash). */
  async upsert(row: MarketSessionRow): Promise<void> {
    const { session: _session, ...rest } = row;
    await this.db.insert(marketSessions).values(row).onConflictDoUpdate({ target: marketSessions.session, set: rest });
  }

  async latest(): Promise<MarketSessionRow | null> {
    const [row] = await this.db.select().from(marketSessions).orderBy(desc(marketSessions.session)).limit(1);
    return row ? (row as MarketSessionRow) : null;
  }

  /** The breadth of the last `limit` stored sessions, oldest first. */
  async breadthHistory(limit: number): Promise<{ session: string; breadth: MarketBreadth }[]> {
    const rows = await this.db
      .select({ session: marketSessions.session, breadth: marketSessions.breadth })
      .from(marketSessions)
      .orderBy(desc(marketSessions.session))
      .limit(limit);
    return rows.reverse().map((row) => ({ session: row.session, breadth: row.breadth as MarketBreadth }));
  }

  /** The group ranks of the latest stored session on or before `session`, null when none is stored. */
  async groupsOnOrBefore(session: string): Promise<MarketGroup[] | null> {
    const [row] = await this.db
      .select({ groups: marketSessions.groups })
      .from(marketSessions)
      .where(lte(marketSessions.session, sql`${session}::date`))
      .orderBy(desc(marketSessions.session))
      .limit(1);
    return row ? (row.groups as MarketGroup[]) : null;
  }
}
