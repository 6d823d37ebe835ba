import { Link } from "react-router";
import { FileText, Filter, RefreshCw, Trash2 } from "lucide-react";
import { RecommendationBadge } from "../../../components/analysis-report/recommendation-badge";
import { Field, FieldList, ToneText } from "../../../components/analysis-report/report-section";
import { trendTone } from "../../../components/analysis-report/tones";
import { Button, buttonClasses } from "../../../components/ui/button";
import type { AnalysisEntry } from "../../../lib/analysis-record";
import { focusAfterRemoval } from "../../../lib/focus-after-removal";
import { formatDateTime, formatPrice, formatVolume, textOrNa } from "../../../lib/format";
import { paths } from "../../../../contracts/paths";
import { outcomeSentence } from "./analysis-outcome";
import { ShareControls } from "./share-controls";

export interface AnalysisCardProps {
  entry: AnalysisEntry;
  onFilter: (ticker: string) => void;
  onRemove: (entry: AnalysisEntry) => void;
  onDetails: (entry: AnalysisEntry) => void;
}

/** The card's Filter and Remove, beside its title. */
function CardActions({ entry, onFilter, onRemove }: Pick<AnalysisCardProps, "entry" | "onFilter" | "onRemove">) {
  const ticker = entry.report.stock_summary.ticker;
  return (
    <div className="flex shrink-0 gap-1">
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          onFilter(ticker);
        }}
      >
        <Filter aria-hidden="true" size={16} />
        Filter
      </Button>
      <Button
        size="sm"
        variant="ghost"
        data-remove-action=""
        onClick={(event) => {
          focusAfterRemoval(event.currentTarget.closest("article"));
          onRemove(entry);
        }}
        className="text-danger-700 hover:bg-danger-50"
      >
        <Trash2 aria-hidden="true" size={16} />
        Remove
      </Button>
    </div>
  );
}

/** One analysis of the history (docs/product.md). */
export function AnalysisCard({ entry, onFilter, onRemove, onDetails }: AnalysisCardProps) {
  const summary = entry.report.stock_summary;
  const ticker = summary.ticker;
  const titleId = `analysis-${entry.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="analysis-card"
      data-ticker={ticker}
      data-id={entry.id}
      className="flex flex-col rounded-2xl border border-line bg-surface p-5 shadow-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-xl font-bold tracking-tight text-ink">
            {ticker}
          </h2>
          <time dateTime={entry.timestamp} data-testid="analysis-timestamp" className="block text-sm whitespace-nowrap text-muted">
            {formatDateTime(entry.timestamp)}
          </time>
        </div>
        <CardActions entry={entry} onFilter={onFilter} onRemove={onRemove} />
      </div>

      <FieldList className="mt-4">
        <Field label="Price" testId="card-price">
          {formatPrice(summary.current_metrics?.price)}
        </Field>
        <Field label="Volume" testId="card-volume">
          {formatVolume(summary.current_metrics?.volume)}
        </Field>
        <Field label="Recommendation">
          <RecommendationBadge action={summary.recommendation?.action} className="px-2.5 py-0.5 text-xs" />
        </Field>
        <Field label="Buy Point" testId="card-buy-point">
          {formatPrice(summary.trade_setup?.buy_point)}
        </Field>
        <Field label="Target" testId="card-target">
          {formatPrice(summary.trade_setup?.target_price)}
        </Field>
        <Field label="Trend" stacked>
          <ToneText tone={trendTone(summary.technical_analysis?.trend)} testId="card-trend">
            {textOrNa(summary.technical_analysis?.trend)}
          </ToneText>
        </Field>
        <Field label="Volume Analysis" stacked testId="card-volume-analysis">
          {textOrNa(summary.technical_analysis?.volume_analysis)}
        </Field>
        {entry.outcome ? (
          <Field label="Since then" stacked testId="card-outcome">
            {outcomeSentence(entry.outcome)}
          </Field>
        ) : null}
      </FieldList>

      <ShareControls entry={entry} />

      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <Link
          to={paths.stocks({ ticker, autoSearch: true })}
          className={buttonClasses({ variant: "secondary", size: "sm" })}
        >
          <RefreshCw aria-hidden="true" size={16} />
          Analyze Again
        </Link>
        <Button
          size="sm"
          onClick={() => {
            onDetails(entry);
          }}
        >
          <FileText aria-hidden="true" size={16} />
          More Details
        </Button>
      </div>
    </article>
  );
}
