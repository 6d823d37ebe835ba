import { Clock } from "lucide-react";
import type { ReportData } from "../../lib/analysis-record";
import { cn } from "../../lib/cn";
import {
  NA,
  epsQuarterLabel,
  formatCalendarDate,
  formatPercent,
  formatPrice,
  formatVolume,
  isFiniteNumber,
  textOrNa,
} from "../../lib/format";
import { PriceChart } from "./price-chart";
import { RecommendationBadge } from "./recommendation-badge";
import { Field, FieldList, ReportSection, TextList, ToneText } from "./report-section";
import { marketTrendTone, sentimentTone, trendTone } from "./tones";
import { TrackRecordEvidence } from "./track-record-evidence";
import { TrendTemplateChecklist } from "./trend-template-checklist";
import { DemoDataBadge } from "./demo-data-badge";
import { WatchButton } from "../watchlist/watch-button";
import { BoughtButton } from "../portfolio/bought-button";
import { PositionSizeCalculator } from "../portfolio/position-size-calculator";

const NO_OWNERSHIP_DATA = "No ownership data available";
const NO_OWNERSHIP_TREND = "No trend data available";

export interface AnalysisReportProps {
  report: ReportData;
  /** Show the price chart (default true). */
  showChart?: boolean;
  className?: string;
}

/** Who wrote the report's words: meta.narrator is 'rules' (or absent in older reports) or 'llm:<model>'. */
function narratorLabel(narrator: unknown): string {
  return typeof narrator === "string" && narrator.startsWith("llm:") && narrator.length > 4 ? `Narrated by ${narrator.slice(4)}` : "Written by Quanta rules";
}

function ReportHeader({ report }: { report: ReportData }) {
  const summary = report.stock_summary;
  const company = report.meta?.company;
  const sectorLine = [company?.sector, company?.industry].filter((v): v is string => typeof v === "string" && v !== "");
  const asOf = report.meta?.as_of;
  // Real data names its source next to the date; demo data has its badge instead.
  const source = !report.meta?.demo && typeof report.meta?.data_source === "string" ? report.meta.data_source : null;
  // Prices are shown without a symbol; a listing in another currency says which.
  const currency = typeof report.meta?.currency === "string" && report.meta.currency !== "USD" ? report.meta.currency : null;
  const stale = report.meta?.stale_data === true;
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          <h2 data-testid="report-ticker" className="text-2xl font-bold tracking-tight text-ink">
            {summary.ticker}
          </h2>
          {report.meta?.demo ? <DemoDataBadge testId="demo-badge" /> : null}
          {stale ? (
            <span
              data-testid="stale-badge"
              title={`${source ?? "The data provider"} could not be reached: this report uses the last cached data.`}
              className="inline-flex items-center gap-1 rounded-full border border-warning-300 bg-warning-50 px-2.5 py-0.5 text-xs font-semibold text-warning-800"
            >
              <Clock aria-hidden="true" size={14} />
              Cached data{typeof asOf === "string" ? ` as of ${formatCalendarDate(asOf)}` : ""}
            </span>
          ) : null}
        </div>
        {company?.name ? (
          <p data-testid="report-company" className="mt-1 text-lg font-medium text-ink">
            {company.name}
          </p>
        ) : null}
        <p className="mt-1 text-sm text-muted">
          {sectorLine.length > 0 ? <span data-testid="report-sector">{sectorLine.join(" · ")}</span> : null}
          {sectorLine.length > 0 && typeof asOf === "string" ? <span aria-hidden="true"> · </span> : null}
          {typeof asOf === "string" ? (
            <span data-testid="report-as-of" className="whitespace-nowrap">
              As of <time dateTime={asOf}>{formatCalendarDate(asOf)}</time>
            </span>
          ) : null}
          {source ? (
            <span data-testid="report-source" className="whitespace-nowrap">
              {" "}
              · Data: {source}
            </span>
          ) : null}
          {currency ? (
            <span data-testid="report-currency" className="whitespace-nowrap">
              {" "}
              · Prices in {currency}
            </span>
          ) : null}
        </p>
        <p data-testid="report-narrator" className="mt-0.5 text-xs text-muted">
          {narratorLabel(report.meta?.narrator)}
        </p>
      </div>
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <span className="text-xs font-semibold tracking-wide text-muted uppercase">Recommendation</span>
        <RecommendationBadge action={summary.recommendation?.action} className="text-base" />
        <div className="mt-2 flex flex-wrap items-start gap-2 sm:justify-end">
          <WatchButton ticker={summary.ticker} className="sm:items-end" />
          <BoughtButton
            ticker={summary.ticker}
            plan={{ asOf, buyPoint: summary.trade_setup?.buy_point, stop: summary.trade_setup?.stop_loss, target: summary.trade_setup?.target_price }}
            className="sm:items-end"
          />
        </div>
      </div>
    </header>
  );
}

function CurrentMetrics({ report }: { report: ReportData }) {
  const metrics = report.stock_summary.current_metrics;
  return (
    <ReportSection title="Current Metrics" id="metrics">
      <FieldList>
        <Field label="Price" testId="metric-price">
          {formatPrice(metrics?.price)}
        </Field>
        <Field label="Volume" testId="metric-volume">
          {formatVolume(metrics?.volume)}
        </Field>
        <Field label="52-Week High" testId="metric-52w-high">
          {formatPrice(metrics?.fifty_two_week?.high)}
        </Field>
        <Field label="52-Week Low" testId="metric-52w-low">
          {formatPrice(metrics?.fifty_two_week?.low)}
        </Field>
        <Field label="Distance from 52-Week High" testId="metric-distance-from-high">
          {formatPercent(report.stock_summary.technical_analysis?.distance_from_52_week_high)}
        </Field>
      </FieldList>
    </ReportSection>
  );
}

/** The report's base type ('VCP', 'Flat base', 'Cup with handle'), or null when it has none. */
function baseTypeOf(report: ReportData): string | null {
  const type = report.meta?.base?.type;
  return typeof type === "string" ? type : null;
}

function Recommendation({ report, className }: { report: ReportData; className?: string }) {
  const recommendation = report.stock_summary.recommendation;
  return (
    <ReportSection title="Recommendation" id="recommendation" className={className}>
      <div className="space-y-5">
        <div>
          <h4 className="text-sm font-semibold text-ink">Triggers</h4>
          <div className="mt-2">
            <TextList items={recommendation?.triggers} testId="recommendation-triggers" />
          </div>
        </div>
        <div>
          <h4 className="text-sm font-semibold text-ink">Risk Factors</h4>
          <div className="mt-2">
            <TextList items={recommendation?.risk_factors} testId="recommendation-risk-factors" />
          </div>
        </div>
        <div>
          <h4 className="text-sm font-semibold text-ink">Risk Management</h4>
          <p data-testid="recommendation-risk-management" className="mt-2 text-sm text-ink">
            {textOrNa(recommendation?.risk_management)}
          </p>
        </div>
        <TrackRecordEvidence baseType={baseTypeOf(report)} />
      </div>
    </ReportSection>
  );
}

function TradeSetup({ report }: { report: ReportData }) {
  const setup = report.stock_summary.trade_setup;
  return (
    <ReportSection title="Trade Setup" id="trade-setup">
      <FieldList>
        <Field label="Buy Point" testId="trade-buy-point">
          {formatPrice(setup?.buy_point)}
        </Field>
        <Field label="Target Price" testId="trade-target-price">
          {formatPrice(setup?.target_price)}
        </Field>
        <Field label="Stop Loss" testId="trade-stop-loss">
          {formatPrice(setup?.stop_loss)}
        </Field>
        <Field label="Setup Type" testId="trade-setup-type">
          {textOrNa(setup?.setup_type)}
        </Field>
      </FieldList>
      <PositionSizeCalculator buyPoint={setup?.buy_point} stop={setup?.stop_loss} />
    </ReportSection>
  );
}

function TechnicalAnalysis({ report }: { report: ReportData }) {
  const technical = report.stock_summary.technical_analysis;
  const averages = technical?.moving_averages;
  return (
    <ReportSection title="Technical Analysis" id="technical">
      <FieldList>
        <Field label="EMA 50" testId="technical-ema-50">
          {formatPrice(averages?.ema_50)}
        </Field>
        <Field label="EMA 150" testId="technical-ema-150">
          {formatPrice(averages?.ema_150)}
        </Field>
        <Field label="EMA 200" testId="technical-ema-200">
          {formatPrice(averages?.ema_200)}
        </Field>
        <Field label="Trend" stacked>
          <ToneText tone={trendTone(technical?.trend)} testId="technical-trend">
            {textOrNa(technical?.trend)}
          </ToneText>
        </Field>
        <Field label="Volume Analysis" stacked testId="technical-volume-analysis">
          {textOrNa(technical?.volume_analysis)}
        </Field>
        <Field label="Volatility Pattern" stacked testId="technical-volatility-pattern">
          {textOrNa(technical?.volatility_pattern)}
        </Field>
        <Field label="Technical Setup" stacked testId="technical-setup">
          {textOrNa(technical?.technical_setup)}
        </Field>
        <Field label="Setup Trigger" stacked testId="technical-setup-trigger">
          {textOrNa(technical?.technical_setup_trigger)}
        </Field>
        <Field label="Key Triggers" stacked>
          <TextList items={technical?.technical_setup_trigger_key_triggers} testId="technical-key-triggers" />
        </Field>
        <Field label="Trigger Risk Factors" stacked>
          <TextList items={technical?.technical_setup_trigger_risk_factors} testId="technical-trigger-risk-factors" />
        </Field>
      </FieldList>
    </ReportSection>
  );
}

function FundamentalAnalysis({ report }: { report: ReportData }) {
  const fundamental = report.stock_summary.fundamental_analysis;
  const growth = Array.isArray(fundamental?.quarterly_eps_growth) ? fundamental.quarterly_eps_growth : [];
  return (
    <ReportSection title="Fundamental Analysis" id="fundamental">
      <FieldList>
        <Field label="Quarterly EPS Growth" stacked>
          {growth.length === 0 ? (
            <span data-testid="eps-growth-empty">{NA}</span>
          ) : (
            <ul data-testid="eps-growth" className="flex flex-wrap gap-2">
              {growth.map((value, index) => (
                <li
                  key={epsQuarterLabel(index, growth.length)}
                  className="rounded-lg border border-line bg-canvas px-3 py-1.5 tabular-nums"
                >
                  <span className="mr-1.5 text-xs font-semibold text-muted">{epsQuarterLabel(index, growth.length)}:</span>
                  <span className={cn(isFiniteNumber(value) && value < 0 && "text-danger-700")}>{formatPercent(value)}</span>
                </li>
              ))}
            </ul>
          )}
        </Field>
        <Field label="Quarterly EPS Growth Trend" stacked testId="fundamental-eps-trend">
          {textOrNa(fundamental?.quarterly_eps_growth_trend)}
        </Field>
        <Field label="Annual Growth Trend" stacked testId="fundamental-annual-trend">
          {textOrNa(fundamental?.annual_growth_trend)}
        </Field>
        <Field label="Industry Position" stacked testId="fundamental-industry-position">
          {textOrNa(fundamental?.industry_position)}
        </Field>
        <Field label="Sector Performance" stacked testId="fundamental-sector-performance">
          {textOrNa(fundamental?.sector_performance)}
        </Field>
      </FieldList>
    </ReportSection>
  );
}

function InstitutionalOwnership({ report }: { report: ReportData }) {
  const ownership = report.stock_summary.institutional_ownership;
  const share = ownership?.institutional_ownership;
  const trend = ownership?.institutional_ownership_trend;
  return (
    <ReportSection title="Institutional Ownership" id="ownership">
      <FieldList>
        <Field label="Institutional Ownership" testId="ownership-percent">
          {isFiniteNumber(share) ? formatPercent(share) : NO_OWNERSHIP_DATA}
        </Field>
        <Field label="Ownership Trend" stacked testId="ownership-trend">
          {typeof trend === "string" && trend.trim() !== "" ? trend : NO_OWNERSHIP_TREND}
        </Field>
      </FieldList>
    </ReportSection>
  );
}

function MarketAnalysis({ report }: { report: ReportData }) {
  const market = report.stock_summary.market_analysis;
  return (
    <ReportSection title="Market Analysis" id="market">
      <FieldList>
        <Field label="Market Sentiment" stacked>
          <ToneText tone={sentimentTone(market?.market_sentiment)} testId="market-sentiment">
            {textOrNa(market?.market_sentiment)}
          </ToneText>
        </Field>
        <Field label="Market Trend" stacked>
          <ToneText tone={marketTrendTone(market?.market_trend)} testId="market-trend">
            {textOrNa(market?.market_trend)}
          </ToneText>
        </Field>
      </FieldList>
    </ReportSection>
  );
}

function RiskAssessment({ report }: { report: ReportData }) {
  const risk = report.stock_summary.risk_assessment;
  return (
    <ReportSection title="Risk Assessment" id="risk">
      <FieldList>
        <Field label="Market Conditions" stacked testId="risk-market-conditions">
          {textOrNa(risk?.market_conditions)}
        </Field>
        <Field label="Technical Risks" stacked testId="risk-technical">
          {textOrNa(risk?.technical_risks)}
        </Field>
        <Field label="Setup Risks" stacked testId="risk-setup">
          {textOrNa(risk?.setup_risks)}
        </Field>
      </FieldList>
    </ReportSection>
  );
}

/**
 * The full analysis (docs/product.md): header, metrics, recommendation, trade setup, chart, technical,
 * Trend Template, fundamental, ownership, market and risk sections. Missing values show 'N/A'.
 */
export function AnalysisReport({ report, showChart = true, className }: AnalysisReportProps) {
  const summary = report.stock_summary;
  const setup = summary.trade_setup;
  return (
    <article
      data-testid="analysis-report"
      aria-label={`Analysis of ${summary.ticker}`}
      className={cn("analysis-report space-y-6", className)}
    >
      <ReportHeader report={report} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6">
          <CurrentMetrics report={report} />
          <TradeSetup report={report} />
        </div>
        <Recommendation report={report} className="lg:col-span-2" />
      </div>
      {showChart ? (
        <ReportSection title="Price Chart" id="chart" className="report-chart">
          <PriceChart
            ticker={summary.ticker}
            buyPoint={setup?.buy_point}
            stopLoss={setup?.stop_loss}
            target={setup?.target_price}
          />
        </ReportSection>
      ) : null}
      <div className="grid gap-6 md:grid-cols-2">
        <TechnicalAnalysis report={report} />
        <div className="space-y-6">
          <ReportSection title="Trend Template" id="trend-template">
            <TrendTemplateChecklist template={report.meta?.trend_template} />
          </ReportSection>
          <InstitutionalOwnership report={report} />
          <MarketAnalysis report={report} />
        </div>
        <FundamentalAnalysis report={report} />
        <RiskAssessment report={report} />
      </div>
    </article>
  );
}
