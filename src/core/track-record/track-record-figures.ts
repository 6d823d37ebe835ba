import type { RecommendationAction } from "../analysis/analysis-report";
import { tradeStats, type ActionStats, type TradeStats } from "../backtest/backtest-summary";
import { median, shareWhere } from "../backtest/statistics";
import type { ExitReason } from "../backtest/trade-simulation";
import { ACTIONS } from "../backtest/walk-forward";
import { isSettled, tradeResult, type CallProgress } from "./call-outcome";

/**
 * The live track record's figures, by the back-test's definitions (backtest-summary.ts): a setup is
 * a distinct call (a run of the same call on a stock is counted once, on its first session); the
 * hit rate is the share of setups whose 63-session excess return has the call's sign; trades are
 * the BUY calls that opened one (the first BUY of a base), scored when closed.
 */
export interface RecordedSetup {
  action: RecommendationAction;
  /** The base of a trade ('Flat base'…); the call's setup otherwise. */
  setup: string;
  /** The call opened a trade. */
  trade: boolean;
  /** The engine version that made the call. */
  engineVersion: string;
  progress: CallProgress;
}

/** The live trades of one engine version, since its first call: data nobody had seen when the version was made. */
interface EngineVersionFigures {
  engine_version: string;
  /** Session of the version's first call. */
  since: string;
  /** Trades of the version not over yet (waiting for their fill, or held). */
  open: number;
  trades: number;
  win_rate: number | null;
  avg_r: number | null;
  avg_return: number | null;
}

interface LiveActionStats extends ActionStats {
  /** Setups still being measured (fewer than 126 sessions, or a trade not yet over). */
  open: number;
}

interface EquityPoint {
  date: string;
  /** Sum of the R of every BUY trade closed on or before the date (each trade risks 1R). */
  r: number;
  trades: number;
}

interface BenchmarkPoint {
  date: string;
  /** The benchmark's change since the first call's session. */
  change: number;
}

export interface TrackRecordFigures {
  /** Published calls (stock-sessions), and distinct setups among them. */
  calls: number;
  setups: number;
  actions: Record<RecommendationAction, LiveActionStats>;
  buy_trades_by_setup: Record<string, TradeStats>;
  equity: EquityPoint[];
  benchmark: BenchmarkPoint[];
  /** The BUY trades by engine version, in the order of `versions` given (oldest first). */
  by_engine_version: EngineVersionFigures[];
}

interface ClosedTrade {
  setup: string;
  /** Session of the fill: the block interval resamples trades by their entry month. */
  fillDate: string;
  engineVersion: string;
  exitDate: string;
  r: number;
  return: number;
  exitReason: ExitReason;
}

function closedTrade(setup: RecordedSetup): ClosedTrade | null {
  const trade = setup.progress.trade;
  const result = tradeResult(setup.progress);
  if (!setup.trade || trade?.state !== "closed" || !result || !setup.progress.exitDate || !setup.progress.entryDate) return null;
  return { setup: setup.setup, fillDate: setup.progress.entryDate, engineVersion: setup.engineVersion, exitDate: setup.progress.exitDate, r: result.r, return: result.return, exitReason: trade.exitReason };
}

const finite = (value: number): number | null => (Number.isFinite(value) ? value : null);

function excessAt(setups: readonly RecordedSetup[], horizon: number): Float64Array {
  return Float64Array.from(setups, (s) => s.progress.forward[horizon]?.excess ?? Number.NaN);
}

/** Each version's closed BUY trades (win rate, average R and return) and its trades still open. */
function byEngineVersion(setups: readonly RecordedSetup[], trades: readonly ClosedTrade[], versions: readonly { version: string; since: string }[], seed: number): EngineVersionFigures[] {
  return versions.map(({ version, since }) => {
    const { trades: closed, win_rate, avg_r, avg_return } = tradeStats(trades.filter((t) => t.engineVersion === version), seed);
    const open = setups.filter((s) => s.trade && s.engineVersion === version && (s.progress.trade?.state === "waiting" || s.progress.trade?.state === "held")).length;
    return { engine_version: version, since, open, trades: closed, win_rate, avg_r, avg_return };
  });
}

/** `seed` fixes the bootstrap of the R intervals, so the same calls always give the same figures. */
export function trackRecordFigures(
  setups: readonly RecordedSetup[],
  callDays: Record<RecommendationAction, number>,
  benchmark: readonly { date: string; close: number }[],
  versions: readonly { version: string; since: string }[] = [],
  seed = 42,
): TrackRecordFigures {
  const trades = setups.map(closedTrade).filter((t): t is ClosedTrade => t !== null);
  const actions = Object.fromEntries(
    ACTIONS.map((action) => {
      const of = setups.filter((s) => s.action === action);
      const d63 = excessAt(of, 1);
      const stats: LiveActionStats = {
        count: callDays[action],
        setups: action === "BUY" ? of.filter((s) => s.trade).length : of.length,
        hit_rate: finite(shareWhere(d63, action === "SELL" ? (v) => v < 0 : (v) => v > 0)),
        median_excess: { d21: finite(median(excessAt(of, 0))), d63: finite(median(d63)), d126: finite(median(excessAt(of, 2))) },
        ...tradeStats(action === "BUY" ? trades : [], seed),
        open: of.filter((s) => !isSettled(s.progress)).length,
      };
      return [action, stats];
    }),
  ) as Record<RecommendationAction, LiveActionStats>;

  const bySetup: Record<string, TradeStats> = {};
  for (const name of [...new Set(trades.map((t) => t.setup))].sort()) bySetup[name] = tradeStats(trades.filter((t) => t.setup === name), seed);

  const equity: EquityPoint[] = [];
  let sum = 0;
  let count = 0;
  for (const trade of [...trades].sort((a, b) => (a.exitDate < b.exitDate ? -1 : a.exitDate > b.exitDate ? 1 : 0))) {
    sum += trade.r;
    count++;
    const last = equity[equity.length - 1];
    if (last?.date === trade.exitDate) {
      last.r = sum;
      last.trades = count;
    } else equity.push({ date: trade.exitDate, r: sum, trades: count });
  }

  const first = benchmark[0];
  return {
    calls: callDays.BUY + callDays.WATCH + callDays.SELL,
    setups: setups.length,
    actions,
    buy_trades_by_setup: bySetup,
    equity,
    benchmark: first ? benchmark.map((b) => ({ date: b.date, change: b.close / first.close - 1 })) : [],
    by_engine_version: byEngineVersion(setups, trades, versions, seed),
  };
}
