import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
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

/** Why a stored analysis cannot be followed (it is set aside once, never taken again). */
export type UnfollowableReason = "no-session-date" | "no-price" | "older-than-a-year" | "unreadable-report";

export interface UnfollowableAnalysis {
  analysisId: string;
  userId: string;
  ticker: string;
  reason: UnfollowableReason;
}

/** The status of an analysis that is not followed; its call and progress are null. */
const UNFOLLOWABLE = "unfollowable";

const BATCH = 200;

/** How the analyses users ran have done since: one row per stored analysis, read only by its owner. */
export class AnalysisOutcomesRepository {
  constructor(private readonly db: Database) {}

  async open(): Promise<AnalysisOutcomeRow[]> {
    const rows = await this.db.select().from(analysisOutcomes).where(and(eq(analysisOutcomes.settled, false), isNotNull(analysisOutcomes.progress)));
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

  /** Records analyses that cannot be followed, with why, so that no later scoring takes them again. */
  async setAside(rows: UnfollowableAnalysis[], at: Date): Promise<void> {
    for (let start = 0; start < rows.length; start += BATCH) {
      await this.db
        .insert(analysisOutcomes)
        .values(rows.slice(start, start + BATCH).map((r) => ({ ...r, call: null, progress: null, status: UNFOLLOWABLE, settled: true, updatedAt: at })))
        .onConflictDoNothing({ target: analysisOutcomes.analysisId });
    }
  }

  /** The outcomes of a user's own followed analyses among `ids` (another user's are never returned). */
  async forUser(userId: string, ids: string[]): Promise<Map<string, CallProgress>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ analysisId: analysisOutcomes.analysisId, progress: analysisOutcomes.progress })
      .from(analysisOutcomes)
      .where(and(eq(analysisOutcomes.userId, userId), inArray(analysisOutcomes.analysisId, ids), isNotNull(analysisOutcomes.progress)));
    return new Map(rows.map((r) => [r.analysisId, r.progress as CallProgress]));
  }
}
