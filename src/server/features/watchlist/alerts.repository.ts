import { randomUUID } from "node:crypto";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { AlertEvent } from "../../../core/alerts/alert-rules";
import { alertKindSchema, type AlertKind } from "../../../contracts/watchlist";
import type { Database } from "../../db/database";
import { alertDigests, userAlerts, watchEvents } from "../../db/schema";

export type UserAlertRow = typeof userAlerts.$inferSelect;

/** A price alert whose stock closed beyond its level on the session. */
export interface PriceAlertCandidate {
  userId: string;
  ticker: string;
  direction: "above" | "below";
  level: number;
  setAt: string;
  close: number;
}

export interface DigestRecipient {
  userId: string;
  email: string;
  /** Signed into the digest's unsubscribe link (absent in digest jobs queued before versions: 0). */
  unsubscribeVersion?: number;
}

/** Statements of a few hundred rows: short writes on the embedded database too. */
const BATCH = 500;

/**
 * The alerts' tables (decision 032): each stock event once, each user's alert once (unique keys do
 * the de-duplication, so a job that runs twice adds nothing), the digests claimed before they go out.
 * The users' switches (alert_settings) are WatchlistRepository's; the statements here only read them.
 */
export class AlertsRepository {
  constructor(private readonly db: Database) {}

  /** Stores the stocks' events; one already stored (the same ticker, rule and key) is left as it was. */
  async addStockEvents(events: AlertEvent[], now: Date): Promise<void> {
    for (let start = 0; start < events.length; start += BATCH) {
      const batch = events.slice(start, start + BATCH);
      await this.db
        .insert(watchEvents)
        .values(batch.map((event) => ({ id: randomUUID(), ticker: event.ticker, rule: event.rule, eventKey: event.key, session: event.session, title: event.title, detail: event.detail, createdAt: now })))
        .onConflictDoNothing();
    }
  }

  /**
   * Turns the session's stock events into alerts of the users who watch the stock, with the rule on
   * both for the stock and in their settings, and who watched it before the event was seen. One
   * statement for every user: how 10,000 lists are evaluated in seconds.
   */
  async fanOut(session: string, held: { userId: string; ticker: string }[] = []): Promise<number> {
    // Holders get their position's alerts instead of the list's sell (decision 063): the pairs come from the portfolio's port.
    const heldUsers = sql.param(held.map((pair) => pair.userId));
    const heldTickers = sql.param(held.map((pair) => pair.ticker));
    const result = await this.db.execute(sql`
      insert into user_alerts (id, user_id, ticker, rule, event_key, session, title, detail, created_at)
      select gen_random_uuid()::text, w.user_id, e.ticker, e.rule, e.event_key, e.session, e.title, e.detail, e.created_at
      from stock_events e
      join watch_items w on w.ticker = e.ticker and w.created_at < e.created_at
      left join alert_settings s on s.user_id = w.user_id
      where e.session = ${session}
        and case e.rule
          when 'buy' then w.rule_buy and coalesce(s.rule_buy, true)
          when 'sell' then w.rule_sell and coalesce(s.rule_sell, true)
            and not exists (select 1 from unnest(${heldUsers}::text[], ${heldTickers}::text[]) as h(user_id, ticker) where h.user_id = w.user_id and h.ticker = e.ticker)
          when 'extended' then w.rule_extended and coalesce(s.rule_extended, true)
          when 'new_base' then w.rule_new_base and coalesce(s.rule_new_base, true)
          else false
        end
      on conflict (user_id, ticker, rule, event_key) do nothing`);
    return rowCount(result);
  }

  /** Gives users alerts raised for them alone (a held position's); one already given (same user, ticker, rule and key) is left as it was. Answers how many were added. */
  async addUserAlerts(rows: { userId: string; event: AlertEvent }[], now: Date): Promise<number> {
    let added = 0;
    for (let start = 0; start < rows.length; start += BATCH) {
      const inserted = await this.db
        .insert(userAlerts)
        .values(
          rows.slice(start, start + BATCH).map(({ userId, event }) => ({
            id: randomUUID(),
            userId,
            ticker: event.ticker,
            rule: event.rule,
            eventKey: event.key,
            session: event.session,
            title: event.title,
            detail: event.detail,
            createdAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: userAlerts.id });
      added += inserted.length;
    }
    return added;
  }

  /** Armed price alerts whose stock closed beyond the level on the session (with price alerts on in the user's settings). */
  async priceAlertCandidates(session: string): Promise<PriceAlertCandidate[]> {
    const result = await this.db.execute(sql`
      select w.user_id, w.ticker, s.close,
        w.price_above, w.price_above_set_at, w.price_above_fired_on,
        w.price_below, w.price_below_set_at, w.price_below_fired_on
      from watch_items w
      join watch_snapshots s on s.ticker = w.ticker and s.session = ${session}
      left join alert_settings st on st.user_id = w.user_id
      where coalesce(st.rule_price, true)
        and ((w.price_above is not null and w.price_above_fired_on is null and s.close > w.price_above and w.price_above_set_at < s.created_at)
          or (w.price_below is not null and w.price_below_fired_on is null and s.close < w.price_below and w.price_below_set_at < s.created_at))`);
    const candidates: PriceAlertCandidate[] = [];
    for (const row of rowsOf(result)) {
      const close = Number(row.close);
      const base = { userId: String(row.user_id), ticker: String(row.ticker), close };
      if (row.price_above !== null && row.price_above_fired_on === null && close > Number(row.price_above)) {
        candidates.push({ ...base, direction: "above", level: Number(row.price_above), setAt: isoOf(row.price_above_set_at) });
      }
      if (row.price_below !== null && row.price_below_fired_on === null && close < Number(row.price_below)) {
        candidates.push({ ...base, direction: "below", level: Number(row.price_below), setAt: isoOf(row.price_below_set_at) });
      }
    }
    return candidates;
  }

  /**
   * Spends price alerts and records their user alerts in one statement per batch: an alert is
   * marked fired only if it is still the one set at `setAt` and not fired, and only those get a user
   * alert, so a second run (or a level changed meanwhile) adds nothing. Answers how many fired.
   */
  async firePriceAlerts(fired: { candidate: PriceAlertCandidate; event: AlertEvent }[], now: Date): Promise<number> {
    let total = 0;
    for (const direction of ["above", "below"] as const) {
      const column = sql.raw(direction === "above" ? "price_above" : "price_below");
      const rows = fired.filter((entry) => entry.candidate.direction === direction);
      for (let start = 0; start < rows.length; start += BATCH) {
        const values = sql.join(
          rows.slice(start, start + BATCH).map(
            ({ candidate, event }) =>
              sql`(${candidate.userId}, ${candidate.ticker}, ${candidate.level}::double precision, ${candidate.setAt}::timestamptz, ${event.rule}, ${event.key}, ${event.session}::date, ${event.title}, ${event.detail})`,
          ),
          sql`, `,
        );
        const result = await this.db.execute(sql`
          with fired (user_id, ticker, level, set_at, rule, event_key, session, title, detail) as (values ${values}),
          spent as (
            update watch_items w set ${column}_fired_on = f.session
            from fired f
            where w.user_id = f.user_id and w.ticker = f.ticker and w.${column} = f.level and w.${column}_set_at = f.set_at and w.${column}_fired_on is null
            returning w.user_id, w.ticker
          )
          insert into user_alerts (id, user_id, ticker, rule, event_key, session, title, detail, created_at)
          select gen_random_uuid()::text, f.user_id, f.ticker, f.rule, f.event_key, f.session, f.title, f.detail, ${now.toISOString()}::timestamptz
          from fired f join spent s on s.user_id = f.user_id and s.ticker = f.ticker
          on conflict (user_id, ticker, rule, event_key) do nothing`);
        total += rowCount(result);
      }
    }
    return total;
  }

  /** Users with alerts on the session, the digest on, a verified e-mail, and no digest of the session yet. */
  async digestRecipients(session: string): Promise<DigestRecipient[]> {
    const result = await this.db.execute(sql`
      select distinct a.user_id, u.email, coalesce(s.unsubscribe_version, 0) as unsubscribe_version
      from user_alerts a
      join users u on u.id = a.user_id
      left join alert_settings s on s.user_id = a.user_id
      left join alert_digests d on d.user_id = a.user_id and d.session = a.session
      where a.session = ${session} and u.email_verified and coalesce(s.digest, true) and d.user_id is null
      order by a.user_id`);
    return rowsOf(result).map((row) => ({ userId: String(row.user_id), email: String(row.email), unsubscribeVersion: Number(row.unsubscribe_version) }));
  }

  /**
   * Claims the users' digests of the session in one statement; answers the users claimed. A claim
   * never sent and older than `staleBefore` (its job's instance died mid-batch) is claimed again.
   */
  async claimDigests(claims: { userId: string; alerts: number }[], session: string, now: Date, staleBefore: Date): Promise<Set<string>> {
    if (claims.length === 0) return new Set();
    const claimed = await this.db
      .insert(alertDigests)
      .values(claims.map((claim) => ({ userId: claim.userId, session, alerts: claim.alerts, createdAt: now })))
      .onConflictDoUpdate({
        target: [alertDigests.userId, alertDigests.session],
        set: { createdAt: now },
        setWhere: sql`${alertDigests.sentAt} is null and ${alertDigests.createdAt} < ${staleBefore.toISOString()}::timestamptz`,
      })
      .returning({ userId: alertDigests.userId });
    return new Set(claimed.map((row) => row.userId));
  }

  async markDigestsSent(userIds: string[], session: string, now: Date): Promise<void> {
    if (userIds.length === 0) return;
    await this.db.update(alertDigests).set({ sentAt: now }).where(and(eq(alertDigests.session, session), sql`${alertDigests.userId} = any(${sql.param(userIds)}::text[])`));
  }

  /** Gives claims back when sending failed, so the retried job sends them. */
  async releaseDigests(userIds: string[], session: string): Promise<void> {
    if (userIds.length === 0) return;
    await this.db.delete(alertDigests).where(and(eq(alertDigests.session, session), sql`${alertDigests.userId} = any(${sql.param(userIds)}::text[])`, sql`${alertDigests.sentAt} is null`));
  }

  /** A user's alerts of one session, for the digest. */
  async sessionAlerts(userIds: string[], session: string): Promise<UserAlertRow[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select()
      .from(userAlerts)
      .where(and(eq(userAlerts.session, session), sql`${userAlerts.userId} = any(${sql.param(userIds)}::text[])`))
      .orderBy(userAlerts.userId, userAlerts.ticker, userAlerts.rule);
  }

  /**
   * A user's alerts about their positions since `since`, newest first, each with the position it is
   * about (the key's `pos:<id>:` prefix, core/portfolio/holder-rules.ts): the portfolio lists them on its rows.
   */
  async holderAlerts(userId: string, since: Date): Promise<{ positionId: string; kind: AlertKind; session: string; title: string }[]> {
    const rows = await this.db
      .select({ rule: userAlerts.rule, eventKey: userAlerts.eventKey, session: userAlerts.session, title: userAlerts.title })
      .from(userAlerts)
      .where(and(eq(userAlerts.userId, userId), gte(userAlerts.createdAt, since), sql`left(${userAlerts.rule}, 7) = 'holder_'`))
      .orderBy(desc(userAlerts.createdAt), userAlerts.ticker);
    return rows.flatMap((row) => {
      const position = /^pos:(.+):(?:stop|time|sell|price_above|price_below):/.exec(row.eventKey)?.[1];
      const kind = alertKindSchema.safeParse(row.rule);
      return position && kind.success ? [{ positionId: position, kind: kind.data, session: row.session, title: row.title }] : [];
    });
  }

  /** The bell: a user's alerts since `since`, newest first. */
  async recent(userId: string, since: Date, limit = 200): Promise<UserAlertRow[]> {
    return this.db
      .select()
      .from(userAlerts)
      .where(and(eq(userAlerts.userId, userId), gte(userAlerts.createdAt, since)))
      .orderBy(desc(userAlerts.createdAt), userAlerts.ticker)
      .limit(limit);
  }
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

function rowCount(result: unknown): number {
  const value = result as { rowCount?: number | null; affectedRows?: number };
  return Number(value.rowCount ?? value.affectedRows ?? 0);
}

function isoOf(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}
