import { Link } from "react-router";
import { ArrowRight, PanelRightOpen } from "lucide-react";
import { RecommendationBadge } from "../../../components/analysis-report/recommendation-badge";
import { buttonClasses } from "../../../components/ui/button";
import type { PublicListEntry } from "../../../lib/public-list-api";
import { formatPercent, formatPrice, formatVolume } from "../../../lib/format";
import { buyPointDistanceText, buyPointPosition, EXTENDED_LABEL, type BuyPointPosition } from "../../../../core/analysis/buy-point-position";
import { WatchButton } from "../../../components/watchlist/watch-button";
import { StockLogo } from "./stock-logo";
import { paths } from "../../../../contracts/paths";

export interface StockCardProps {
  entry: PublicListEntry;
  onOpen: (entry: PublicListEntry) => void;
}

/** Where the stock stands against its buy point: the server's figures, or the same rule on the report (decision 018). */
function positionOf(entry: PublicListEntry): BuyPointPosition {
  if (entry.setup) return entry.setup;
  const summary = entry.report.stock_summary;
  return buyPointPosition({ price: summary.current_metrics?.price, buyPoint: summary.trade_setup?.buy_point, stopLoss: summary.trade_setup?.stop_loss });
}

type Summary = PublicListEntry["report"]["stock_summary"];

function CardFigure({ label, testId, value }: { label: string; testId: string; value: string }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd data-testid={testId} className="font-semibold text-ink tabular-nums">
        {value}
      </dd>
    </div>
  );
}

/** Price, volume, buy point and stop loss. */
function CardFigures({ summary }: { summary: Summary }) {
  return (
    <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      <CardFigure label="Price" testId="stock-card-price" value={formatPrice(summary.current_metrics?.price)} />
      <CardFigure label="Volume" testId="stock-card-volume" value={formatVolume(summary.current_metrics?.volume)} />
      <CardFigure label="Buy Point" testId="stock-card-buy-point" value={formatPrice(summary.trade_setup?.buy_point)} />
      <CardFigure label="Stop Loss" testId="stock-card-stop-loss" value={formatPrice(summary.trade_setup?.stop_loss)} />
    </dl>
  );
}

/**
 * One recommendation on the landing page (docs/product.md): logo, name, price, volume, Buy Point, Stop
 * Loss and the action, with the distance to the buy point, the risk to the stop and, more than 5%
 * above the buy point, the 'Extended' label (decision 018). The body (and 'Quick view') opens the
 * detail panel; 'Details' goes to /stock/{ticker}.
 */
export function StockCard({ entry, onOpen }: StockCardProps) {
  const summary = entry.report.stock_summary;
  const ticker = summary.ticker;
  const company = entry.report.meta?.company?.name;
  const titleId = `stock-card-${entry.id}-title`;
  const position = positionOf(entry);
  const distance = buyPointDistanceText(position.distance);
  return (
    <article
      aria-labelledby={titleId}
      data-testid="stock-card"
      data-ticker={ticker}
      data-rank={entry.setup?.rank}
      data-extended={position.extended ? "true" : undefined}
      // A click anywhere on the card body opens the panel; keyboard users have the 'Quick view' button.
      onClick={(event) => {
        if (event.target instanceof Element && event.target.closest("a, button")) return;
        onOpen(entry);
      }}
      className="flex w-full min-w-0 cursor-pointer flex-col rounded-2xl border border-line bg-surface p-5 shadow-card transition-shadow hover:shadow-header"
    >
      <div className="flex items-start gap-3">
        <StockLogo ticker={ticker} />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-lg font-bold tracking-tight text-ink">
            {ticker}
          </h3>
          {typeof company === "string" && company !== "" ? (
            <p data-testid="stock-card-company" className="truncate text-sm text-muted">
              {company}
            </p>
          ) : null}
        </div>
        <RecommendationBadge action={summary.recommendation?.action} className="px-2.5 py-0.5 text-xs" />
      </div>
      <CardFigures summary={summary} />
      {distance !== null || position.risk !== null ? (
        <p className="mt-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-t border-line pt-3 text-sm">
          {distance !== null ? (
            <span data-testid="stock-card-distance" className="font-semibold text-ink tabular-nums">
              {distance}
            </span>
          ) : null}
          {position.risk !== null ? (
            <span className="text-muted">
              Risk to stop{" "}
              <span data-testid="stock-card-risk" className="font-semibold text-ink tabular-nums">
                {formatPercent(position.risk)}
              </span>
            </span>
          ) : null}
        </p>
      ) : null}
      {position.extended ? (
        <p data-testid="stock-card-extended" className="mt-3 rounded-lg border border-warning-300 bg-warning-50 px-3 py-1.5 text-sm font-medium text-warning-800">
          {EXTENDED_LABEL}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        <Link to={paths.stock(ticker)} className={buttonClasses({ size: "sm" })} aria-label={`Details of ${ticker}`}>
          Details
          <ArrowRight aria-hidden="true" size={16} />
        </Link>
        <button
          type="button"
          onClick={() => {
            onOpen(entry);
          }}
          aria-label={`Quick view of ${ticker}`}
          className={buttonClasses({ size: "sm", variant: "secondary" })}
        >
          <PanelRightOpen aria-hidden="true" size={16} />
          Quick view
        </button>
        <WatchButton ticker={ticker} />
      </div>
    </article>
  );
}
