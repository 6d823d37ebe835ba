import { priceEvent, stockEvents, type AlertEvent } from "../../../core/alerts/alert-rules";
import { watchSnapshot, type WatchSnapshot } from "../../../core/alerts/watch-snapshot";
import type { AnalysisReport } from "../../../core/analysis/analysis-report";
import { holderEvents, type HeldPosition } from "../../../core/portfolio/holder-rules";
import type { MailSender } from "../../adapters/mail/mail-sender";
import type { Clock } from "../../clock";
import { inLanes } from "../../jobs/in-lanes";
import type { Logger } from "../../logger";
import { alertDigestEmail } from "./alert-digest";
import { keepSnapshots } from "./kept-snapshots";
import type { AlertRunsRepository, AlertRunSummary } from "./alert-runs.repository";
import type { AlertsRepository, DigestRecipient } from "./alerts.repository";
import type { UnsubscribeLinks } from "./unsubscribe-link";
import type { WatchlistRepository } from "./watchlist.repository";

/** The queue the alerts' jobs run on (the daily refresh's pg-boss, decision 024). */
export const WATCH_ALERTS_QUEUE = "watch-alerts";

/**
 * `evaluate` stores the screened stocks' snapshots and hands the watched stocks outside the universe
 * to `snapshots` jobs, each carrying its own slice (so no job runs past its time-out); when every
 * slice has finished, done or failed for good (a count in the database), one `raise` job raises the
 * alerts; `digest` sends a batch of users' e-mails.
 */
export type AlertJob =
  | { kind: "evaluate"; runKey: string }
  | { kind: "snapshots"; runKey: string; slice: number; tickers: string[] }
  | { kind: "raise"; runKey: string }
  | { kind: "digest"; session: string; recipients: DigestRecipient[] };

interface AlertQueue {
  send(name: string, jobs: { id: string; data: AlertJob }[]): Promise<void>;
  work(name: string, concurrency: number, handler: (data: AlertJob, job: { lastAttempt: boolean }) => Promise<void>): Promise<void>;
  counts(name: string): Promise<Record<string, number>>;
}

/** One open position the holder alerts watch: the rules' view of it and whose it is. */
export interface HeldPositionRow extends HeldPosition {
  userId: string;
}

/** A position's price level that fired on `session`, to be spent (as `firePriceAlerts` spends a watch list's). */
export interface FiredHolderLevel {
  userId: string;
  positionId: string;
  direction: "above" | "below";
  level: number;
  setAt: string;
  session: string;
}

/**
 * The portfolio's side of the alert job (decision 063): the open positions whose holders get alerts
 * against their own stop and plan. The portfolio feature implements it over its own tables and the
 * composition wires it in; the job never reads those tables itself. Without it the job raises the
 * watch lists' alerts only.
 */
export interface HolderAlertsPort {
  /** Every open position (closed ones raise nothing), with its stop, time exit and price levels. */
  heldPositions(): Promise<HeldPositionRow[]>;
  /**
   * Marks fired levels spent (`fired_on = session`), each only while it is still the level set at
   * `setAt` and not yet fired, so a second run or a level set again meanwhile is left alone. Answers how many.
   */
  spendPriceLevels(fired: FiredHolderLevel[]): Promise<number>;
}

export interface AlertJobsDeps {
  queue: AlertQueue;
  watchlist: WatchlistRepository;
  alerts: AlertsRepository;
  runs: AlertRunsRepository;
  /** The daily screen's stored analyses of these tickers (those in the public universe). */
  screenedReports(tickers: string[]): Promise<AnalysisReport[]>;
  /** Analyses a watched stock the screen does not cover (on the analysis threads). */
  analyze(ticker: string): Promise<AnalysisReport>;
  /** Stocks analysed at once for the watched stocks outside the universe. */
  parallelism: number;
  /** Watched stocks outside the universe analysed per job (the refresh's chunk size). */
  sliceSize: number;
  mail: MailSender;
  links: UnsubscribeLinks;
  brand: string;
  appUrl: string;
  /** The market is the demo market: the digest says its prices are simulated. */
  demo: boolean;
  jobIds: (...parts: (string | number)[]) => string;
  /** Users per digest job. */
  digestBatch?: number;
  /** A digest claimed but not sent for this long (its instance died) is claimed again by the job's retry. */
  claimTimeoutMs: number;
  /** The open positions' holder alerts (decision 063), when the portfolio is wired in. */
  holders?: HolderAlertsPort;
  now: Clock;
  log: Logger;
}

export interface EvaluationResult {
  session: string | null;
  tickers: number;
  analysed: number;
  events: number;
  alerts: number;
  priceAlerts: number;
  /** Alerts of open positions given to their holders. */
  holderAlerts: number;
  recipients: number;
}

/**
 * The alerts after each daily refresh (decision 032), as queued jobs any instance takes:
 * one evaluation per run (snapshots of every watched stock, their events, each user's alerts in one
 * statement), then digest jobs of a few hundred users each. Every step is idempotent: unique keys
 * keep events and alerts single, and a digest is claimed before it is sent.
 */
export class AlertJobsService {
  private working: Promise<void> | null = null;

  constructor(private readonly deps: AlertJobsDeps) {}

  /** Takes the alerts' jobs in this process from now on (the server and `quanta worker` call it at start). */
  startWorking(): Promise<void> {
    this.working ??= this.deps.queue.work(WATCH_ALERTS_QUEUE, 1, (job, { lastAttempt }) => this.handle(job, lastAttempt));
    return this.working;
  }

  /** The alerts queue's jobs by state (`quanta jobs`). */
  queueCounts(): Promise<Record<string, number>> {
    return this.deps.queue.counts(WATCH_ALERTS_QUEUE);
  }

  /** The newest evaluations with their failed tickers (`quanta jobs`). */
  recentRuns(limit: number): Promise<AlertRunSummary[]> {
    return this.deps.runs.recent(limit);
  }

  /** Queues the evaluation of a finished refresh run (the refresh calls it; the same run queues it once). */
  async afterRefresh(runKey: string): Promise<void> {
    await this.deps.queue.send(WATCH_ALERTS_QUEUE, [{ id: this.deps.jobIds(WATCH_ALERTS_QUEUE, runKey, "evaluate"), data: { kind: "evaluate", runKey } }]);
  }

  private async handle(job: AlertJob, lastAttempt: boolean): Promise<void> {
    switch (job.kind) {
      case "evaluate":
        return this.startEvaluation(job.runKey);
      case "snapshots":
        return this.runSlice(job.runKey, job.slice, job.tickers, lastAttempt);
      case "raise": {
        const result = await this.raiseAlerts();
        await this.deps.runs.markRaised(job.runKey, this.deps.now());
        this.deps.log.info({ runKey: job.runKey, ...result }, "alerts: watch lists evaluated");
        return;
      }
      case "digest":
        await this.sendDigests(job.session, job.recipients);
        return;
    }
  }

  /**
   * Stores the screened stocks' snapshots, records the run with the watched stocks outside the
   * universe (a retry reuses the list its first attempt stored) and queues one job per slice.
   */
  private async startEvaluation(runKey: string): Promise<void> {
    const now = this.deps.now();
    await this.deps.runs.prune(new Date(now.getTime() - ALERT_RUNS_KEPT_DAYS * 86_400_000));
    const rest = await this.screenedSnapshots();
    const run = await this.deps.runs.start(runKey, rest, this.deps.sliceSize, now);
    const jobs: { id: string; data: AlertJob }[] = [];
    for (let from = 0, slice = 0; from < run.tickers.length; from += run.sliceSize, slice += 1) {
      jobs.push({ id: this.deps.jobIds(WATCH_ALERTS_QUEUE, runKey, "snapshots", slice), data: { kind: "snapshots", runKey, slice, tickers: run.tickers.slice(from, from + run.sliceSize) } });
    }
    if (jobs.length === 0) return this.queueRaise(runKey);
    await this.deps.queue.send(WATCH_ALERTS_QUEUE, jobs);
  }

  /**
   * Analyses one slice. On its last attempt a failure no longer stops the run: the slice's tickers
   * are recorded as failed (`quanta jobs`, the log), the others' alerts are raised, and the next
   * session compares the failed stocks with their last snapshot, so it catches them up.
   */
  private async runSlice(runKey: string, slice: number, tickers: string[], lastAttempt: boolean): Promise<void> {
    let outcome: { failed: string[]; error?: string };
    try {
      outcome = { failed: await this.analyseSlice(tickers) };
    } catch (error) {
      if (!lastAttempt) throw error;
      this.deps.log.error({ runKey, slice, tickers, err: error }, "alerts: a slice of watched stocks failed on every attempt; they are left out of this session");
      outcome = { failed: tickers, error: error instanceof Error ? error.message : String(error) };
    }
    const unfinished = await this.deps.runs.finishSlice(runKey, slice, outcome, this.deps.now());
    if (unfinished === 0) await this.queueRaise(runKey);
  }

  /** One raise per run: slices finishing at once may both ask, the stable job id keeps it single. */
  private async queueRaise(runKey: string): Promise<void> {
    await this.deps.queue.send(WATCH_ALERTS_QUEUE, [{ id: this.deps.jobIds(WATCH_ALERTS_QUEUE, runKey, "raise"), data: { kind: "raise", runKey } }]);
  }

  private async heldPositions(): Promise<HeldPositionRow[]> {
    return (await this.deps.holders?.heldPositions()) ?? [];
  }

  /** Stores the snapshots of the watched (and held) stocks the daily screen analysed; answers the others (sorted). */
  private async screenedSnapshots(): Promise<string[]> {
    const tickers = alertTickers(await this.deps.watchlist.watchedTickers(), await this.heldPositions());
    const snapshots = (await this.deps.screenedReports(tickers)).map(watchSnapshot);
    await this.keepSnapshots(snapshots);
    const covered = new Set(snapshots.map((snapshot) => snapshot.ticker));
    return tickers.filter((ticker) => !covered.has(ticker)).sort();
  }

  /** Analyses watched stocks the screen does not cover (on the analysis threads), stores their snapshots; answers those that failed. */
  private async analyseSlice(tickers: string[]): Promise<string[]> {
    const snapshots: WatchSnapshot[] = [];
    const failed: string[] = [];
    await inLanes(tickers, this.deps.parallelism, async (ticker) => {
      try {
        snapshots.push(watchSnapshot(await this.deps.analyze(ticker)));
      } catch (error) {
        failed.push(ticker);
        this.deps.log.warn({ ticker, err: error }, "alerts: a watched stock could not be analysed; it is skipped this session");
      }
    });
    await this.keepSnapshots(snapshots);
    return failed.sort();
  }

  private async keepSnapshots(snapshots: WatchSnapshot[]): Promise<void> {
    await keepSnapshots(this.deps.watchlist, snapshots, this.deps.now());
  }

  /**
   * Evaluates every watch list against the latest session and queues the digests, in this process
   * (what the jobs do one slice at a time). Safe to run again.
   */
  async evaluate(): Promise<EvaluationResult> {
    const rest = await this.screenedSnapshots();
    for (let from = 0; from < rest.length; from += this.deps.sliceSize) await this.analyseSlice(rest.slice(from, from + this.deps.sliceSize));
    return { ...(await this.raiseAlerts()), analysed: rest.length };
  }

  /**
   * Compares every watched stock's snapshot of the latest session with the one before, stores the
   * events, gives every watcher their alerts, spends crossed price alerts and queues the digests.
   */
  private async raiseAlerts(): Promise<Omit<EvaluationResult, "analysed">> {
    const now = this.deps.now();
    const held = await this.heldPositions();
    const tickers = alertTickers(await this.deps.watchlist.watchedTickers(), held);
    const session = await this.deps.watchlist.latestSession(tickers);
    if (session === null) return { session, tickers: tickers.length, events: 0, alerts: 0, priceAlerts: 0, holderAlerts: 0, recipients: 0 };
    // A stock whose data did not reach the latest session has nothing new to say.
    const current = await this.deps.watchlist.snapshotsAt(tickers, session);
    const before = await this.deps.watchlist.latestSnapshots(current.map((snapshot) => snapshot.ticker), session);

    const events = current.flatMap((snapshot) => stockEvents(before.get(snapshot.ticker) ?? null, snapshot));
    await this.deps.alerts.addStockEvents(events, now);
    // A holder is told about the stock against their own stop (below), not by the watch list's sell.
    const alerts = await this.deps.alerts.fanOut(session, held);
    const holderAlerts = await this.raiseHolderAlerts(held, session, current, before, now);

    const fired = (await this.deps.alerts.priceAlertCandidates(session)).flatMap((candidate) => {
      const event = priceEvent({ direction: candidate.direction, level: candidate.level, setAt: candidate.setAt }, { ticker: candidate.ticker, session, close: candidate.close });
      return event ? [{ candidate, event }] : [];
    });
    const priceAlerts = await this.deps.alerts.firePriceAlerts(fired, now);
    // The rules compare a session with the one before: older snapshots, and those of stocks no one watches or holds, are dropped.
    await this.deps.watchlist.pruneSnapshots(SNAPSHOT_SESSIONS_KEPT, [...new Set(held.map((position) => position.ticker))]);

    const recipients = await this.deps.alerts.digestRecipients(session);
    const batch = this.deps.digestBatch ?? 250;
    const jobs: { id: string; data: AlertJob }[] = [];
    for (let start = 0; start < recipients.length; start += batch) {
      const group = recipients.slice(start, start + batch);
      jobs.push({ id: this.deps.jobIds(WATCH_ALERTS_QUEUE, session, "digest", group[0]!.userId, group.length), data: { kind: "digest", session, recipients: group } });
    }
    await this.deps.queue.send(WATCH_ALERTS_QUEUE, jobs);
    return { session, tickers: tickers.length, events: events.length, alerts, priceAlerts, holderAlerts, recipients: recipients.length };
  }

  /**
   * Each open position's alerts of the session (core/portfolio/holder-rules.ts) into its holder's
   * alerts, once by their keys, then the fired price levels spent. Answers the alerts added.
   */
  private async raiseHolderAlerts(held: HeldPositionRow[], session: string, current: WatchSnapshot[], before: Map<string, WatchSnapshot>, now: Date): Promise<number> {
    if (held.length === 0 || !this.deps.holders) return 0;
    const snapshots = new Map(current.map((snapshot) => [snapshot.ticker, snapshot]));
    const found = held.flatMap((position) => {
      const snapshot = snapshots.get(position.ticker);
      return snapshot ? holderEvents(position, before.get(position.ticker) ?? null, snapshot, session).map((event) => ({ position, event })) : [];
    });
    const added = await this.deps.alerts.addUserAlerts(
      found.map(({ position, event }) => ({ userId: position.userId, event })),
      now,
    );
    const levels = found.flatMap(({ position, event }): FiredHolderLevel[] => {
      const direction = event.rule === "holder_price_above" ? "above" : event.rule === "holder_price_below" ? "below" : null;
      const level = direction === "above" ? position.priceAbove : direction === "below" ? position.priceBelow : null;
      return direction && level ? [{ userId: position.userId, positionId: position.positionId, direction, level: level.level, setAt: level.setAt, session }] : [];
    });
    if (levels.length > 0) await this.deps.holders.spendPriceLevels(levels);
    return added;
  }

  /** Sends each recipient's digest of the session once: claimed first, given back if sending fails (the job is retried). */
  async sendDigests(session: string, recipients: DigestRecipient[]): Promise<number> {
    const rows = await this.deps.alerts.sessionAlerts(
      recipients.map((recipient) => recipient.userId),
      session,
    );
    const byUser = new Map<string, AlertEvent[]>();
    for (const row of rows) {
      const list = byUser.get(row.userId) ?? [];
      list.push({ ticker: row.ticker, rule: row.rule as AlertEvent["rule"], key: row.eventKey, session: row.session, title: row.title, detail: row.detail });
      byUser.set(row.userId, list);
    }
    const now = this.deps.now();
    const due = recipients.filter((recipient) => (byUser.get(recipient.userId)?.length ?? 0) > 0);
    const claimed = await this.deps.alerts.claimDigests(
      due.map((recipient) => ({ userId: recipient.userId, alerts: byUser.get(recipient.userId)!.length })),
      session,
      now,
      new Date(now.getTime() - this.deps.claimTimeoutMs),
    );
    const mine = due.filter((recipient) => claimed.has(recipient.userId));
    const sentTo: string[] = [];
    // A few e-mails at a time: the mailer waits on the network (SMTP) or the disk (the outbox).
    const send = async (recipient: DigestRecipient) => {
      const message = alertDigestEmail({
        brand: this.deps.brand,
        appUrl: this.deps.appUrl,
        to: recipient.email,
        session,
        alerts: rankForDigest(byUser.get(recipient.userId)!),
        demo: this.deps.demo,
        unsubscribe: { user: recipient.userId, token: this.deps.links.token(recipient.userId, recipient.unsubscribeVersion ?? 0) },
      });
      await this.deps.mail.send(message);
      sentTo.push(recipient.userId);
    };
    try {
      await inLanes(mine, DIGEST_SENDS_AT_ONCE, send);
    } catch (error) {
      // The ones sent stay sent; the rest are given back for the job's retry.
      await this.deps.alerts.markDigestsSent(sentTo, session, this.deps.now());
      await this.deps.alerts.releaseDigests(
        mine.map((recipient) => recipient.userId).filter((userId) => !sentTo.includes(userId)),
        session,
      );
      throw error;
    }
    await this.deps.alerts.markDigestsSent(sentTo, session, this.deps.now());
    const sent = sentTo.length;
    return sent;
  }
}

/** Each watched stock's newest sessions kept: the latest and the one it is compared with. */
const SNAPSHOT_SESSIONS_KEPT = 2;

/** Evaluations (and their failed tickers) kept for operators. */
const ALERT_RUNS_KEPT_DAYS = 30;

/** Digest e-mails a job sends at once. */
const DIGEST_SENDS_AT_ONCE = 8;

/** A held position's stop first, then the other sells (money at risk), then buys, then the rest; by ticker within a rule. */
const DIGEST_ORDER: Record<AlertEvent["rule"], number> = {
  holder_stop: 0,
  sell: 1,
  holder_sell: 2,
  holder_time_exit: 3,
  holder_price_below: 4,
  price_below: 5,
  buy: 6,
  holder_price_above: 7,
  price_above: 8,
  extended: 9,
  new_base: 10,
};

function rankForDigest(alerts: AlertEvent[]): AlertEvent[] {
  return [...alerts].sort((a, b) => DIGEST_ORDER[a.rule] - DIGEST_ORDER[b.rule] || a.ticker.localeCompare(b.ticker));
}

/** The stocks the job follows: every watched one and every held one, sorted. */
function alertTickers(watched: string[], held: HeldPositionRow[]): string[] {
  return [...new Set([...watched, ...held.map((position) => position.ticker)])].sort();
}
