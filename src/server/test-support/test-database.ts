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

function postgresKind(adminUrl: string): TestDatabaseKind {
  return {
    name: "postgres",
    async open() {
      const name = `quanta_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = await openPostgres(url.toString(), { migrate: true });
      return {
        ...handle,
        close: async () => {
          await handle.close();
          const dropper = new pg.Client({ connectionString: adminUrl });
          await dropper.connect();
          await dropper.query(`drop database if exists ${name} with (force)`);
          await dropper.end();
        },
      };
    },
  };
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export const testDatabaseKinds: TestDatabaseKind[] = testDatabaseUrl
  ? [pgliteKind, postgresKind(testDatabaseUrl)]
  : [pgliteKind];
