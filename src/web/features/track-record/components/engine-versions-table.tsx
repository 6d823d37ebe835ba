import type { EngineVersionFiguresView } from "../../../../contracts/track-record";
import { formatCount, formatR, formatShare, formatSignedPercent } from "../../../../core/narrative/track-record-words";
import { formatCalendarDate } from "../../../lib/format";
import { tooFewTrades, tooFewWording } from "../../../lib/track-record-format";
import { ResponsiveTable } from "./data-table";

const COLUMNS = [
  { header: "Engine version" },
  { header: "Calls since" },
  { header: "Trades closed", numeric: true },
  { header: "Still open", numeric: true },
  { header: "Win rate", numeric: true },
  { header: "Average R", numeric: true },
  { header: "Average return", numeric: true },
];

/**
 * The live BUY trades of each engine version, counted from that version's first call: calls made
 * after the version was written are data nobody had seen, so they are the real test of each version.
 */
export function EngineVersionsSection({ versions, minimum }: { versions: EngineVersionFiguresView[]; minimum: number }) {
  return (
    <section aria-labelledby="engine-versions-title" data-testid="engine-versions-section" className="space-y-3">
      <h2 id="engine-versions-title" className="text-xl font-bold tracking-tight text-ink">
        Live BUY trades by engine version
      </h2>
      <p className="max-w-3xl text-sm text-muted">
        Each version of the engine is judged only on the calls it made itself, from the day it went live: prices nobody had seen when
        it was written, so this is the real test of a method, unlike any simulation.
      </p>
      {versions.length === 0 ? (
        <p data-testid="engine-versions-empty" className="text-sm text-muted">
          No call has been published yet.
        </p>
      ) : (
        <ResponsiveTable
          caption="Live BUY trades by engine version since its first call: trades closed and open, win rate, average R and average return"
          testId="engine-versions-table"
          columns={COLUMNS}
          rows={versions.map((v) => ({
            key: v.engine_version,
            testId: `engine-version-${v.engine_version}`,
            head: (
              <>
                {v.engine_version}
                {tooFewTrades(v.trades, minimum) ? (
                  <span data-testid="too-few" className="block max-w-44 text-xs font-medium whitespace-normal text-warning-800">
                    {tooFewWording(minimum)}
                  </span>
                ) : null}
              </>
            ),
            cells: [formatCalendarDate(v.since), formatCount(v.trades), formatCount(v.open), formatShare(v.win_rate), formatR(v.avg_r), formatSignedPercent(v.avg_return)],
          }))}
        />
      )}
      <p data-testid="engine-versions-definitions" className="text-xs text-muted">
        Calls since: the session of the version&apos;s first published call. Trades closed: its BUY setups bought at the buy point
        whose trade has ended; still open: those waiting for their fill or held. Win rate: the closed trades that made money. R: a
        trade&apos;s result in units of its risk (entry minus stop). Average return: the closed trades&apos; mean return in percent.
      </p>
    </section>
  );
}
