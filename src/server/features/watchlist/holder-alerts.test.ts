import { afterEach, describe, expect, it } from "vitest";
import type { Alerts } from "../../../contracts/alerts";
import { watchSnapshotOf } from "../../../core/alerts/test-fixtures";
import { userAlerts, watchSnapshots } from "../../db/schema";
import { MemoryMailSender } from "../../test-support/memory-mail-sender";
import { testDatabaseKinds } from "../../test-support/test-database";
import { apiHeaders, createVerifiedUser, json, startTestApp, TEST_AUTH_SECRET, type TestApp } from "../../test-support/test-app";
import { AlertJobsService, type AlertJob, type FiredHolderLevel, type HeldPositionRow, type HolderAlertsPort } from "./alert-jobs.service";
import { AlertRunsRepository } from "./alert-runs.repository";
import { AlertsRepository } from "./alerts.repository";
import { UnsubscribeLinks } from "./unsubscribe-link";
import { WatchlistRepository } from "./watchlist.repository";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The portfolio's port, in memory: the positions as given, their fired levels spent here. */
class MemoryHolders implements HolderAlertsPort {
  spent: FiredHolderLevel[] = [];
  constructor(public positions: HeldPositionRow[]) {}
  heldPositions(): Promise<HeldPositionRow[]> {
    return Promise.resolve(this.positions.map((position) => ({ ...position })));
  }
  spendPriceLevels(fired: FiredHolderLevel[]): Promise<number> {
    let count = 0;
    for (const level of fired) {
      const position = this.positions.find((held) => held.positionId === level.positionId && held.userId === level.userId);
      const key = level.direction === "above" ? "priceAbove" : "priceBelow";
      const current = position?.[key];
      if (!position || !current || current.setAt !== level.setAt || current.firedOn !== null) continue;
      position[key] = { ...current, firedOn: level.session };
      this.spent.push(level);
      count += 1;
    }
    return Promise.resolve(count);
  }
}

/** The job on the test app's database with a queue the test drives by hand: what it sends waits in `sent`. */
function jobOn(app: TestApp, holders: HolderAlertsPort) {
  const sent: AlertJob[] = [];
  let handler: ((data: AlertJob, job: { lastAttempt: boolean }) => Promise<void>) | undefined;
  const mailbox = new MemoryMailSender();
  const silent = { debug() {}, info() {}, warn() {}, error() {} };
  const service = new AlertJobsService({
    queue: {
      send: (_name, jobs) => Promise.resolve(void sent.push(...jobs.map((job) => job.data))),
      work: (_name, _concurrency, work) => Promise.resolve(void (handler = work)),
      counts: () => Promise.resolve({}),
    },
    watchlist: new WatchlistRepository(app.database.db),
    alerts: new AlertsRepository(app.database.db),
    runs: new AlertRunsRepository(app.database.db),
    screenedReports: () => Promise.resolve([]),
    analyze: () => Promise.reject(new Error("not analysed in this test")),
    parallelism: 1,
    sliceSize: 10,
    mail: mailbox,
    links: new UnsubscribeLinks(() => TEST_AUTH_SECRET),
    brand: "Quanta",
    appUrl: "http://localhost",
    demo: false,
    jobIds: (...parts) => parts.join(":"),
    claimTimeoutMs: 60_000,
    holders,
    now: () => new Date(),
    log: silent,
  });
  /** Runs one job, then every job it queued (the digests), as the queue would. */
  const run = async (job: AlertJob) => {
    await service.startWorking();
    const queue = [job];
    while (queue.length > 0) {
      const next = queue.shift()!;
      sent.length = 0;
      await handler!(next, { lastAttempt: true });
      queue.push(...sent.filter((queued) => queued.kind === "digest"));
    }
  };
  return { service, run, sent, mail: mailbox.messages };
}

const MON = "2026-06-15";
const TUE = "2026-06-16";
const SET_BEFORE = "2026-06-12T22:00:00.000Z";

function held(userId: string, positionId: string, ticker: string, fields: Partial<HeldPositionRow> = {}): HeldPositionRow {
  return { userId, positionId, ticker, stop: null, stopSetAt: null, openedOn: "2026-06-12", timeExit: null, priceAbove: null, priceBelow: null, ...fields };
}

describe.each(testDatabaseKinds("database-behaviour"))("holder alerts in the alert job on $name", (kind) => {
  it("gives a holder their position's alert in the bell and the digest once, instead of the watch list's sell", async () => {
    t = await startTestApp(kind);
    const app = t;
    const alice = await createVerifiedUser(app, "alice@example.com");
    const bob = await createVerifiedUser(app, "bob@example.com");
    // Both watch NWSC; Alice also holds it with her own stop at 48. Bob holds QBIT, which no one watches.
    for (const user of [alice, bob]) {
      expect((await app.app.inject({ method: "POST", url: "/api/watchlist", headers: apiHeaders(user.jwt), payload: { ticker: "NWSC" } })).statusCode).toBe(201);
    }
    const holders = new MemoryHolders([
      held(alice.userId, "pos-a", "NWSC", { stop: 48, stopSetAt: SET_BEFORE }),
      held(bob.userId, "pos-b", "QBIT", { priceAbove: { level: 30, setAt: SET_BEFORE, firedOn: null } }),
    ]);
    const job = jobOn(app, holders);

    // The evaluation asks for the held stock's snapshot as for the watched ones.
    await job.run({ kind: "evaluate", runKey: "run-1" });
    expect(job.sent.flatMap((queued) => (queued.kind === "snapshots" ? queued.tickers : []))).toEqual(["NWSC", "QBIT"]);

    // NWSC closes at 45 on Tuesday, under the plan's 46 stop (the watch list's sell) and Alice's 48.
    const repository = new WatchlistRepository(app.database.db);
    await repository.saveSnapshots([watchSnapshotOf(MON, { ticker: "NWSC", close: 50 }), watchSnapshotOf(MON, { ticker: "QBIT", close: 29 })], new Date(Date.now() - 60_000));
    await repository.saveSnapshots([watchSnapshotOf(TUE, { ticker: "NWSC", close: 45 }), watchSnapshotOf(TUE, { ticker: "QBIT", close: 31 })], new Date(Date.now() - 1000));
    await job.run({ kind: "raise", runKey: "run-1" });

    const bell = async (jwt: string) => json<Alerts>(await app.app.inject({ url: "/api/alerts", headers: apiHeaders(jwt) })).alerts.map((alert) => `${alert.ticker} ${alert.kind}: ${alert.title}`);
    expect(await bell(alice.jwt)).toEqual(["NWSC holder_stop: NWSC closed under your $48.00 stop"]);
    expect((await bell(bob.jwt)).sort()).toEqual(["NWSC sell: NWSC closed under its $46.00 stop (SELL)", "QBIT holder_price_above: QBIT, which you hold, closed above $30.00"]);
    expect(holders.spent).toEqual([{ userId: bob.userId, positionId: "pos-b", direction: "above", level: 30, setAt: SET_BEFORE, session: TUE }]);

    const digest = job.mail.find((message) => message.to === "alice@example.com")!;
    expect(digest.subject).toContain("NWSC closed under your $48.00 stop");
    expect(digest.text.split("closed under your $48.00 stop").length - 1).toBe(1);
    expect(digest.text).not.toContain("closed under its $46.00 stop");
    expect(digest.text).toContain("Your watch list and portfolio after the close of Tue, Jun 16, 2026:");
    // Bob's digest: the stop-loss sell first, then his position's level.
    const bobDigest = job.mail.find((message) => message.to === "bob@example.com")!.text;
    expect(bobDigest.indexOf("NWSC closed under its")).toBeLessThan(bobDigest.indexOf("QBIT, which you hold"));

    // The portfolio's rows: each alert with the position it is about.
    expect(await new AlertsRepository(app.database.db).holderAlerts(bob.userId, new Date(0))).toEqual([
      { positionId: "pos-b", kind: "holder_price_above", session: TUE, title: "QBIT, which you hold, closed above $30.00" },
    ]);

    // The held stock's snapshots are kept though no one watches it.
    const kept = await app.database.db.select({ ticker: watchSnapshots.ticker }).from(watchSnapshots);
    expect(kept.filter((row) => row.ticker === "QBIT")).toHaveLength(2);

    // The job again (a retry, a second instance): nothing new, no second e-mail, no level spent twice.
    const stored = (await app.database.db.select().from(userAlerts)).length;
    const mails = job.mail.length;
    await job.run({ kind: "raise", runKey: "run-1" });
    expect((await job.service.evaluate()).holderAlerts).toBe(0);
    expect((await app.database.db.select().from(userAlerts)).length).toBe(stored);
    expect(job.mail.length).toBe(mails);
    expect(holders.spent).toHaveLength(1);

    // Alice moves her stop to 44 on Tuesday evening: Tuesday's 45 is above it, so nothing.
    holders.positions[0] = { ...holders.positions[0]!, stop: 44, stopSetAt: "2026-06-16T23:00:00.000Z" };
    await job.run({ kind: "raise", runKey: "run-1" });
    expect(await bell(alice.jwt)).toHaveLength(1);
  }, 60_000);
});
