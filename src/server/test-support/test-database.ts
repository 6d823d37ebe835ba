import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, readdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { migrationsFolder, openPostgres, wrapPglite, type DatabaseHandle } from "../db/database";

/**
 * Databases for tests: PGlite always (each test gets an empty migrated database), and a real
 * PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it) and the test is about the
 * database's behaviour (testDatabaseKinds below), each test on its own database copied from a
 * migrated template.
 */
export interface TestDatabaseKind {
  name: "pglite" | "postgres";
  open(): Promise<DatabaseHandle>;
}

let pgliteTemplate: Promise<Blob> | undefined;

// Creating and migrating a PGlite takes ≈5 s and opening one from a dump ≈1 s, against ≈30 ms to
// empty one. So the migrated dump is kept on disk (keyed by the migrations and PGlite's version, so
// a change to either makes a new one), and a closed test database is emptied and handed to the next
// test of the same file instead of being thrown away.
const templateFolder = path.resolve(migrationsFolder, "../.tmp/pglite-templates");

/** A hash of the migrations, and of `engine` (what runs them), naming a migrated template. */
async function templateKey(engine: string): Promise<string> {
  const hash = createHash("sha256");
  hash.update(`${engine}\n`);
  for (const entry of (await readdir(migrationsFolder, { recursive: true })).sort()) {
    const file = path.join(migrationsFolder, entry);
    if (!(await stat(file)).isFile()) continue;
    hash.update(`${entry}\n`);
    hash.update(await readFile(file));
  }
  return hash.digest("hex").slice(0, 16);
}

function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const pgliteManifest = JSON.parse(
      await readFile(path.resolve(migrationsFolder, "../node_modules/@electric-sql/pglite/package.json"), "utf8"),
    ) as { version: string };
    const file = path.join(templateFolder, `${await templateKey(`pglite ${pgliteManifest.version}`)}.tar`);
    const cached = await readFile(file).catch(() => undefined);
    if (cached) return new Blob([cached]);
    const client = await PGlite.create();
    const handle = await wrapPglite(client, { migrate: true });
    const dump = await client.dumpDataDir("none");
    await handle.close();
    // Written under a temporary name and renamed, so a parallel worker never reads half a file.
    await mkdir(templateFolder, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  })();
  return pgliteTemplate;
}

const idlePglites: PGlite[] = [];

/** Empties every table of the app's schema; false when the client is not in a state to be reused. */
async function emptied(client: PGlite): Promise<boolean> {
  try {
    const { rows } = await client.query<{ name: string }>(
      "select quote_ident(tablename) as name from pg_tables where schemaname = 'public'",
    );
    // Triggers off for this session: the track record's calls refuse TRUNCATE (append-only), and a test's leftovers must go.
    if (rows.length > 0) {
      await client.exec(
        `set session_replication_role = replica; truncate table ${rows.map((row) => row.name).join(", ")} restart identity cascade; reset session_replication_role`,
      );
    }
    // The job queue's jobs (pg-boss keeps its own schema), so no test takes another's leftover jobs.
    const queue = await client.query("select 1 from pg_tables where schemaname = 'pgboss' and tablename = 'job'");
    if (queue.rows.length > 0) await client.exec("truncate table pgboss.job");
    await client.query("select pg_advisory_unlock_all()");
    return true;
  } catch {
    return false;
  }
}

const pgliteKind: TestDatabaseKind = {
  name: "pglite",
  async open() {
    const client = idlePglites.pop() ?? (await PGlite.create({ loadDataDir: await migratedPgliteTemplate() }));
    const handle = await wrapPglite(client, { migrate: false });
    let closed = false;
    return {
      ...handle,
      close: async () => {
        if (closed) return;
        closed = true;
        if (await emptied(client)) idlePglites.push(client);
        else await client.close();
      },
    };
  },
};

/** A freshly created database on the server at `adminUrl` (empty, or a copy of `template`), and how to drop it again. */
export async function createScratchDatabase(
  adminUrl: string,
  prefix = "quanta_test",
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      // Let the pool's connections finish closing before the drop, so none is cut mid-close.
      await waitUntilUnused(dropper, name);
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Waits until no session is connected to `database` (a closed pool's connections take a moment to go). */
async function waitUntilUnused(admin: pg.Client, database: string): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const { rows } = await admin.query<{ open: string }>("select count(*) as open from pg_stat_activity where datname = $1", [database]);
    if (rows[0]?.open === "0") return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const POSTGRES_TEMPLATE_PREFIX = "quanta_template";

/**
 * The migrated template on the server, named by the migrations' hash: made once (by whichever test
 * worker comes first, under an advisory lock the others wait on) and copied by CREATE DATABASE …
 * TEMPLATE for each test, which takes a fraction of running the migrations again. It is migrated
 * under a temporary name and renamed when done, so a half-migrated template is never copied.
 */
async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `${POSTGRES_TEMPLATE_PREFIX}_${await templateKey("postgres")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(hashtext('quanta:test-template'))");
    const { rows } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (rows.length > 0) return name;
    const partial = await createScratchDatabase(adminUrl, `${POSTGRES_TEMPLATE_PREFIX}_partial`);
    const handle = await openPostgres(partial.url, { migrate: true });
    await handle.close();
    const partialName = new URL(partial.url).pathname.slice(1);
    await waitUntilUnused(admin, partialName);
    await admin.query(`alter database ${partialName} rename to ${name}`);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock(hashtext('quanta:test-template'))").catch(() => undefined);
    await admin.end();
  }
}

function postgresKind(adminUrl: string): TestDatabaseKind {
  let template: Promise<string> | undefined;
  return {
    name: "postgres",
    async open() {
      template ??= migratedPostgresTemplate(adminUrl);
      const scratch = await createScratchDatabase(adminUrl, "quanta_test", await template);
      // Dropping the database below ends its connections; those errors are expected here.
      const handle = await openPostgres(scratch.url, { migrate: false, onIdleClientError: () => undefined });
      return {
        ...handle,
        close: async () => {
          await handle.close();
          await scratch.drop();
        },
      };
    },
  };
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const postgres = testDatabaseUrl ? postgresKind(testDatabaseUrl) : undefined;

/**
 * What a test file's database is for, which says where it runs:
 * - "database-behaviour": the test checks what the database does (its queries and constraints, locks,
 *   transactions, the job queue, limits shared between instances through it): PGlite, and PostgreSQL
 *   too when TEST_DATABASE_URL is set, since the two engines can differ there.
 * - "storage-only": the database only keeps what the test checks (routes, validation, rendering,
 *   a service's rules): PGlite alone; the repositories it goes through are checked on both elsewhere.
 */
export type TestDatabaseRole = "database-behaviour" | "storage-only";

export function testDatabaseKinds(role: TestDatabaseRole): TestDatabaseKind[] {
  return role === "database-behaviour" && postgres ? [pgliteKind, postgres] : [pgliteKind];
}
