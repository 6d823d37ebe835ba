import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { providerBlocks, providerCalls } from "../../db/schema";

/** What one reservation asks for: the provider's limits (null = no limit on that window). */
export interface ReservationRequest {
  provider: string;
  perSecond: number | null;
  perDay: number | null;
  /** Which day counter: `main` ('d:<day>') or `search` ('q:<day>', the ticker look-ups' own share). */
  lane?: "main" | "search";
  /**
   * A call reserved this close to the end of a second counts in (and is sent in) the next one, so
   * that no call reserved in second N reaches the provider in second N + 1.
   */
  guardMs: number;
}

/** The answer, with the database's clock (every instance shares it) in milliseconds. */
export type Reservation =
  | { outcome: "granted"; nowMs: number; second: number; secondCalls: number; dayCalls: number }
  | { outcome: "blocked"; nowMs: number; blockedUntilMs: number; reason: string }
  | { outcome: "second_full"; nowMs: number; second: number }
  | { outcome: "day_full"; nowMs: number; second: number };

/** How long a per-second row is kept after its second (the clean-up deletes it later). */
const SECOND_ROW_TTL_SECONDS = 60;
/** No limit: the window is still counted (metrics, `quanta jobs`), never refused. */
const UNLIMITED = 2_147_483_647;

interface ReservationRow extends Record<string, unknown> {
  now_ms: number | string;
  second: number | string;
  blocked_until_ms: number | string | null;
  reason: string | null;
  second_calls: number | string | null;
  day_calls: number | string | null;
}

/** The day window's prefix of each lane: the two shares of a day are counted apart. */
const DAY_PREFIX = { main: "d:", search: "q:" } as const;

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

/**
 * The provider call budget in the database, shared by every instance: `provider_calls` counts calls
 * per second (`s:<epoch second>`) and per UTC day (`d:<YYYY-MM-DD>`; `q:<YYYY-MM-DD>` for the ticker
 * look-ups' own share), `provider_blocks` holds a
 * provider's Retry-After. Times come from the database's clock, so instances with skewed clocks
 * still count in the same windows.
 */
export class ProviderBudgetRepository {
  constructor(private readonly db: Database) {}

  /**
   * Takes one call from the second's and the day's allowance in one statement (so one transaction),
   * unless the provider is blocked. Each window is an `insert … on conflict do update … where calls
   * < limit`: the row lock makes concurrent reservations from any instance queue, and a full
   * window returns no row. A full day leaves the second's slot taken: no call can be made that day
   * anyway.
   */
  async reserve(request: ReservationRequest): Promise<Reservation> {
    const perSecond = request.perSecond ?? UNLIMITED;
    const perDay = request.perDay ?? UNLIMITED;
    const result = (await this.db.execute(sql`
      with clock as (
        select (extract(epoch from clock_timestamp()) * 1000)::float8 as now_ms
      ), slot as (
        select now_ms, floor((now_ms + ${request.guardMs}::float8) / 1000)::float8 as second from clock
      ), block as (
        select (extract(epoch from b.blocked_until) * 1000)::float8 as until_ms, b.reason
        from ${providerBlocks} b, slot
        where b.provider = ${request.provider} and b.blocked_until > to_timestamp(slot.now_ms / 1000)
      ), s as (
        insert into ${providerCalls} (provider, "window", calls, expires_at)
        select ${request.provider}, 's:' || slot.second::bigint, 1, to_timestamp(slot.second + ${SECOND_ROW_TTL_SECONDS}::float8)
        from slot where not exists (select 1 from block)
        on conflict (provider, "window") do update set calls = ${providerCalls}.calls + 1
        where ${providerCalls}.calls < ${perSecond}::int
        returning calls
      ), d as (
        insert into ${providerCalls} (provider, "window", calls, expires_at)
        select ${request.provider}, ${DAY_PREFIX[request.lane ?? "main"]}::text || to_char(to_timestamp(slot.second) at time zone 'UTC', 'YYYY-MM-DD'), 1,
          (date_trunc('day', to_timestamp(slot.second) at time zone 'UTC') + interval '2 days') at time zone 'UTC'
        from slot where exists (select 1 from s)
        on conflict (provider, "window") do update set calls = ${providerCalls}.calls + 1
        where ${providerCalls}.calls < ${perDay}::int
        returning calls
      )
      select
        (select now_ms from slot) as now_ms,
        (select second from slot) as second,
        (select until_ms from block) as blocked_until_ms,
        (select reason from block) as reason,
        (select calls from s) as second_calls,
        (select calls from d) as day_calls
    `)) as unknown as { rows: ReservationRow[] };
    const row = result.rows[0];
    if (!row) throw new Error("provider budget: the reservation returned no row");
    const nowMs = Number(row.now_ms);
    const second = Number(row.second);
    const blockedUntilMs = num(row.blocked_until_ms);
    if (blockedUntilMs !== null) return { outcome: "blocked", nowMs, blockedUntilMs, reason: row.reason ?? "" };
    const secondCalls = num(row.second_calls);
    if (secondCalls === null) return { outcome: "second_full", nowMs, second };
    const dayCalls = num(row.day_calls);
    if (dayCalls === null) return { outcome: "day_full", nowMs, second };
    return { outcome: "granted", nowMs, second, secondCalls, dayCalls };
  }

  /**
   * No instance calls the provider for `ms` from now (the database's clock). A block already
   * reaching further is kept.
   */
  async block(provider: string, ms: number, reason: string): Promise<void> {
    const until = sql`clock_timestamp() + ${Math.max(0, Math.round(ms))}::int * interval '1 millisecond'`;
    await this.db
      .insert(providerBlocks)
      .values({ provider, blockedUntil: until, reason })
      .onConflictDoUpdate({
        target: providerBlocks.provider,
        set: {
          blockedUntil: sql`greatest(${providerBlocks.blockedUntil}, excluded.blocked_until)`,
          reason: sql`case when excluded.blocked_until > ${providerBlocks.blockedUntil} then excluded.reason else ${providerBlocks.reason} end`,
        },
      });
  }

  /**
   * Gives back the day's call of a slot that was not used (its second passed before it could be
   * sent); the second's count stays, that second is over.
   */
  async releaseDay(provider: string, second: number, lane: "main" | "search" = "main"): Promise<void> {
    const day = `${DAY_PREFIX[lane]}${new Date(second * 1000).toISOString().slice(0, 10)}`;
    await this.db
      .update(providerCalls)
      .set({ calls: sql`${providerCalls.calls} - 1` })
      .where(and(eq(providerCalls.provider, provider), eq(providerCalls.window, day), sql`${providerCalls.calls} > 0`));
  }

  /** Calls counted in one window (`s:<epoch second>` or `d:<YYYY-MM-DD>`); 0 when none. */
  async calls(provider: string, window: string): Promise<number> {
    const [row] = await this.db
      .select({ calls: providerCalls.calls })
      .from(providerCalls)
      .where(and(eq(providerCalls.provider, provider), eq(providerCalls.window, window)));
    return row?.calls ?? 0;
  }

  /** Deletes the provider's expired windows; how many. */
  async deleteExpired(provider: string): Promise<number> {
    const rows = await this.db
      .delete(providerCalls)
      .where(and(eq(providerCalls.provider, provider), lt(providerCalls.expiresAt, sql`clock_timestamp()`)))
      .returning({ window: providerCalls.window });
    return rows.length;
  }
}
