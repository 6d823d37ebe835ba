// npm run bench:alerts — the watch lists' alerts at scale (10,000 users × 20 watched
// tickers evaluated after a refresh in ≤ 60 s). On a scratch database (PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else the embedded PGlite; BENCH_DATABASE=pglite
// forces it) the app's own services run the demo market of 500 companies: the daily refresh of
// session 1, then 10,000 verified users each watching 20 of its tickers (1 in 10 with a price alert
// at half the price, which the next close crosses), the alert evaluation of session 1 (the
// baseline), the clock moved to session 2 and its refresh. Timed after that refresh, as the queue
// runs it: the evaluation (snapshots, stock events, every user's alerts, price alerts, digest jobs),
// then every digest written by the dev mailer (the outbox folder), batch by batch. Then the same
// evaluation twice at once (two instances), which must add nothing. Prints the figures and the
// ratio to the 60 s target. BENCH_USERS (10000), BENCH_WATCHED (20), BENCH_UNIVERSE (500) change sizes.
// `--smoke` (or BENCH_SMOKE=1): 50 users × 3 stocks of 20; fails only when a step breaks or the
// second evaluation adds anything, never on the time target.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { count, isNotNull, sql } from "drizzle-orm";
import { OutboxMailSender } from "../src/server/adapters/mail/outbox-mail-sender";
import { CachedMarketDataProvider } from "../src/server/adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "../src/server/adapters/market/demo";
import { createServices } from "../src/server/composition/create-services";
import { loadConfig } from "../src/server/config";
import { openPostgres, type DatabaseHandle } from "../src/server/db/database";
import { alertDigests, userAlerts, watchItems } from "../src/server/db/schema";
import { AdjustableClock } from "../src/server/dev-clock";
import { createLogger } from "../src/server/logger";
import { createScratchDatabase, testDatabaseKinds } from "../src/server/test-support/test-database";

const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";
const USERS = SMOKE ? 50 : Number(process.env.BENCH_USERS ?? 10_000);
const WATCHED = SMOKE ? 3 : Number(process.env.BENCH_WATCHED ?? 20);
const UNIVERSE = SMOKE ? 20 : Number(process.env.BENCH_UNIVERSE ?? 500);
const TARGET_SECONDS = 60;
const adminUrl = process.env.BENCH_DATABASE === "pglite" ? undefined : (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const thousands = (n: number) => n.toLocaleString("en-US");

async function openDatabase(): Promise<{ database: DatabaseHandle; name: string; drop(): Promise<void> }> {
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, "quanta_bench");
    const database = await openPostgres(scratch.url, { migrate: true, onIdleClientError: () => undefined });
    return { database, name: "PostgreSQL", drop: () => scratch.drop() };
  }
  const pglite = testDatabaseKinds("storage-only").find((kind) => kind.name === "pglite")!;
  return { database: await pglite.open(), name: "PGlite (embedded)", drop: async () => undefined };
}

async function main(): Promise<void> {
  const { database, name, drop } = await openDatabase();
  const outbox = await mkdtemp(path.join(os.tmpdir(), "quanta-bench-outbox-"));
  const clock = new AdjustableClock();
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_URL: "http://localhost:3000", DATA_DIR: outbox, DEMO_UNIVERSE_SIZE: String(UNIVERSE) });
  const market = new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42, universeSize: UNIVERSE, today: clock.now }), { now: clock.now });
  const services = createServices(config, {
    database,
    logger: createLogger(config),
    now: clock.now,
    market,
    mail: new OutboxMailSender(outbox, () => undefined),
    authSecret: "bench-secret-bench-secret-bench-secret-0123",
  });
  const db = database.db;
  try {
    console.log(`bench:alerts on ${name}: ${thousands(USERS)} users × ${WATCHED} watched tickers of a ${UNIVERSE}-company demo universe (2 cores)${SMOKE ? " (smoke: tiny sizes, no target)" : ""}`);
    let started = performance.now();
    await services.publicRefresh.refresh({ force: true });
    const universe = (await services.publicAnalyses.list()).map((row) => ({ ticker: row.ticker }));
    console.log(`  session 1 refresh: ${universe.length} analysed in ${seconds(performance.now() - started)}`);

    // The users and their lists, written directly (sign-up is not what is measured).
    started = performance.now();
    const createdAt = new Date(clock.now().getTime() - 86_400_000).toISOString();
    await db.execute(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at)
      select 'bench-user-' || n, 'User ' || n, 'user' || n || '@bench.example', true, ${createdAt}::timestamptz, ${createdAt}::timestamptz
      from generate_series(0, ${USERS - 1}) n`);
    // Each user's WATCHED tickers: a fixed pseudo-random pick from the universe (the same on every run).
    await db.execute(sql`
      insert into watch_items (user_id, ticker, created_at)
      select 'bench-user-' || n, picked.ticker, ${createdAt}::timestamptz
      from generate_series(0, ${USERS - 1}) n
      cross join lateral (
        select ticker from unnest(${sql.param(universe.map((stock) => stock.ticker))}::text[]) ticker
        order by md5(n::text || ticker) limit ${WATCHED}
      ) picked`);
    const [{ value: watchRows } = { value: 0 }] = await db.select({ value: count() }).from(watchItems);
    console.log(`  seeded ${thousands(USERS)} users and ${thousands(watchRows)} watched stocks in ${seconds(performance.now() - started)}`);

    started = performance.now();
    const baseline = await services.alertJobs.evaluate();
    console.log(`  session 1 evaluation (the baseline: no alerts yet): ${seconds(performance.now() - started)}, ${baseline.tickers} tickers, ${baseline.alerts} alerts`);
    // 1 user in 10 then sets a price alert on their first stock at half its close: the next close crosses it.
    await db.execute(sql`
      update watch_items w set price_above = floor(s.close / 2), price_above_set_at = ${clock.now().toISOString()}::timestamptz
      from watch_snapshots s
      where s.ticker = w.ticker and s.session = ${baseline.session}
        and substring(w.user_id from 12)::int % 10 = 0
        and w.ticker = (select min(x.ticker) from watch_items x where x.user_id = w.user_id)`);

    clock.advanceSessions(1);
    started = performance.now();
    await services.publicRefresh.refresh({ force: true });
    console.log(`  session 2 refresh: ${seconds(performance.now() - started)}`);

    // What the queue runs after the refresh: the evaluation, then the digest jobs.
    const evaluationStarted = performance.now();
    const result = await services.alertJobs.evaluate();
    const evaluationMs = performance.now() - evaluationStarted;
    const digestStarted = performance.now();
    const recipients = await services.database.db.execute(sql`select distinct a.user_id, u.email from user_alerts a join users u on u.id = a.user_id where a.session = ${result.session} order by a.user_id`);
    const rows = (recipients as unknown as { rows: { user_id: string; email: string }[] }).rows.map((row) => ({ userId: row.user_id, email: row.email }));
    let sent = 0;
    for (let start = 0; start < rows.length; start += 250) sent += await services.alertJobs.sendDigests(result.session!, rows.slice(start, start + 250));
    const digestMs = performance.now() - digestStarted;
    const totalMs = evaluationMs + digestMs;
    const [{ value: alertRows } = { value: 0 }] = await db.select({ value: count() }).from(userAlerts);
    const files = (await readdir(outbox)).filter((file) => file.endsWith(".json")).length;
    console.log(`  session 2 evaluation: ${seconds(evaluationMs)} — ${result.tickers} tickers, ${result.events} stock events, ${thousands(result.alerts)} rule alerts + ${thousands(result.priceAlerts)} price alerts for ${thousands(result.recipients)} users`);
    console.log(`  session 2 digests: ${thousands(sent)} e-mails written to the outbox (${thousands(files)} files) in ${seconds(digestMs)} (${(digestMs / Math.max(1, sent)).toFixed(2)} ms each)`);
    console.log(`  evaluation + digests: ${seconds(totalMs)} — target ≤ ${TARGET_SECONDS} s: ${(totalMs / 1000 / TARGET_SECONDS).toFixed(2)}× the budget ${totalMs <= TARGET_SECONDS * 1000 ? "(met)" : "(MISSED)"}`);

    // Two instances evaluating the same session at once: nothing new.
    started = performance.now();
    const again = await Promise.all([services.alertJobs.evaluate(), services.alertJobs.evaluate()]);
    const [{ value: alertRowsAfter } = { value: 0 }] = await db.select({ value: count() }).from(userAlerts);
    const [{ value: digestRows } = { value: 0 }] = await db.select({ value: count() }).from(alertDigests).where(isNotNull(alertDigests.sentAt));
    console.log(
      `  the same evaluation twice at once: ${seconds(performance.now() - started)}, new alerts ${alertRowsAfter - alertRows} (${again.map((run) => run.alerts + run.priceAlerts).join(" + ")}), digests still ${thousands(digestRows)}, recipients left ${again.map((run) => run.recipients).join(" + ")}`,
    );
    if (alertRowsAfter !== alertRows || digestRows !== sent) process.exitCode = 1;
    // Every tenth user's price alert is crossed by the second close: none means the path is broken.
    if (result.priceAlerts === 0 || sent === 0) {
      console.log("FAILED: no price alert or no digest for the second session");
      process.exitCode = 1;
    }
  } finally {
    await services.close();
    await database.close();
    await drop();
    await rm(outbox, { recursive: true, force: true });
  }
}

await main();
// On PGlite the test support keeps the closed database's instance for reuse, which holds the process open.
process.exit(process.exitCode ?? 0);
