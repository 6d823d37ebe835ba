import { asc, max, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { publicAnalyses } from "../../db/schema";

export interface PublicAnalysisRow {
  id: string;
  ticker: string;
  action: string;
  analysis: unknown;
  asOf: string;
  createdAt: Date;
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
        await tx
          .insert(publicAnalyses)
          .values(row)
          .onConflictDoUpdate({
            target: publicAnalyses.ticker,
            set: { id: row.id, action: row.action, analysis: row.analysis, asOf: row.asOf, createdAt: row.createdAt },
          });
      }
    });
  }

  /** Writes a chunk's analyses in one statement (each ticker's row replaced). */
  async upsertMany(rows: PublicAnalysisRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insert(publicAnalyses)
      .values(rows)
      .onConflictDoUpdate({
        target: publicAnalyses.ticker,
        set: {
          id: sql`excluded.id`,
          action: sql`excluded.action`,
          analysis: sql`excluded.analysis`,
          asOf: sql`excluded.as_of`,
          createdAt: sql`excluded.created_at`,
        },
      });
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
}
