import { createHash } from "node:crypto";
import { PgBoss } from "pg-boss";
import type { DatabaseHandle } from "../db/database";
import type { Logger } from "../logger";
import type { JobMetrics } from "../metrics/metrics";


export interface JobQueueOptions {
  log: Logger;
  /** A job still active after this long is taken to have died with its instance and is retried. */
  jobTimeoutSeconds: number;
  /** How often an idle worker looks for new jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  metrics?: JobMetrics;
  /** How often the queue depth per state is read for `metrics` (10 s by default). */
  queueDepthIntervalMs?: number;
  /**
   * Jobs left active by a process that is gone are retried at once when the queue starts, rather
   * than after their time-out. Only where no other process can be running them (the embedded
   * PGlite, whose data folder is locked to one process).
   */
  releaseActiveJobsAtStart?: boolean;
}

export interface QueuedJob<T> {
  /** A stable id: sending the same job twice (two instances, a retried handler) queues it once. */
  id: string;
  data: T;
}

/** A failed job (its handler threw, or its instance died) is tried this many more times. */
const RETRY_LIMIT = 3;

/** Finished jobs are kept this long (for `quanta jobs` and the stable ids' duplicate check), then deleted. */
const KEEP_FINISHED_SECONDS = 7 * 24 * 3600;

/** The oldest pg-boss schema version pg-boss 12 migrates from (pg-boss 10 made version 24). */
const PGBOSS_FIRST_MIGRATABLE_SCHEMA = 25;

/** An advisory lock key of our own, held while a pg-boss 10 schema is replaced. */
const PGBOSS_REPLACE_LOCK = 4_280_012_010;

/** Where the unfinished jobs of a replaced pg-boss 10 schema wait until pg-boss 12 has started. */
const CARRIED_JOBS_TABLE = "pgboss10_carried_jobs";

/** How often the queue depth per state is read for the metrics. */
const QUEUE_DEPTH_INTERVAL_MS = 10_000;

/** Jobs by pg-boss state (created, retry, active, completed, cancelled, failed), as `quanta jobs` shows them. */
export type JobStateCounts = Record<string, number>;

/** Rejects when `signal` aborts (with its reason); never settles otherwise. */
function abortion(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    else signal.addEventListener("abort", () => reject(signal.reason as Error), { once: true });
  });
}

/**
 * A UUID derived from its parts (the layout of a version-5 UUID), so that a job named by the same
 * parts gets the same id on every instance and pg-boss's `on conflict do nothing` keeps one.
 */
export function stableJobId(...parts: (string | number)[]): string {
  const hex = createHash("sha1").update(parts.join("\u0000")).digest("hex");
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16).padStart(2, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The job queue on the product's database (pg-boss, decision 024): PostgreSQL when DATABASE_URL is
 * set, so every instance takes jobs from one queue and a dead instance's jobs are retried by
 * another; the embedded PGlite otherwise, with the same job code running in the one process.
 */
export class PgBossJobQueue {
  private boss: PgBoss;
  private started: Promise<void> | null = null;
  private stopped = false;
  private readonly created = new Set<string>();
  /** pg-boss's statements in flight: it completes a job without awaiting it, so `stop` waits for them. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /**
   * Set once `stop` is done: the database may be closed by then. A handler that outlived the grace
   * period still reports to pg-boss, whose statement (completing or failing a job that `stop` has
   * already failed for a retry elsewhere) is then dropped rather than sent to a closed database:
   * pg-boss issues those without awaiting them, so the statement is simply never answered.
   */
  private statementsClosed = false;
  /** This process's workers per queue, woken when it queues jobs itself. */
  private readonly workers = new Map<string, string[]>();
  private depthTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Pick<DatabaseHandle, "kind" | "executeSql">,
    private readonly options: JobQueueOptions,
  ) {
    this.boss = this.createBoss();
  }

  private createBoss(): PgBoss {
    const timeout = Math.max(1, Math.round(this.options.jobTimeoutSeconds));
    const sweepSeconds = Math.max(1, Math.min(60, Math.round(timeout / 2)));
    const boss = new PgBoss({
      db: {
        executeSql: (text: string, values: unknown[]) => {
          if (this.statementsClosed) return new Promise<never>(() => undefined);
          const statement = this.database.executeSql(text, values);
          this.inFlight.add(statement);
          void statement.catch(() => undefined).finally(() => this.inFlight.delete(statement));
          return statement;
        },
      },
      backend: this.database.kind === "pglite" ? "pglite" : "postgres",
      schedule: false,
      supervise: true,
      // Expired jobs (an instance killed mid-job) are found by this sweep on any live instance; it
      // looks at each queue once per monitor interval, so both follow the job time-out.
      superviseIntervalSeconds: sweepSeconds,
      monitorIntervalSeconds: sweepSeconds,
      // Rebuilding indexes concurrently is for large PostgreSQL queues; on PGlite it would block every query.
      reindex: this.database.kind !== "pglite",
    });
    boss.on("error", (error: unknown) => this.options.log.warn({ err: error }, "job queue: an error in pg-boss's background work"));
    return boss;
  }

  /** Creates pg-boss's tables (once per database) and starts its maintenance. */
  start(): Promise<void> {
    this.started ??= this.startBoss();
    return this.started;
  }

  /**
   * Instances starting together on a new database race to create pg-boss's schema, and pg-boss
   * does not always recognise the loser's error as that race: it is retried with a new client.
   */
  private async startBoss(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (attempt === 1) await this.replacePgBoss10Schema();
        await this.boss.start();
        if (this.options.releaseActiveJobsAtStart) await this.releaseActiveJobs();
        await this.requeueCarriedJobs();
        if (this.options.metrics) this.startDepthMetrics(this.options.metrics);
        return;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= 3 || !(code === "23505" || (error instanceof Error && error.message.includes("already exists")))) throw error;
        this.boss = this.createBoss();
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  }

  /**
   * pg-boss 12 does not migrate the schema pg-boss 10 made (schema version 24; it starts from 25, and
   * no release migrates 24 to 25). The queue holds only jobs — runs, chunks and alerts are in the
   * product's own tables — so that schema is dropped once and pg-boss creates its own. Its unfinished
   * jobs are first copied into a table of ours in the same transaction, and queued again once
   * pg-boss 12 has started (`requeueCarriedJobs`), so a refresh caught by the upgrade goes on; a crash
   * in between leaves the copy for the next start. Under an advisory lock, re-checked inside, so
   * instances starting together do it once.
   */
  private async replacePgBoss10Schema(): Promise<void> {
    const { rows } = await this.database.executeSql("select to_regclass('pgboss.version') is not null as present");
    if (rows[0]?.present !== true) return;
    const { rows: versions } = await this.database.executeSql("select max(version)::int as version from pgboss.version");
    if (Number(versions[0]?.version) >= PGBOSS_FIRST_MIGRATABLE_SCHEMA) return;
    await this.database.executeSql(
      `select pg_advisory_xact_lock(${PGBOSS_REPLACE_LOCK});
       do $$ begin
         if to_regclass('pgboss.version') is not null then
           if (select max(version) from pgboss.version) < ${PGBOSS_FIRST_MIGRATABLE_SCHEMA} then
             create table if not exists ${CARRIED_JOBS_TABLE} (name text not null, id uuid not null, data jsonb, dead_letter text);
             insert into ${CARRIED_JOBS_TABLE} (name, id, data, dead_letter)
               select job.name, job.id, to_jsonb(job) -> 'data', to_jsonb(job) ->> 'dead_letter'
               from pgboss.job job where job.state::text in ('created', 'retry', 'active');
             drop schema pgboss cascade;
           end if;
         end if;
       end $$;`,
    );
    this.options.log.warn({}, "job queue: replaced pg-boss 10's job tables (pg-boss 12 cannot migrate them); their unfinished jobs are queued again");
  }

  /** Queues again, with their ids, the unfinished jobs copied out of a replaced pg-boss 10 schema. */
  private async requeueCarriedJobs(): Promise<void> {
    const { rows: table } = await this.database.executeSql(`select to_regclass('${CARRIED_JOBS_TABLE}') is not null as present`);
    if (table[0]?.present !== true) return;
    const { rows } = await this.database.executeSql(`select name, id::text as id, data, dead_letter from ${CARRIED_JOBS_TABLE}`);
    for (const row of rows) {
      const deadLetter = row.dead_letter == null ? {} : { deadLetter: String(row.dead_letter) };
      await this.insert(String(row.name), [{ id: String(row.id), data: (row.data ?? {}) as object }], deadLetter);
    }
    await this.database.executeSql(`drop table if exists ${CARRIED_JOBS_TABLE}`);
    this.options.log.warn({ jobs: rows.length }, "job queue: jobs queued before the upgrade to pg-boss 12 are queued again");
  }

  /** Jobs per queue and state, read every few seconds for the metrics (what pg-boss 10's monitor reported). */
  private startDepthMetrics(metrics: JobMetrics): void {
    const read = async (): Promise<void> => {
      if (this.stopped) return;
      const { rows } = await this.database.executeSql("select name, state, count(*)::int as count from pgboss.job group by name, state");
      for (const row of rows) metrics.setQueueDepth(String(row.name), String(row.state), Number(row.count));
    };
    this.depthTimer = setInterval(() => {
      read().catch((error: unknown) => this.options.log.warn({ err: error }, "job queue: could not read the queue depth"));
    }, this.options.queueDepthIntervalMs ?? QUEUE_DEPTH_INTERVAL_MS);
    this.depthTimer.unref();
  }

  /**
   * Puts the jobs a dead process left active back to 'retry', ready now. The fetch that takes one
   * counts the attempt (pg-boss does when a job has started before); a job that had already been
   * given one attempt beyond its limit this way fails instead, so a job that kills its process is
   * not retried forever.
   */
  private async releaseActiveJobs(): Promise<void> {
    const { rows } = await this.database.executeSql(
      `update pgboss.job set state = case when retry_count <= retry_limit then 'retry'::pgboss.job_state else 'failed'::pgboss.job_state end,
         start_after = now(), completed_on = case when retry_count <= retry_limit then null else now() end
       where state = 'active' returning name, state`,
    );
    if (rows.length > 0) this.options.log.warn({ jobs: rows.length }, "job queue: jobs left active by a stopped process are retried now");
  }

  /**
   * Creates the queue once per database (pg-boss skips a queue that exists). Processes creating the
   * same queue at once can deadlock or collide in PostgreSQL; the loser tries again and finds it.
   */
  private async queue(name: string): Promise<void> {
    await this.start();
    await this.createQueue(name);
  }

  /** `queue` once pg-boss has started (the start itself queues carried jobs through it). */
  private async createQueue(name: string): Promise<void> {
    if (this.created.has(name)) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(name, {
          retryLimit: RETRY_LIMIT,
          retryDelay: 1,
          retryBackoff: true,
          expireInSeconds: Math.max(1, Math.round(this.options.jobTimeoutSeconds)),
          deleteAfterSeconds: KEEP_FINISHED_SECONDS,
        });
        break;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= 3 || !(code === "40P01" || code === "23505" || (error instanceof Error && error.message.includes("already exists")))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
    this.created.add(name);
  }

  /**
   * Queues jobs (a job whose id is queued already is kept once). With `deadLetter`, a job that fails
   * for good — its handler threw on the last attempt, or its last attempt timed out, which its
   * handler never sees — is queued again, same data, on that queue.
   */
  async send<T extends object>(name: string, jobs: QueuedJob<T>[], options: { deadLetter?: string } = {}): Promise<void> {
    if (jobs.length === 0) return;
    if (this.stopped) throw new Error("the job queue is stopped: no job can be queued");
    await this.start();
    await this.insert(name, jobs, options);
  }

  private async insert<T extends object>(name: string, jobs: QueuedJob<T>[], options: { deadLetter?: string }): Promise<void> {
    await this.createQueue(name);
    if (options.deadLetter) await this.createQueue(options.deadLetter);
    // The retry policy travels with each job (a queue's own settings are fixed by whoever created it first).
    const expireInSeconds = Math.max(1, Math.round(this.options.jobTimeoutSeconds));
    await this.boss.insert(
      name,
      jobs.map((job) => ({ id: job.id, data: job.data, expireInSeconds, deleteAfterSeconds: KEEP_FINISHED_SECONDS, retryLimit: RETRY_LIMIT, retryDelay: 1, retryBackoff: true, ...(options.deadLetter && { deadLetter: options.deadLetter }) })),
    );
    // Workers of this process take them at once rather than at their next poll.
    for (const workerId of this.workers.get(name) ?? []) this.boss.notifyWorker(workerId);
  }

  /**
   * Runs `handler` for the queue's jobs, `concurrency` at a time in this process. A handler that
   * throws fails the job; pg-boss retries it (with back-off) up to RETRY_LIMIT times. `lastAttempt`
   * tells the handler no retry follows, so it can record the failure and let its run go on.
   */
  async work<T extends object>(name: string, concurrency: number, handler: (data: T, job: { id: string; lastAttempt: boolean }) => Promise<void>): Promise<void> {
    // A queue stopped before its workers were asked for (a process closing as it starts) takes no jobs.
    if (this.stopped) return;
    await this.queue(name);
    if (this.stopped) return;
    for (let k = 0; k < concurrency; k++) {
      let workerId = "";
      const workOptions = { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1, includeMetadata: true } as const;
      workerId = await this.boss.work<T, unknown, typeof workOptions>(
        name,
        workOptions,
        async ([job]) => {
          if (!job) return;
          const started = performance.now();
          this.options.metrics?.jobStarted(name);
          try {
            // pg-boss aborts a job's signal when the job times out (it has failed it for a retry by
            // then) but lets a handler that ignores it hold the worker; the worker moves on instead.
            await Promise.race([handler(job.data, { id: job.id, lastAttempt: job.retryCount >= job.retryLimit }), abortion(job.signal)]);
            this.options.metrics?.jobFinished(name, (performance.now() - started) / 1000, "completed");
          } catch (error) {
            const lastAttempt = job.retryCount >= job.retryLimit;
            this.options.metrics?.jobFinished(name, (performance.now() - started) / 1000, lastAttempt ? "failed" : "retried");
            this.options.log.warn({ err: error, queue: name, job: job.id, attempt: job.retryCount + 1 }, lastAttempt ? "job queue: a job failed for good" : "job queue: a job failed; it will be retried");
            throw error;
          } finally {
            // A worker that just finished a job looks for the next at once instead of after the polling interval.
            if (!this.stopped) this.boss.notifyWorker(workerId);
          }
        },
      );
      this.workers.set(name, [...(this.workers.get(name) ?? []), workerId]);
    }
  }

  /** Jobs of a queue by state (created, retry, active, completed, failed, cancelled), as pg-boss stores them. */
  async counts(name: string): Promise<JobStateCounts> {
    await this.start();
    const { rows } = await this.database.executeSql("select state, count(*)::int as count from pgboss.job where name = $1 group by state", [name]);
    return Object.fromEntries(rows.map((row) => [String(row.state), Number(row.count)]));
  }

  /** Stops taking jobs; the active ones are given `graceMs` to finish, then failed so another instance retries them. */
  async stop(graceMs = 5_000): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.depthTimer) clearInterval(this.depthTimer);
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, timeout: graceMs, close: false }).catch((error: unknown) => {
      this.options.log.warn({ err: error }, "job queue: pg-boss did not stop cleanly");
    });
    // A job's completion may still be on its way to the database, which the caller closes next.
    await Promise.allSettled([...this.inFlight]);
    this.statementsClosed = true;
  }
}
