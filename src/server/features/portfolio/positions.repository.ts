import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { oversold, replayFifo } from "../../../core/portfolio/lots";
import type { Trade } from "../../../core/portfolio/portfolio-types";
import { planImport, type RowError, type TransactionRow } from "../../../core/portfolio/transactions-csv";
import type { Database } from "../../db/database";
import { positions, positionTrades, users } from "../../db/schema";

export type PositionRow = typeof positions.$inferSelect;
type TradeRow = typeof positionTrades.$inferSelect;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A position with its trades, oldest first. */
export interface StoredPosition {
  row: PositionRow;
  trades: Trade[];
}

export interface NewPosition {
  ticker: string;
  source: "report" | "manual";
  stop: number | null;
  timeExit: string | null;
  plan: unknown;
  trade: Omit<Trade, "id">;
}

export interface PositionPatch {
  stop?: number | null;
  timeExit?: string | null;
  priceAbove?: number | null;
  priceBelow?: number | null;
}

type Limit = number | null;
export type CreateResult = { id: string } | { problem: "limit" };
export type TradeResult = { ok: true } | { problem: "not_found" | "limit" | "already_open" } | { problem: "oversold"; held: number };
export type ImportResult = { imported: number; opened: number } | { problem: "limit"; open: number } | { problem: "invalid"; errors: RowError[] };

const toTrade = (row: TradeRow): Trade => ({ id: row.id, date: row.tradeDate, side: row.side as Trade["side"], shares: row.shares, price: row.price, fees: row.fees });
// One date's buys before its sells: a position's own trades never sell what a same-day buy brings.
const tradeOrder = [asc(positionTrades.tradeDate), sql`case when ${positionTrades.side} = 'buy' then 0 else 1 end`, asc(positionTrades.createdAt), asc(positionTrades.id)];

/** The one owner of `positions` and `position_trades`: every read and write is scoped by the user. */
export class PositionsRepository {
  constructor(private readonly db: Database) {}

  private async withTrades(db: Database | Tx, rows: PositionRow[]): Promise<StoredPosition[]> {
    if (rows.length === 0) return [];
    const trades = await db.select().from(positionTrades).where(inArray(positionTrades.positionId, rows.map((row) => row.id))).orderBy(...tradeOrder);
    const byPosition = new Map<string, Trade[]>(rows.map((row) => [row.id, []]));
    for (const trade of trades) byPosition.get(trade.positionId)?.push(toTrade(trade));
    return rows.map((row) => ({ row, trades: byPosition.get(row.id) ?? [] }));
  }

  /** Every position of the user, oldest first. */
  async list(userId: string): Promise<StoredPosition[]> {
    const rows = await this.db.select().from(positions).where(eq(positions.userId, userId)).orderBy(asc(positions.createdAt), asc(positions.id));
    return this.withTrades(this.db, rows);
  }

  /** Null when the id is unknown or another user's: the caller answers both the same way. */
  async get(userId: string, id: string): Promise<StoredPosition | null> {
    const rows = await this.db.select().from(positions).where(and(eq(positions.userId, userId), eq(positions.id, id)));
    return (await this.withTrades(this.db, rows))[0] ?? null;
  }

  /** Locks the user's row, so limit checks sent at once (to any instance) count one after another. */
  private async lockUser(tx: Tx, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  }

  private async openCount(tx: Tx, userId: string): Promise<number> {
    const [{ open } = { open: 0 }] = await tx.select({ open: sql<number>`count(*)::int` }).from(positions).where(and(eq(positions.userId, userId), isNull(positions.closedOn)));
    return open;
  }

  /**
   * Opens a position with its first buy, unless the user holds `limit` open positions already; a buy
   * of a ticker the user already holds is added to that position (one open position per ticker).
   */
  async create(userId: string, input: NewPosition, limit: Limit, now: Date): Promise<CreateResult> {
    return this.db.transaction(async (tx) => {
      await this.lockUser(tx, userId);
      const [held] = await tx.select({ id: positions.id }).from(positions).where(and(eq(positions.userId, userId), eq(positions.ticker, input.ticker), isNull(positions.closedOn)));
      if (held) {
        await tx.insert(positionTrades).values({ id: randomUUID(), positionId: held.id, userId, tradeDate: input.trade.date, ...tradeValues(input.trade), createdAt: now });
        await this.refresh(tx, held.id, now);
        return { id: held.id };
      }
      if (limit !== null && (await this.openCount(tx, userId)) >= limit) return { problem: "limit" as const };
      const id = randomUUID();
      await tx.insert(positions).values({
        id,
        userId,
        ticker: input.ticker,
        openedOn: input.trade.date,
        stop: input.stop,
        stopSetAt: input.stop === null ? null : now,
        initialStop: input.stop,
        timeExit: input.timeExit,
        source: input.source,
        plan: input.plan ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(positionTrades).values({ id: randomUUID(), positionId: id, userId, tradeDate: input.trade.date, ...tradeValues(input.trade), createdAt: now });
      return { id };
    });
  }

  /** Recomputes opened_on and closed_on from the trades (FIFO replay). */
  private async refresh(tx: Tx, positionId: string, now: Date): Promise<void> {
    const trades = (await tx.select().from(positionTrades).where(eq(positionTrades.positionId, positionId)).orderBy(...tradeOrder)).map(toTrade);
    const replay = replayFifo(trades);
    await tx
      .update(positions)
      .set({ openedOn: trades[0]?.date ?? sql`${positions.openedOn}`, closedOn: replay.shares === 0 ? replay.closedOn : null, updatedAt: now })
      .where(eq(positions.id, positionId));
  }

  /**
   * Adds a buy or sell to the user's position; the position row is locked so two sells at once cannot
   * both pass the check. A buy that reopens a closed position counts against the limit.
   */
  async addTrade(userId: string, id: string, trade: Omit<Trade, "id">, limit: Limit, now: Date): Promise<TradeResult> {
    return this.db.transaction(async (tx) => {
      await this.lockUser(tx, userId);
      const [row] = await tx.select().from(positions).where(and(eq(positions.userId, userId), eq(positions.id, id))).for("update");
      if (!row) return { problem: "not_found" as const };
      const [stored] = await this.withTrades(tx, [row]);
      const trades = [...stored!.trades, { ...trade, id: "new" }];
      const over = oversold(trades);
      if (over) return { problem: "oversold" as const, held: over.held };
      if (row.closedOn !== null && trade.side === "buy") {
        const [other] = await tx.select({ id: positions.id }).from(positions).where(and(eq(positions.userId, userId), eq(positions.ticker, row.ticker), isNull(positions.closedOn)));
        if (other) return { problem: "already_open" as const };
        if (limit !== null && (await this.openCount(tx, userId)) >= limit) return { problem: "limit" as const };
      }
      await tx.insert(positionTrades).values({ id: randomUUID(), positionId: id, userId, tradeDate: trade.date, ...tradeValues(trade), createdAt: now });
      await this.refresh(tx, id, now);
      return { ok: true as const };
    });
  }

  /** Moves the stop (the first stop set becomes the initial one), sets the time exit or re-arms a price level. */
  async update(userId: string, id: string, patch: PositionPatch, now: Date): Promise<boolean> {
    const set: Partial<typeof positions.$inferInsert> = { updatedAt: now };
    if (patch.stop !== undefined) {
      set.stop = patch.stop;
      set.stopSetAt = patch.stop === null ? null : now;
    }
    if (patch.timeExit !== undefined) set.timeExit = patch.timeExit;
    if (patch.priceAbove !== undefined) Object.assign(set, { priceAbove: patch.priceAbove, priceAboveSetAt: patch.priceAbove === null ? null : now, priceAboveFiredOn: null });
    if (patch.priceBelow !== undefined) Object.assign(set, { priceBelow: patch.priceBelow, priceBelowSetAt: patch.priceBelow === null ? null : now, priceBelowFiredOn: null });
    const updated = await this.db
      .update(positions)
      .set({ ...set, ...(patch.stop != null ? { initialStop: sql`coalesce(${positions.initialStop}, ${patch.stop})` } : {}) })
      .where(and(eq(positions.userId, userId), eq(positions.id, id)))
      .returning({ id: positions.id });
    return updated.length > 0;
  }

  /** False when the id is unknown or another user's. The trades go with it (cascade). */
  async remove(userId: string, id: string): Promise<boolean> {
    const removed = await this.db.delete(positions).where(and(eq(positions.userId, userId), eq(positions.id, id))).returning({ id: positions.id });
    return removed.length > 0;
  }

  /**
   * Imports a file's rows, all or nothing: planned against the open positions read under the user's
   * lock, refused when a row oversells or the open positions would pass `limit`.
   */
  async importRows(userId: string, rows: readonly TransactionRow[], limit: Limit, now: Date): Promise<ImportResult> {
    return this.db.transaction(async (tx) => {
      await this.lockUser(tx, userId);
      const openRows = await tx.select().from(positions).where(and(eq(positions.userId, userId), isNull(positions.closedOn)));
      const open = await this.withTrades(tx, openRows);
      const plan = planImport(open.map(({ row, trades }) => ({ id: row.id, ticker: row.ticker, trades })), rows);
      if (!plan.ok) return { problem: "invalid" as const, errors: plan.errors };
      const openAfter = open.length - plan.added.filter((a) => a.closedOn !== null).length + plan.opened.filter((p) => p.closedOn === null).length;
      if (limit !== null && openAfter > limit) return { problem: "limit" as const, open: openAfter };
      let tick = 0;
      // Later rows get later created_at, so one date's trades keep the file's order.
      const at = () => new Date(now.getTime() + tick++);
      const inserts: (typeof positionTrades.$inferInsert)[] = [];
      for (const planned of plan.opened) {
        const id = randomUUID();
        const { ticker, openedOn, closedOn, stop, initialStop } = planned;
        await tx.insert(positions).values({ id, userId, ticker, openedOn, closedOn, stop, stopSetAt: stop === null ? null : now, initialStop, source: "import", createdAt: at(), updatedAt: now });
        for (const trade of planned.trades) inserts.push({ id: randomUUID(), positionId: id, userId, tradeDate: trade.date, ...tradeValues(trade), createdAt: at() });
      }
      for (const addition of plan.added) {
        for (const trade of addition.trades) inserts.push({ id: randomUUID(), positionId: addition.positionId, userId, tradeDate: trade.date, ...tradeValues(trade), createdAt: at() });
        if (addition.stop !== null) await tx.update(positions).set({ stop: addition.stop, stopSetAt: now }).where(eq(positions.id, addition.positionId));
      }
      for (let i = 0; i < inserts.length; i += 500) await tx.insert(positionTrades).values(inserts.slice(i, i + 500));
      for (const addition of plan.added) await this.refresh(tx, addition.positionId, now);
      return { imported: rows.length, opened: plan.opened.length };
    });
  }

  /** Open positions with their trades, of every user (the holder alerts' job). */
  async heldPositions(): Promise<(StoredPosition & { userId: string })[]> {
    const rows = await this.db.select().from(positions).where(isNull(positions.closedOn)).orderBy(asc(positions.createdAt), asc(positions.id));
    return (await this.withTrades(this.db, rows)).map((stored) => ({ ...stored, userId: stored.row.userId }));
  }

  /** Tickers someone holds, so their daily snapshots are kept and evaluated. */
  async heldTickers(): Promise<string[]> {
    const rows = await this.db.selectDistinct({ ticker: positions.ticker }).from(positions).where(isNull(positions.closedOn)).orderBy(asc(positions.ticker));
    return rows.map((row) => row.ticker);
  }
}

function tradeValues(trade: Omit<Trade, "id" | "date">): Pick<typeof positionTrades.$inferInsert, "side" | "shares" | "price" | "fees"> {
  return { side: trade.side, shares: trade.shares, price: trade.price, fees: trade.fees };
}
