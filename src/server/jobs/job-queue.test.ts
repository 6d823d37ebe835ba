import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/database";
import type { Logger } from "../logger";
import { testDatabaseKinds } from "../test-support/test-database";
import { PgBossJobQueue, stableJobId } from "./job-queue";

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** A logger that keeps its warnings' messages. */
function recording(): { log: Logger; warnings: string[] } {
  const warnings: string[] = [];
  return { log: { ...silent, warn: (_fields: unknown, message?: string) => void warnings.push(String(message)) }, warnings };
}

describe.each(testDatabaseKinds("database-behaviour"))("the job queue on $name", (kind) => {
  let database: DatabaseHandle | undefined;
  let queue: PgBossJobQueue | undefined;
  afterEach(async () => {
    await queue?.stop();
    await database?.close();
    queue = database = undefined;
  });

  it("starts on a database whose job tables pg-boss 10 made, replacing them and queueing their unfinished jobs again", async () => {
    database = await kind.open();
    const waiting = stableJobId("chunk", 1);
    const running = stableJobId("chunk", 2);
    // What pg-boss 10 leaves (schema version 24), reduced to what the upgrade reads.
    await database.executeSql(
      `create schema pgboss; create table pgboss.version (version int primary key); insert into pgboss.version values (24);
       create table pgboss.job (id uuid, name text, state text, data jsonb, dead_letter text);
       insert into pgboss.job values
         ('${waiting}', 'public-refresh', 'created', '{"chunk": 1}', 'public-refresh-failed'),
         ('${running}', 'public-refresh', 'active', '{"chunk": 2}', 'public-refresh-failed'),
         (gen_random_uuid(), 'public-refresh', 'completed', '{"chunk": 0}', 'public-refresh-failed'),
         (gen_random_uuid(), 'watch-alerts', 'retry', '{"session": "2026-11-26"}', null);`,
    );
    const { log, warnings } = recording();
    queue = new PgBossJobQueue(database, { log, jobTimeoutSeconds: 30 });
    await queue.send("a-queue", [{ id: stableJobId("after the upgrade"), data: { n: 1 } }]);
    expect(await queue.counts("a-queue")).toEqual({ created: 1 });
    const { rows } = await database.executeSql("select max(version)::int as version from pgboss.version");
    expect(Number(rows[0]?.version)).toBeGreaterThanOrEqual(25);
    // The unfinished jobs are queued again with their ids, data and dead-letter queue; the finished one is not.
    const { rows: carried } = await database.executeSql(
      "select name, id::text as id, data, dead_letter, state::text as state from pgboss.job where name <> 'a-queue' order by name, id",
    );
    expect(carried).toEqual(
      expect.arrayContaining([
        { name: "public-refresh", id: waiting, data: { chunk: 1 }, dead_letter: "public-refresh-failed", state: "created" },
        { name: "public-refresh", id: running, data: { chunk: 2 }, dead_letter: "public-refresh-failed", state: "created" },
        expect.objectContaining({ name: "watch-alerts", data: { session: "2026-11-26" }, dead_letter: null, state: "created" }),
      ]),
    );
    expect(carried).toHaveLength(3);
    const { rows: leftover } = await database.executeSql("select to_regclass('pgboss10_carried_jobs') is not null as present");
    expect(leftover[0]?.present).toBe(false);
    // pg-boss's background work (its own migrations' index builds among it) runs without an error.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(warnings).toEqual([expect.stringContaining("replaced pg-boss 10's job tables"), expect.stringContaining("queued again")]);
  });

  it("queues the jobs copied out of pg-boss 10's tables at the next start when the last one stopped before it could", async () => {
    database = await kind.open();
    await database.executeSql(
      `create table pgboss10_carried_jobs (name text not null, id uuid not null, data jsonb, dead_letter text);
       insert into pgboss10_carried_jobs values ('public-refresh', '${stableJobId("left", 1)}', '{"n": 1}', null);`,
    );
    queue = new PgBossJobQueue(database, { log: silent, jobTimeoutSeconds: 30 });
    expect(await queue.counts("public-refresh")).toEqual({ created: 1 });
  });

  it("reports the queue's depth per state to the metrics", async () => {
    database = await kind.open();
    const depths = new Map<string, number>();
    const metrics = { jobStarted: () => undefined, jobFinished: () => undefined, setQueueDepth: (queue: string, state: string, count: number) => void depths.set(`${queue}/${state}`, count) };
    queue = new PgBossJobQueue(database, { log: silent, jobTimeoutSeconds: 30, metrics, queueDepthIntervalMs: 100 });
    await queue.send("a-queue", [1, 2].map((n) => ({ id: stableJobId("depth", n), data: { n } })));
    await expect.poll(() => depths.get("a-queue/created"), { timeout: 5_000 }).toBe(2);
  });

  it("keeps the jobs of its own schema when it starts again", async () => {
    database = await kind.open();
    const first = new PgBossJobQueue(database, { log: silent, jobTimeoutSeconds: 30 });
    await first.send("a-queue", [{ id: stableJobId("kept"), data: { n: 1 } }]);
    await first.stop();
    queue = new PgBossJobQueue(database, { log: silent, jobTimeoutSeconds: 30 });
    expect(await queue.counts("a-queue")).toEqual({ created: 1 });
  });
});
