import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { jobRuns } from "../db/schema";

/** A run that started this long ago without finishing is taken to have died. */
const ABANDONED_AFTER = "1 hour";

/**
 * Claims scheduled job runs so that, with several instances on one database, exactly one runs each
 * (name, run key). The claim is made under a PostgreSQL advisory transaction lock, and the job_runs
 * row records it; a failed or abandoned run can be claimed again.
 */
export class JobRunsRepository {
  constructor(private readonly db: Database) {}

  async claim(name: string, runKey: string, holder: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${name})) as locked`)) as unknown as {
        rows: { locked: boolean }[];
      };
      const [lock] = result.rows;
      if (!lock?.locked) return false;
      const rows = await tx
        .insert(jobRuns)
        .values({ name, runKey, holder })
        .onConflictDoUpdate({
          target: [jobRuns.name, jobRuns.runKey],
          set: { holder, startedAt: sql`now()`, finishedAt: null, error: null },
          setWhere: sql`${jobRuns.error} is not null or (${jobRuns.finishedAt} is null and ${jobRuns.startedAt} < now() - ${ABANDONED_AFTER}::interval)`,
        })
        .returning({ holder: jobRuns.holder });
      return rows.length > 0;
    });
  }

  async finish(name: string, runKey: string, error: string | null): Promise<void> {
    await this.db
      .update(jobRuns)
      .set({ finishedAt: sql`now()`, error })
      .where(and(eq(jobRuns.name, name), eq(jobRuns.runKey, runKey)));
  }
}
