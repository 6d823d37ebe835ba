import type { TradeStatsView } from "../../../../contracts/track-record";
import { NO_FIGURE, formatCount, formatInterval, formatR, formatShare } from "../../../../core/narrative/track-record-words";
import { tooFewTrades, tooFewWording } from "../../../lib/track-record-format";
import { DataTable, td, tdNum, th, thNum } from "./data-table";

export interface TradeStatsRow {
  label: string;
  stats: TradeStatsView;
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
    <DataTable caption={caption} testId={testId}>
      <thead className="bg-canvas">
        <tr>
          <th scope="col" className={th}>{firstColumn}</th>
          <th scope="col" className={thNum}>Trades</th>
          <th scope="col" className={thNum}>Winners</th>
          <th scope="col" className={thNum}>Average R</th>
          <th scope="col" className={th}>95% interval</th>
          <th scope="col" className={thNum}>Median R</th>
          <th scope="col" className={th}>Exits stop / target / time</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ label: name, stats }) => (
          <tr key={name} className="border-t border-line">
            <th scope="row" className={`${td} font-semibold text-ink`}>
              {name}
              {minimum !== undefined && tooFewTrades(stats.trades, minimum) ? (
                <span className="block max-w-44 text-xs font-medium whitespace-normal text-warning-800">{tooFewWording(minimum)}</span>
              ) : null}
            </th>
            <td className={tdNum}>{formatCount(stats.trades)}</td>
            <td className={tdNum}>{formatShare(stats.win_rate)}</td>
            <td className={tdNum}>{formatR(stats.avg_r)}</td>
            <td className={td}>{formatInterval(stats.avg_r_ci95)}</td>
            <td className={tdNum}>{formatR(stats.median_r)}</td>
            <td className={td}>
              {stats.trades === 0 ? NO_FIGURE : `${formatCount(stats.exits.stop)} / ${formatCount(stats.exits.target)} / ${formatCount(stats.exits.time)}`}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
