import { asc, max, notInArray } from "drizzle-orm";
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

  /** The as-of date of the freshest stored analysis, or null when the list is empty. */
  async latestAsOf(): Promise<string | null> {
    const [row] = await this.db.select({ asOf: max(publicAnalyses.asOf) }).from(publicAnalyses);
    return row?.asOf ?? null;
  }
}
