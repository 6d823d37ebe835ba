import { and, eq, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { symbolDirectory, symbolDirectoryLoads } from "../../db/schema";

export interface ListedSymbol {
  ticker: string;
  name: string;
}

/** Rows inserted per statement when a list is stored (FMP lists tens of thousands of symbols). */
const INSERT_BATCH = 1000;

/** `q` as a LIKE pattern's literal text (its %, _ and \ match themselves). */
const likeLiteral = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The `symbol_directory` and `symbol_directory_loads` tables: each provider's list of symbols,
 * the local index ticker suggestions search, and when it was last fetched.
 */
export class SymbolDirectoryRepository {
  constructor(private readonly db: Database) {}

  /**
   * Claims the right to fetch `provider`'s list now: true for one caller, on any instance, per
   * `everyMs` (the claim is taken before the fetch, so a failed fetch waits for the next period too).
   */
  async claimLoad(provider: string, at: Date, everyMs: number): Promise<boolean> {
    const due = new Date(at.getTime() - everyMs);
    const rows = await this.db
      .insert(symbolDirectoryLoads)
      .values({ provider, attemptedAt: at })
      .onConflictDoUpdate({
        target: symbolDirectoryLoads.provider,
        set: { attemptedAt: at },
        setWhere: lte(symbolDirectoryLoads.attemptedAt, due),
      })
      .returning({ provider: symbolDirectoryLoads.provider });
    return rows.length > 0;
  }

  /** Replaces `provider`'s list with `symbols` in one transaction (searches see the old or the new list). */
  async replace(provider: string, symbols: readonly ListedSymbol[], at: Date): Promise<void> {
    const unique = new Map<string, ListedSymbol>();
    for (const symbol of symbols) if (symbol.ticker && !unique.has(symbol.ticker)) unique.set(symbol.ticker, symbol);
    const rows = [...unique.values()].map((symbol) => ({ provider, ticker: symbol.ticker, name: symbol.name }));
    await this.db.transaction(async (tx) => {
      await tx.delete(symbolDirectory).where(eq(symbolDirectory.provider, provider));
      for (let i = 0; i < rows.length; i += INSERT_BATCH) await tx.insert(symbolDirectory).values(rows.slice(i, i + INSERT_BATCH));
      await tx.update(symbolDirectoryLoads).set({ loadedAt: at, symbols: rows.length }).where(eq(symbolDirectoryLoads.provider, provider));
    });
  }

  /**
   * Symbols whose ticker or name matches `q`, best first: the exact ticker, tickers starting with
   * `q`, names starting with it, then names containing it; shorter tickers first within each.
   */
  async search(provider: string, q: string, limit: number): Promise<ListedSymbol[]> {
    const text = q.trim();
    if (!text) return [];
    const exact = text.toUpperCase();
    const prefix = `${likeLiteral(text)}%`;
    const inside = `%${likeLiteral(text)}%`;
    return this.db
      .select({ ticker: symbolDirectory.ticker, name: symbolDirectory.name })
      .from(symbolDirectory)
      .where(and(eq(symbolDirectory.provider, provider), or(sql`${symbolDirectory.ticker} ilike ${prefix}`, sql`${symbolDirectory.name} ilike ${inside}`)))
      .orderBy(
        sql`case when upper(${symbolDirectory.ticker}) = ${exact} then 0 when ${symbolDirectory.ticker} ilike ${prefix} then 1 when ${symbolDirectory.name} ilike ${prefix} then 2 else 3 end`,
        sql`length(${symbolDirectory.ticker})`,
        symbolDirectory.ticker,
      )
      .limit(limit);
  }
}
