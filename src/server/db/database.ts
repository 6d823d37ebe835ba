import path from "node:path";
import { existsSync } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock";
import { projectPath } from "../project-root";
import { copyPgliteTemplate } from "./pglite-template";

type Schema = typeof schema;
/** The Drizzle handle every repository takes; the same for PGlite and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Database;
  /**
   * Raw SQL for libraries that bring their own statements (the pg-boss job queue): one statement with
   * $n parameters, or several statements without parameters; answers the rows of every statement in
   * order (pg-boss's contract for a database adapter: its multi-statement commands read them all).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = projectPath("drizzle");

/** PostgreSQL through node-postgres: the production choice (DATABASE_URL). */
export async function openPostgres(
  url: string,
  options: { migrate: boolean; onIdleClientError?: (error: Error) => void },
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle pooled connection can be cut by the server (restart, failover, admin command). Without
  // a listener node-postgres rethrows that as an uncaught exception; the pool replaces the client.
  pool.on(
    "error",
    options.onIdleClientError ??
      ((error) => process.stderr.write(`PostgreSQL closed an idle connection: ${error.message}\n`)),
  );
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  if (options.migrate) {
    // Instances starting together migrate one at a time: the others wait, then find nothing to do.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock(hashtext('quanta:migrations'))");
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('quanta:migrations'))").catch(() => undefined);
      client.release();
    }
  }
  return {
    kind: "postgres",
    db,
    executeSql: async (text, values) => {
      const result = await pool.query(text, values);
      // A multi-statement text answers one result per statement.
      const results = Array.isArray(result) ? (result as pg.QueryResult[]) : [result];
      return { rows: results.flatMap((each) => each.rows ?? []) as Record<string, unknown>[] };
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** An already-open PGlite (on disk, or in memory in tests) wrapped as a DatabaseHandle. */
export async function wrapPglite(
  client: PGlite,
  options: { migrate: boolean; onClose?: () => Promise<void> },
): Promise<DatabaseHandle> {
  const native = drizzlePglite(client, { schema });
  if (options.migrate) await migratePglite(native, { migrationsFolder });
  const db = native as unknown as Database;
  return {
    kind: "pglite",
    db,
    executeSql: async (text, values) => {
      if (values && values.length > 0) return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.flatMap((each) => each.rows) as Record<string, unknown>[] };
    },
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      await client.close();
      await options.onClose?.();
    },
  };
}

/** The embedded database folder cannot be used as it is; the message names it and what to do. */
export class DataDirDamagedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DataDirDamagedError";
  }
}

/**
 * An existing pg/ folder must hold a database: an empty or half-made one (an interrupted first start,
 * a volume that did not mount) is never silently turned into a new, empty database.
 */
async function checkEmbeddedDatabaseFolder(folder: string): Promise<void> {
  if (!existsSync(folder) || existsSync(path.join(folder, "PG_VERSION"))) return;
  const entries = await readdir(folder);
  throw new DataDirDamagedError(
    `${folder} exists but holds no database (${entries.length === 0 ? "it is empty" : "PG_VERSION is missing"}). ` +
      `If your data should be here, restore DATA_DIR from a backup (or mount the volume that holds it). ` +
      `If this is a new installation, remove the folder ${folder} and start again.`,
  );
}

/**
 * Embedded PostgreSQL under $DATA_DIR/pg. A second process on the same directory would corrupt it,
 * so this takes the data directory's lock first and fails with a clear message if it is held.
 */
export async function openPgliteOnDisk(dataDir: string): Promise<DatabaseHandle> {
  await mkdir(dataDir, { recursive: true });
  const lock: DataDirLock = acquireDataDirLock(dataDir);
  try {
    const folder = path.join(dataDir, "pg");
    await checkEmbeddedDatabaseFolder(folder);
    // A new data directory starts as a copy of the migrated template `npm run build` made, if any.
    if (!existsSync(folder)) await copyPgliteTemplate(folder);
    let client: PGlite;
    try {
      client = await PGlite.create(folder);
    } catch (error) {
      throw new DataDirDamagedError(
        `The embedded database in ${folder} could not be opened (${error instanceof Error ? error.message : String(error)}). ` +
          `Restore DATA_DIR from a backup, or move it away (mv ${dataDir} ${dataDir}.damaged) to start with an empty database.`,
      );
    }
    return await wrapPglite(client, { migrate: true, onClose: async () => lock.release() });
  } catch (error) {
    lock.release();
    throw error;
  }
}

export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { migrate: true })
    : openPgliteOnDisk(config.dataDir);
}
