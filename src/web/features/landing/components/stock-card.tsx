import { Link } from "react-router";
import { ArrowRight, PanelRightOpen } from "lucide-react";
import { RecommendationBadge } from "../../../components/analysis-report/recommendation-badge";
import { buttonClasses } from "../../../components/ui/button";
import type { AnalysisEntry } from "../../../lib/analysis-record";
import { formatPrice, formatVolume } from "../../../lib/format";
import { StockLogo } from "./stock-logo";
import { paths } from "../../../../contracts/paths";

export interface StockCardProps {
  entry: AnalysisEntry;
  onOpen: (entry: AnalysisEntry) => void;
}

/**
 * One recommendation on the landing page (SPEC.md §2): logo, name, price, volume, Buy Point, Stop
 * Loss and the action. The body (and 'Quick view') opens the detail panel; 'Details' goes to /stock/{ticker}.
 */
export function StockCard({ entry, onOpen }: StockCardProps) {
  const summary = entry.report.stock_summary;
  const ticker = summary.ticker;
  const company = entry.report.meta?.company?.name;
  const titleId = `stock-card-${entry.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="stock-card"
      data-ticker={ticker}
      // A click anywhere on the card body opens the panel; keyboard users have the 'Quick view' button.
      onClick={(event) => {
        if (event.target instanceof Element && event.target.closest("a, button")) return;
        onOpen(entry);
      }}
      className="flex w-full cursor-pointer flex-col rounded-2xl border border-line bg-surface p-5 shadow-card transition-shadow hover:shadow-header"
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
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-muted">Price</dt>
          <dd data-testid="stock-card-price" className="font-semibold text-ink tabular-nums">
            {formatPrice(summary.current_metrics?.price)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Volume</dt>
          <dd data-testid="stock-card-volume" className="font-semibold text-ink tabular-nums">
            {formatVolume(summary.current_metrics?.volume)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Buy Point</dt>
          <dd data-testid="stock-card-buy-point" className="font-semibold text-ink tabular-nums">
            {formatPrice(summary.trade_setup?.buy_point)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Stop Loss</dt>
          <dd data-testid="stock-card-stop-loss" className="font-semibold text-ink tabular-nums">
            {formatPrice(summary.trade_setup?.stop_loss)}
          </dd>
        </div>
      </dl>
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
      </div>
    </article>
  );
}
