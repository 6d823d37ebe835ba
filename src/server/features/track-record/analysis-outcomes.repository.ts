import { and, eq, inArray, sql } from "drizzle-orm";
import type { CallProgress, CallStatus, FollowedCall } from "../../../core/track-record/call-outcome";
import type { Database } from "../../db/database";
import { analysisOutcomes } from "../../db/schema";

export interface AnalysisOutcomeRow {
  analysisId: string;
  userId: string;
  ticker: string;
  call: FollowedCall;
  progress: CallProgress;
}

const BATCH = 200;

/** How the analyses users ran have done since: one row per stored analysis, read only by its owner. */
export class AnalysisOutcomesRepository {
  constructor(private readonly db: Database) {}

  async open(): Promise<AnalysisOutcomeRow[]> {
    const rows = await this.db.select().from(analysisOutcomes).where(eq(analysisOutcomes.settled, false));
    return rows.map((r) => ({ analysisId: r.analysisId, userId: r.userId, ticker: r.ticker, call: r.call as FollowedCall, progress: r.progress as CallProgress }));
  }

  /** Inserts new outcomes and updates changed ones. */
  async save(rows: (AnalysisOutcomeRow & { status: CallStatus; settled: boolean })[], at: Date): Promise<void> {
    for (let start = 0; start < rows.length; start += BATCH) {
      await this.db
        .insert(analysisOutcomes)
        .values(rows.slice(start, start + BATCH).map((r) => ({ ...r, updatedAt: at })))
        .onConflictDoUpdate({
          target: analysisOutcomes.analysisId,
          set: { progress: sql`excluded.progress`, status: sql`excluded.status`, settled: sql`excluded.settled`, updatedAt: sql`excluded.updated_at` },
        });
    }
  }

  /** The outcomes of a user's own analyses among `ids` (another user's are never returned). */
  async forUser(userId: string, ids: string[]): Promise<Map<string, CallProgress>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ analysisId: analysisOutcomes.analysisId, progress: analysisOutcomes.progress })
      .from(analysisOutcomes)
      .where(and(eq(analysisOutcomes.userId, userId), inArray(analysisOutcomes.analysisId, ids)));
    return new Map(rows.map((r) => [r.analysisId, r.progress as CallProgress]));
  }
}
