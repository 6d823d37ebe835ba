// The track record's stored calls, seeded the way the daily refresh stores them (used by
// `npm run bench:track-record` and by `npm run bench:web -- --track-record-calls N`):
// TrackCallsRepository.insertCalls over the demo tickers, in episodes (a ticker's call repeats for a
// few sessions, so about 1 call in 6 starts a setup that is followed), each setup scored by the
// record's own rules (core/track-record/call-outcome.ts) over every session since its call.
//
// As a command: `node --import tsx scripts/track-record-seed.ts --data-dir DIR --calls N` stores N
// calls into the embedded database of DATA_DIR (the server's default demo market: seed 42, its
// default universe), computes the figures once, and exits; the server started on DIR afterwards
// shows them.
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import type { RecommendationAction } from "../src/core/analysis/analysis-report";
import { seededRandom } from "../src/core/backtest/statistics";
import type { DailyBars } from "../src/core/market/market-data";
import type { MarketDataProvider } from "../src/core/market/market-data-provider";
import { advanceCall, callStatus, isSettled, startProgress } from "../src/core/track-record/call-outcome";
import { CachedMarketDataProvider } from "../src/server/adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "../src/server/adapters/market/demo";
import { openPgliteOnDisk } from "../src/server/db/database";
import { TrackCallsRepository, type NewTrackCall, type OutcomeUpdate } from "../src/server/features/track-record/track-calls.repository";
import { followedCall } from "../src/server/features/track-record/track-record.service";
import { startTestApp, type TestApp } from "../src/server/test-support/test-app";

const BUY_WINDOW_SESSIONS = 5;

const SETUPS: Record<RecommendationAction, string[]> = {
  BUY: ["Breakout"],
  WATCH: ["Base forming", "Extended", "Past the buy window", "Pullback"],
  SELL: ["Stage 4 decline", "Failed breakout", "50-day line broken", "Stop hit"],
};
const BASES = ["Flat base", "VCP", "Cup with handle", "Double bottom"];

/**
 * One ticker's calls over its last `sessions` sessions, in episodes of 1–12 sessions: mostly WATCH,
 * some BUY (each BUY episode a new base whose first call opens a trade, with the engine's kind of
 * levels: buy range +5% over the pivot, stop 8% under it, target 20% over it) and some SELL.
 */
function tickerCalls(ticker: string, bars: DailyBars, benchmark: Map<string, number>, sessions: number, next: () => number, runs: string[]): NewTrackCall[] {
  const calls: NewTrackCall[] = [];
  const first = bars.dates.length - sessions;
  let i = first;
  while (i < bars.dates.length) {
    const length = 1 + Math.floor(next() * 12);
    const roll = next();
    const action: RecommendationAction = roll < 0.15 ? "BUY" : roll < 0.75 ? "WATCH" : "SELL";
    const setupNames = SETUPS[action];
    const setup = setupNames[Math.floor(next() * setupNames.length)]!;
    const base = action === "BUY" || next() < 0.5 ? BASES[Math.floor(next() * BASES.length)]! : null;
    const baseStart = base ? bars.dates[Math.max(0, i - 20 - Math.floor(next() * 40))]! : null;
    const pivot = bars.close[i]! * (0.95 + next() * 0.12);
    let episodeId: string | null = null;
    for (let k = 0; k < length && i < bars.dates.length; k++, i++) {
      const id = randomUUID();
      episodeId ??= id;
      const date = bars.dates[i]!;
      const opens = id === episodeId && action === "BUY";
      const levels = action === "SELL" ? null : { buyPoint: pivot, buyRangeHigh: pivot * 1.05, stop: pivot * 0.92, target: pivot * 1.2 };
      calls.push({
        id,
        asOf: date,
        ticker,
        action,
        setup,
        baseType: base,
        baseStart,
        buyPoint: levels?.buyPoint ?? null,
        buyRangeHigh: levels?.buyRangeHigh ?? null,
        stop: levels?.stop ?? null,
        target: levels?.target ?? null,
        price: bars.close[i]!,
        rsRating: Math.round(1 + next() * 98),
        marketState: "Confirmed uptrend",
        engineVersion: i - first < sessions / 2 ? "2.0.0" : "2.1.0",
        simulated: true,
        dataSource: "demo",
        benchmarkClose: benchmark.get(date) ?? null,
        entrySessions: opens ? BUY_WINDOW_SESSIONS - Math.min(k, 2) : null,
        episodeId,
        trade: opens,
        runId: runs[i - first] ?? null,
      });
    }
  }
  return calls;
}

/** Each setup (an episode's first call) followed over every session of `bars` after its call. */
function outcomes(calls: NewTrackCall[], bars: DailyBars, benchmark: Map<string, number>): OutcomeUpdate[] {
  return calls
    .filter((call) => call.id === call.episodeId)
    .map((call) => {
      const followed = followedCall(call);
      let progress = startProgress(followed, call.asOf);
      for (let i = bars.dates.indexOf(call.asOf) + 1; i < bars.dates.length; i++) {
        const date = bars.dates[i]!;
        progress = advanceCall(followed, progress, { date, open: bars.open[i]!, high: bars.high[i]!, low: bars.low[i]!, close: bars.close[i]! }, benchmark.get(date) ?? null);
      }
      return { callId: call.id, progress, status: callStatus(progress), settled: isSettled(progress) };
    });
}


export interface SeededCalls {
  stored: number;
  tickers: number;
  sessions: number;
  /** Time spent scoring and saving the outcomes, ms. */
  scoringMs: number;
}

/** Stores `calls` calls of the first `tickers` demo tickers (fewer when the universe is smaller), newest sessions last, each setup scored. */
export async function seedTrackRecordCalls(app: TestApp, demo: DemoMarketProvider, market: MarketDataProvider, options: { calls: number; tickers: number }): Promise<SeededCalls> {
  const universe = (await demo.listUniverse()).map((p) => p.ticker).filter((t) => t !== demo.benchmarkTicker).slice(0, options.tickers);
  const sessions = Math.ceil(options.calls / universe.length);
  const benchmarkBars = (await market.getDailyBars(demo.benchmarkTicker, sessions + 300))!;
  const benchmark = new Map(benchmarkBars.dates.map((d, i) => [d, benchmarkBars.close[i]!] as const));
  const runs = Array.from({ length: sessions }, (_, k) => `${benchmarkBars.dates[benchmarkBars.dates.length - sessions + k]}#bench`);
  const repository = new TrackCallsRepository(app.database.db);
  // The same calls on every run.
  const next = seededRandom(18);
  let stored = 0;
  let remaining = options.calls;
  let scoringMs = 0;
  for (const ticker of universe) {
    const bars = (await market.getDailyBars(ticker, sessions + 300))!;
    const calls = tickerCalls(ticker, bars, benchmark, sessions, next, runs).slice(0, remaining);
    remaining -= calls.length;
    stored += await repository.insertCalls(calls, (call) => startProgress(followedCall(call), call.asOf));
    const scoredAt = performance.now();
    await repository.saveOutcomes(outcomes(calls, bars, benchmark), new Date());
    scoringMs += performance.now() - scoredAt;
    if (remaining <= 0) break;
  }
  return { stored, tickers: universe.length, sessions, scoringMs };
}

/** The command: N calls into DATA_DIR's embedded database, figures computed once. */
async function seedDataDir(dataDir: string, calls: number): Promise<void> {
  const database = await openPgliteOnDisk(dataDir);
  const demo = new DemoMarketProvider({ seed: 42, universeSize: 45 });
  const market = new CachedMarketDataProvider(demo);
  const kind = { name: "pglite" as const, open: () => Promise.resolve(database) };
  const app = await startTestApp(kind, { DATA_DIR: dataDir }, { database, market });
  try {
    const seeded = await seedTrackRecordCalls(app, demo, market, { calls, tickers: 500 });
    await app.services.trackRecord.refreshFigures();
    console.log(`  seeded ${seeded.stored.toLocaleString("en-US")} track-record calls (${seeded.tickers} demo tickers × ${seeded.sessions} sessions) into ${dataDir}`);
  } finally {
    await app.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name: string) => {
    const index = process.argv.indexOf(name);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const dataDir = arg("--data-dir");
  const calls = Number(arg("--calls"));
  if (!dataDir || !Number.isInteger(calls) || calls < 1) {
    console.error("usage: node --import tsx scripts/track-record-seed.ts --data-dir DIR --calls N");
    process.exit(2);
  }
  await seedDataDir(dataDir, calls);
  process.exit(0);
}
