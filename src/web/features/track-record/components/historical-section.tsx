import type { ActionStatsView, HistoricalSimulation, TradeStatsView } from "../../../../contracts/track-record";
import { controlComparison, formatCount, formatR, formatShare, formatSignedPercent, yearRange } from "../../../../core/narrative/track-record-words";
import { ResponsiveTable } from "./data-table";
import { TradeStatsTable, TradeTermsNote } from "./setup-stats-table";
import { Stat } from "./track-record-stats";

/**
 * The limits of the historical simulations, from docs/track-record.md ('Limits of the evidence' and
 * 'How the figures are made'). Figures are never written here: they come from the summary.
 */
const HISTORICAL_CAVEATS = [
  "Survivor-only data: the set holds only the companies in the S&P 500 in 2021. Companies that failed, were bought or left the index are missing, so every long figure is optimistic, and falling stocks look better than they were.",
  "Adjusted prices: returns, averages and patterns use split- and dividend-adjusted closes, rounded to 6 significant digits.",
  "When one session touches both the stop and the target, the stop is assumed to come first.",
  "A BUY is bought only between its buy point and the top of its buy range; after an open under the buy point, at the buy point once the session trades back up to it, and a low under the stop that session counts as a stop-out.",
  "The method was tuned on tickers A–M only; the out-of-sample figures are the N–Z half, reported as they came out.",
  "Large caps only, and no earnings history in the data, so the CAN SLIM earnings rules never blocked a BUY there.",
] as const;

/** The caveat on the intervals (all of them are block intervals). */
const INTERVAL_CAVEAT =
  "Trades of different stocks overlap in time and move with the market: every interval resamples entry months in 12-month blocks for that reason, which makes it wider than treating trades as independent.";

/** What the simulations charge for trading, from their own figures. */
function costsCaveat(simulations: readonly HistoricalSimulation[]): string {
  const costs = [...new Set(simulations.map((s) => s.costs_bp))];
  const charged = costs.length === 1 ? `${costs[0]} basis points a side` : `${costs.join(" or ")} basis points a side, by simulation`;
  return `Costs: ${charged} (commissions and spread) in every trade's return and R, the controls' too; fills at the open or at the order's price, with no other slippage.`;
}

/**
 * 'BUY trades averaged +0.41R against +0.51R for trades entered on random dates …: they did not beat
 * them.' BUY trades beat the control only when even the low end of their 95% interval is above the
 * control's average; a higher average inside the interval is no clear edge.
 */
const COMPARISON_WORDS = {
  "did-not-beat": "they did not beat them",
  beat: "they beat them",
  "no-clear-edge": "a little more, well within the uncertainty of the figures: no clear edge",
} as const;

function controlVerdict(buy: TradeStatsView, control: TradeStatsView): string | null {
  const result = controlComparison(buy, control);
  if (result === null) return null;
  const comparison = COMPARISON_WORDS[result];
  return `BUY trades averaged ${formatR(buy.avg_r)} against ${formatR(control.avg_r)} for trades entered on random dates with the same stop, target and time limit: ${comparison}.`;
}

const CALL_ROWS = [
  ["BUY", "BUY"],
  ["WATCH", "WATCH"],
  ["SELL", "SELL"],
] as const;

const CALL_COLUMNS = [
  { header: "Call" },
  { header: "Stock-sessions", numeric: true },
  { header: "Setups", numeric: true },
  { header: "Hit rate", numeric: true },
  { header: "Median excess +21", numeric: true },
  { header: "+63", numeric: true },
  { header: "+126", numeric: true },
];

function CallsTable({ simulation, slug }: { simulation: HistoricalSimulation; slug: string }) {
  const rows: { label: string; stats: ActionStatsView }[] = [
    ...CALL_ROWS.map(([key, label]) => ({ label, stats: simulation.actions[key] })),
    { label: "All dates", stats: simulation.all_dates },
  ];
  return (
    <div className="space-y-2">
      <ResponsiveTable
        caption={`Calls of the ${simulation.title} simulation: stock-sessions, setups, hit rate and median excess returns`}
        testId={`historical-calls-${slug}`}
        columns={CALL_COLUMNS}
        rows={rows.map(({ label, stats }) => ({
          key: label,
          head: label,
          cells: [
            formatCount(stats.count),
            formatCount(stats.setups),
            formatShare(stats.hit_rate),
            formatSignedPercent(stats.median_excess.d21),
            formatSignedPercent(stats.median_excess.d63),
            formatSignedPercent(stats.median_excess.d126),
          ],
        }))}
      />
      <p data-testid="call-definitions" className="text-xs text-muted">
        Stock-sessions: one per stock per day with that call (a call repeated on 5 days counts 5). Setups: the same call counted
        once. Hit rate: the setups that beat {simulation.benchmark} 63 sessions later (SELL: trailed it), traded or not — not the
        same as the trades&apos; win rate. Median excess +21/+63/+126: the middle setup&apos;s return minus {simulation.benchmark}&apos;s, that
        many sessions after the call. All dates: every stock on every session, whatever the call.
      </p>
    </div>
  );
}

function Simulation({ simulation, index }: { simulation: HistoricalSimulation; index: number }) {
  const slug = String(index + 1);
  const verdict = controlVerdict(simulation.actions.BUY, simulation.control);
  const outOfSample = simulation.out_of_sample;
  const outVerdict = outOfSample ? controlVerdict(outOfSample.buy, outOfSample.control) : null;
  const bases = Object.entries(simulation.buy_trades_by_setup).map(([label, stats]) => ({ label, stats }));
  return (
    <article aria-labelledby={`historical-${slug}-title`} data-testid="historical-simulation" className="space-y-4 rounded-2xl border border-line bg-surface p-3.5 shadow-card sm:p-6">
      <h3 id={`historical-${slug}-title`} className="text-lg font-semibold text-ink">
        {simulation.title}
      </h3>
      <dl className="grid gap-x-8 sm:grid-cols-2">
        <Stat label="Period" testId={`historical-${slug}-period`}>
          {simulation.from} to {simulation.to} ({yearRange(simulation.from, simulation.to)})
        </Stat>
        <Stat label="Universe" testId={`historical-${slug}-universe`}>
          {formatCount(simulation.tickers)} stocks, {formatCount(Math.round(simulation.stock_years))} stock-years
        </Stat>
        <Stat label="Benchmark">{simulation.benchmark}</Stat>
        <Stat label="Engine version">{simulation.engine_version}</Stat>
      </dl>
      <CallsTable simulation={simulation} slug={slug} />
      <TradeStatsTable
        caption={`Trades of the ${simulation.title} simulation: BUY setups against the random-date control`}
        firstColumn="Entries"
        testId={`historical-trades-${slug}`}
        rows={[
          { label: "BUY setups", stats: simulation.actions.BUY },
          { label: "Control (random dates)", stats: simulation.control },
        ]}
      />
      <TradeTermsNote />
      {verdict ? (
        <p data-testid="historical-verdict" className="text-sm font-medium text-ink">
          {verdict}
        </p>
      ) : null}
      {bases.length > 0 ? (
        <TradeStatsTable caption={`BUY trades by base in the ${simulation.title} simulation`} firstColumn="Base" rows={bases} />
      ) : null}
      {outOfSample ? (
        <div>
          <h4 className="text-sm font-semibold text-ink">Out of sample: the {formatCount(outOfSample.tickers)} tickers the method was not tuned on</h4>
          <TradeStatsTable
            caption={`Out-of-sample trades of the ${simulation.title} simulation: BUY setups against the random-date control`}
            firstColumn="Entries"
            testId={`historical-out-of-sample-${slug}`}
            rows={[
              { label: "BUY setups", stats: outOfSample.buy },
              { label: "Control (random dates)", stats: outOfSample.control },
            ]}
          />
          {outVerdict ? (
            <p data-testid="historical-out-of-sample-verdict" className="mt-2 text-sm text-ink">
              {outVerdict}
            </p>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** 'Historical simulation (not live calls)': the back-tests of docs/track-record.md, with their limits. */
export function HistoricalSection({ simulations }: { simulations: HistoricalSimulation[] }) {
  return (
    <section aria-labelledby="historical-title" data-testid="historical-section" className="-mx-2 space-y-4 [contain-intrinsic-size:auto_3000px] [content-visibility:auto] rounded-3xl border-2 border-dashed border-slate-300 bg-canvas p-2.5 sm:mx-0 sm:p-6">
      <div>
        <p className="text-xs font-bold tracking-wide text-muted uppercase">Not live calls</p>
        <h2 id="historical-title" className="text-2xl font-bold tracking-tight text-ink">
          Historical simulation (not live calls)
        </h2>
        <p className="mt-2 max-w-3xl text-sm text-muted">
          The method replayed on past daily prices, one session at a time, with the engine seeing only the bars up to each date. These
          are back-tests written by <code>quanta backtest</code>, not calls Quanta published at the time.
        </p>
      </div>
      {simulations.length === 0 ? (
        <p className="text-sm text-muted">No historical simulation is bundled with this server.</p>
      ) : (
        simulations.map((simulation, index) => <Simulation key={`${simulation.title}-${simulation.from}`} simulation={simulation} index={index} />)
      )}
      <div>
        <h3 className="text-base font-semibold text-ink">Limits of the simulation</h3>
        <ul data-testid="historical-caveats" className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-ink">
          {[...HISTORICAL_CAVEATS, ...(simulations.length > 0 ? [costsCaveat(simulations)] : []), INTERVAL_CAVEAT].map((caveat) => (
            <li key={caveat}>{caveat}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
