import type { TradeStatsView } from "../../../../contracts/track-record";
import { NO_FIGURE, formatCount, formatInterval, formatR, formatShare } from "../../../../core/narrative/track-record-words";
import { tooFewTrades, tooFewWording } from "../../../lib/track-record-format";
import { ResponsiveTable } from "./data-table";

export interface TradeStatsRow {
  label: string;
  stats: TradeStatsView;
}

const TRADE_COLUMNS = ["Trades", "Winners", "Average R", "95% interval", "Median R", "Exits stop / target / time"] as const;

/**
 * What the trade columns mean, shown under each trade table. Every interval resamples entry months
 * in 12-month blocks: trades open at the same time move together, so resampling them one by one
 * would understate the uncertainty.
 */
export function TradeTermsNote() {
  return (
    <p data-testid="trade-definitions" className="text-xs text-muted">
      Trades: BUY setups bought at the buy point whose trade has ended. Winners: the share of those that made money (the win rate).
      R: a trade's result in units of the risk taken (entry minus stop), so −1R is a full stop-out and +2R twice the risk won.{" "}
      95% interval: where the true average likely lies. It resamples the months the trades were entered in, in 12-month blocks, because trades
      open at the same time rise and fall together. Exits: how the trades ended — at the stop, at the target, or at the time limit of 126 sessions.
    </p>
  );
}

/** Trade figures by row (bases, or BUY setups against the control): trades, winners, average R, interval, exits. */
export function TradeStatsTable({
  rows,
  caption,
  firstColumn,
  minimum,
  testId,
}: {
  rows: TradeStatsRow[];
  caption: string;
  firstColumn: string;
  /** Rows under this many trades say, under their name, that they are too few to judge (omit for none). */
  minimum?: number;
  testId?: string;
}) {
  return (
    <ResponsiveTable
      caption={caption}
      testId={testId}
      columns={[{ header: firstColumn }, ...TRADE_COLUMNS.map((header) => ({ header, numeric: header !== "95% interval" && !header.startsWith("Exits") }))]}
      rows={rows.map(({ label: name, stats }) => ({
        key: name,
        head: (
          <>
            {name}
            {minimum !== undefined && tooFewTrades(stats.trades, minimum) ? (
              <span className="block max-w-44 text-xs font-medium whitespace-normal text-warning-800">{tooFewWording(minimum)}</span>
            ) : null}
          </>
        ),
        cells: [
          formatCount(stats.trades),
          formatShare(stats.win_rate),
          formatR(stats.avg_r),
          formatInterval(stats.avg_r_ci95),
          formatR(stats.median_r),
          stats.trades === 0 ? NO_FIGURE : `${formatCount(stats.exits.stop)} / ${formatCount(stats.exits.target)} / ${formatCount(stats.exits.time)}`,
        ],
      }))}
    />
  );
}
