import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openPostgres, wrapPglite, type DatabaseHandle } from "../db/database";

/**
 * Databases for tests: PGlite always (a migrated template cloned per test, ≈1 s instead of a fresh
 * initdb), and a real PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it), each test
 * on its own freshly created database.
 */
export interface TestDatabaseKind {
  name: "pglite" | "postgres";
  open(): Promise<DatabaseHandle>;
}

let pgliteTemplate: Promise<Blob> | undefined;

function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const client = await PGlite.create();
    const handle = await wrapPglite(client, { migrate: true });
    const dump = await client.dumpDataDir("none");
    await handle.close();
    return dump;
  })();
  return pgliteTemplate;
}

const pgliteKind: TestDatabaseKind = {
  name: "pglite",
  async open() {
    const client = await PGlite.create({ loadDataDir: await migratedPgliteTemplate() });
    return wrapPglite(client, { migrate: false });
  },
};

/** A freshly created, empty database on the server at `adminUrl`, and how to drop it again. */
export async function createScratchDatabase(adminUrl: string, prefix = "quanta_test"): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      // Let the pool's connections finish closing before the drop, so none is cut mid-close.
      for (let attempt = 0; attempt < 40; attempt++) {
        const { rows } = await dropper.query<{ open: string }>("select count(*) as open from pg_stat_activity where datname = $1", [name]);
        if (rows[0]?.open === "0") break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

function postgresKind(adminUrl: string): TestDatabaseKind {
  return {
    name: "postgres",
    async open() {
      const scratch = await createScratchDatabase(adminUrl);
      // Dropping the database below ends its connections; those errors are expected here.
      const handle = await openPostgres(scratch.url, { migrate: true, onIdleClientError: () => undefined });
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

export const testDatabaseKinds: TestDatabaseKind[] = testDatabaseUrl
  ? [pgliteKind, postgresKind(testDatabaseUrl)]
  : [pgliteKind];
