import { Link } from "react-router";
import { paths } from "../../../../contracts/paths";
import type { PortfolioPosition } from "../../../../contracts/portfolio";
import { formatMoney, formatShares } from "../../../components/portfolio/portfolio-format";
import { cn } from "../../../lib/cn";
import { formatPercent } from "../../../lib/format";
import { formatR, plTone } from "../portfolio-format";

export interface PositionRowProps {
  position: PortfolioPosition;
  onOpen: (id: string) => void;
}

function AlertsCell({ position }: { position: PortfolioPosition }) {
  if (position.alerts.length === 0) return <span className="text-muted">None</span>;
  const latest = position.alerts[0]!;
  return (
    <span data-testid="position-alerts" title={position.alerts.map((alert) => `${alert.session}: ${alert.title}`).join("\n")}>
      {latest.title}
      {position.alerts.length > 1 ? <span className="text-muted"> +{position.alerts.length - 1}</span> : null}
    </span>
  );
}

function OpenButton({ position, onOpen }: PositionRowProps) {
  return (
    <button
      type="button"
      data-testid="position-open"
      onClick={() => onOpen(position.id)}
      className="rounded font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      Manage<span className="sr-only"> {position.ticker}</span>
    </button>
  );
}

/** One open position as a table row (640 px and wider). */
export function PositionTableRow({ position, onOpen }: PositionRowProps) {
  const cell = "px-3 py-2 text-right tabular-nums";
  return (
    <tr data-testid="position-row" data-ticker={position.ticker} className="border-t border-line">
      <th scope="row" className="px-3 py-2 text-left font-bold">
        <Link to={paths.stock(position.ticker)} className="text-brand-700 underline-offset-4 hover:underline">
          {position.ticker}
        </Link>
      </th>
      <td className={cell} data-testid="position-shares">{formatShares(position.shares)}</td>
      <td className={cell}>{formatMoney(position.avg_cost)}</td>
      <td className={cell} data-testid="position-close">{formatMoney(position.last_close)}</td>
      <td className={cell} data-testid="position-value">{formatMoney(position.value)}</td>
      <td className={cn(cell, plTone(position.unrealised_pl))}>
        {formatMoney(position.unrealised_pl)}
        <span className="block text-xs">{formatPercent(position.unrealised_pct)}</span>
      </td>
      <td className={cell} data-testid="position-stop">{position.stop === null ? "None" : formatMoney(position.stop)}</td>
      <td className={cn(cell, plTone(position.r_multiple))}>{formatR(position.r_multiple)}</td>
      <td className={cell}>{formatMoney(position.open_risk)}</td>
      <td className="max-w-48 px-3 py-2 text-left text-sm">
        <AlertsCell position={position} />
      </td>
      <td className="px-3 py-2 text-right">
        <OpenButton position={position} onOpen={onOpen} />
      </td>
    </tr>
  );
}

function CardFigure({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd data-testid={testId} className="mt-0.5 font-semibold text-ink tabular-nums">
        {children}
      </dd>
    </div>
  );
}

/** One open position as a card (under 640 px). */
export function PositionCard({ position, onOpen }: PositionRowProps) {
  return (
    <li data-testid="position-card" data-ticker={position.ticker} className="rounded-2xl border border-line bg-surface p-4 shadow-card">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-lg font-bold">
          <Link to={paths.stock(position.ticker)} className="text-brand-700 underline-offset-4 hover:underline">
            {position.ticker}
          </Link>
        </h3>
        <OpenButton position={position} onOpen={onOpen} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <CardFigure label="Shares">{formatShares(position.shares)}</CardFigure>
        <CardFigure label="Avg cost">{formatMoney(position.avg_cost)}</CardFigure>
        <CardFigure label="Last close">{formatMoney(position.last_close)}</CardFigure>
        <CardFigure label="Value" testId="position-card-value">{formatMoney(position.value)}</CardFigure>
        <CardFigure label="Unrealised">
          <span className={plTone(position.unrealised_pl)}>
            {formatMoney(position.unrealised_pl)} ({formatPercent(position.unrealised_pct)})
          </span>
        </CardFigure>
        <CardFigure label="Stop">{position.stop === null ? "None" : formatMoney(position.stop)}</CardFigure>
        <CardFigure label="R">{formatR(position.r_multiple)}</CardFigure>
        <CardFigure label="Open risk">{formatMoney(position.open_risk)}</CardFigure>
      </dl>
      {position.alerts.length > 0 ? (
        <p className="mt-2 text-sm text-ink">
          <span className="font-semibold">Alert: </span>
          <AlertsCell position={position} />
        </p>
      ) : null}
    </li>
  );
}
