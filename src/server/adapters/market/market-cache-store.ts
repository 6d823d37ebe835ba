import { eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import { marketCache } from "../../db/schema";

export interface MarketCacheRecord {
  /** The cached value as JSON (bars as plain number arrays). */
  payload: unknown;
  fetchedAt: Date;
  expiresAt: Date;
}

/** Where the market-data cache keeps what it fetched, beyond the process's memory. */
export interface MarketCacheStore {
  read(key: string): Promise<MarketCacheRecord | null>;
  write(key: string, record: MarketCacheRecord): Promise<void>;
}

/**
 * The `market_cache` table. The database may still be opening when the first analysis arrives
 * (main.ts listens first), so it takes the handle as a promise.
 */
export class DatabaseMarketCacheStore implements MarketCacheStore {
  constructor(private readonly database: Promise<Database> | Database) {}

  async read(key: string): Promise<MarketCacheRecord | null> {
    const db = await this.database;
    const [row] = await db.select().from(marketCache).where(eq(marketCache.key, key)).limit(1);
    return row ? { payload: row.payload, fetchedAt: row.fetchedAt, expiresAt: row.expiresAt } : null;
  }

  async write(key: string, record: MarketCacheRecord): Promise<void> {
    const db = await this.database;
    const values = { key, payload: record.payload, fetchedAt: record.fetchedAt, expiresAt: record.expiresAt };
    await db
      .insert(marketCache)
      .values(values)
      .onConflictDoUpdate({ target: marketCache.key, set: { payload: values.payload, fetchedAt: values.fetchedAt, expiresAt: values.expiresAt } });
  }
}
