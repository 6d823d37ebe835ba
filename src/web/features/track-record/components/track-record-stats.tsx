import type { ReactNode } from "react";
import type { ActionStatsView, TradeStatsView } from "../../../../contracts/track-record";
import { cn } from "../../../lib/cn";
import { isFiniteNumber } from "../../../lib/format";
import { formatCount, formatInterval, formatR, formatShare, formatSignedPercent } from "../../../../core/narrative/track-record-words";
import { tooFewTrades, tooFewWording } from "../../../lib/track-record-format";

/** What a figure that needs more time reads as; the legend under the figures explains it. */
export const NOT_YET = "not yet";

/** A share or excess return, or 'not yet' while no call is old enough (or no trade has closed). */
function Figure({ value, format }: { value: number | null; format: (value: number) => string }) {
  return isFiniteNumber(value) ? <>{format(value)}</> : <span className="text-muted">{NOT_YET}</span>;
}

/** One label and value of a statistics list; `hint` is the term's short definition, shown under the label. */
export function Stat({ label, children, testId, hint }: { label: ReactNode; children: ReactNode; testId?: string; hint?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-line py-1.5 last:border-b-0">
      <dt className="text-sm text-muted">
        {label}
        {hint ? (
          <span data-testid="stat-definition" className="block text-xs font-normal text-muted">
            {hint}
          </span>
        ) : null}
      </dt>
      <dd data-testid={testId} className="text-right text-sm font-semibold whitespace-nowrap text-ink tabular-nums">
        {children}
      </dd>
    </div>
  );
}

/** Each term's short definition, shown where the figure is. */
const DEFINITIONS = {
  stockSessions: "One per stock per day the call was published: a call repeated on 5 days counts 5.",
  setups: "The same call counted once, however many days it was repeated.",
  open: "Setups not yet measured to the end (126 sessions, or until the trade closes).",
  hitRate: "Setups that beat the benchmark 63 sessions later (SELL: trailed it), traded or not.",
  medianExcess: "The middle setup's return minus the benchmark's over the same sessions.",
  trades: "BUY setups bought at the buy point whose trade has ended (stop, target or time limit).",
  winRate: "Closed trades that ended with a profit.",
  averageR: "R is a trade's result in units of its risk (entry minus stop): −1R is a full stop-out.",
  interval: "Where the true average likely lies, given how many trades there are.",
} as const;

/** Why a hit rate can sit beside a very different win rate: they count different things. */
function HitVersusWin() {
  return (
    <p data-testid="hit-vs-win" className="mt-2 rounded-lg bg-canvas px-3 py-2 text-xs text-ink">
      <strong>Hit rate and win rate count different things.</strong> The hit rate asks of every BUY setup whether the stock beat
      the benchmark 63 sessions later, whether or not it was bought; the win rate asks only of the trades that were bought and have
      closed whether they made money. A stock can beat the benchmark after its trade was stopped out, so a high hit rate can sit
      beside a low (even 0%) win rate.
    </p>
  );
}

/** The words beside trade figures that rest on fewer than `minimum` trades (none when there are enough). */
function TooFewNote({ trades, minimum, className }: { trades: number; minimum: number; className?: string }) {
  if (!tooFewTrades(trades, minimum)) return null;
  return (
    <p data-testid="too-few" className={cn("text-xs font-medium text-warning-800", className)}>
      {trades === 0 ? "No trade has closed yet" : `${formatCount(trades)} closed ${trades === 1 ? "trade" : "trades"}`}: {tooFewWording(minimum)}.
    </p>
  );
}

/** The trade figures (trades, win rate, average R and its 95% interval) as rows of a <dl>. */
function TradeRows({ stats, prefix }: { stats: TradeStatsView; prefix: string }) {
  return (
    <>
      <Stat label="Trades closed" testId={`${prefix}-trades`} hint={DEFINITIONS.trades}>
        {formatCount(stats.trades)}
      </Stat>
      <Stat label="Win rate" testId={`${prefix}-win-rate`} hint={DEFINITIONS.winRate}>
        <Figure value={stats.win_rate} format={formatShare} />
      </Stat>
      <Stat label="Average R" testId={`${prefix}-avg-r`} hint={DEFINITIONS.averageR}>
        <Figure value={stats.avg_r} format={formatR} />
      </Stat>
      <Stat label="95% interval of the average" testId={`${prefix}-ci`} hint={DEFINITIONS.interval}>
        {isFiniteNumber(stats.avg_r_ci95[0]) && isFiniteNumber(stats.avg_r_ci95[1]) ? (
          formatInterval(stats.avg_r_ci95)
        ) : (
          <span className="text-muted">{NOT_YET}</span>
        )}
      </Stat>
    </>
  );
}

const ACTION_TONES = {
  BUY: "border-success-100 bg-success-50 text-success-800",
  WATCH: "border-warning-100 bg-warning-50 text-warning-800",
  SELL: "border-danger-100 bg-danger-50 text-danger-700",
} as const;

export type ActionName = keyof typeof ACTION_TONES;

/** The action as a small coloured label. */
export function ActionLabel({ action }: { action: ActionName }) {
  return <span className={cn("inline-flex rounded-full border px-2.5 py-0.5 text-xs font-bold tracking-wide", ACTION_TONES[action])}>{action}</span>;
}

export interface ActionCardProps {
  action: ActionName;
  stats: ActionStatsView & { open?: number };
  minimum: number;
  /** Show the trade figures (BUY calls open trades; WATCH and SELL do not). */
  trades: boolean;
}

/** One action's figures: calls, setups, still open, hit rate, median excess returns and (BUY) its trades. */
export function ActionCard({ action, stats, minimum, trades }: ActionCardProps) {
  const prefix = `stats-${action.toLowerCase()}`;
  return (
    <section aria-labelledby={`${prefix}-title`} data-testid={prefix} className="rounded-2xl border border-line bg-surface p-5 shadow-card">
      <h3 id={`${prefix}-title`} className="flex items-center gap-2 text-base font-semibold text-ink">
        <ActionLabel action={action} />
        <span>{action === "BUY" ? "Buy calls" : action === "WATCH" ? "Watch calls" : "Sell calls"}</span>
      </h3>
      <dl className="mt-3">
        <Stat label="Calls (stock-sessions)" testId={`${prefix}-count`} hint={DEFINITIONS.stockSessions}>
          {formatCount(stats.count)}
        </Stat>
        <Stat label="Distinct setups" testId={`${prefix}-setups`} hint={DEFINITIONS.setups}>
          {formatCount(stats.setups)}
        </Stat>
        {stats.open === undefined ? null : (
          <Stat label="Still being measured" testId={`${prefix}-open`} hint={DEFINITIONS.open}>
            {formatCount(stats.open)}
          </Stat>
        )}
        <Stat label="Hit rate (+63 sessions)" testId={`${prefix}-hit-rate`} hint={DEFINITIONS.hitRate}>
          <Figure value={stats.hit_rate} format={formatShare} />
        </Stat>
        <Stat label="Median excess +21 sessions" testId={`${prefix}-excess-21`} hint={DEFINITIONS.medianExcess}>
          <Figure value={stats.median_excess.d21} format={formatSignedPercent} />
        </Stat>
        <Stat label="Median excess +63 sessions" testId={`${prefix}-excess-63`}>
          <Figure value={stats.median_excess.d63} format={formatSignedPercent} />
        </Stat>
        <Stat label="Median excess +126 sessions" testId={`${prefix}-excess-126`}>
          <Figure value={stats.median_excess.d126} format={formatSignedPercent} />
        </Stat>
        {trades ? <TradeRows stats={stats} prefix={prefix} /> : null}
      </dl>
      {trades ? <TooFewNote trades={stats.trades} minimum={minimum} className="mt-2" /> : null}
      {trades ? <HitVersusWin /> : null}
    </section>
  );
}
