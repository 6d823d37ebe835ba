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

  it("starts on a database whose job tables pg-boss 10 made, replacing them", async () => {
    database = await kind.open();
    // What pg-boss 10 leaves (schema version 24), reduced to what the upgrade reads.
    await database.executeSql(
      `create schema pgboss; create table pgboss.version (version int primary key); insert into pgboss.version values (24);
       create table pgboss.job (id uuid, name text, state text); insert into pgboss.job values (gen_random_uuid(), 'public-refresh', 'created');`,
    );
    const { log, warnings } = recording();
    queue = new PgBossJobQueue(database, { log, jobTimeoutSeconds: 30 });
    await queue.send("a-queue", [{ id: stableJobId("after the upgrade"), data: { n: 1 } }]);
    expect(await queue.counts("a-queue")).toEqual({ created: 1 });
    const { rows } = await database.executeSql("select max(version)::int as version from pgboss.version");
    expect(Number(rows[0]?.version)).toBeGreaterThanOrEqual(25);
    // pg-boss's background work (its own migrations' index builds among it) runs without an error.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(warnings).toEqual([expect.stringContaining("replaced pg-boss 10's job tables")]);
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
