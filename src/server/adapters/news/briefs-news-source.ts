import type { AnalysisReport } from "../../../contracts/stock-summary";
import type { NewsSource } from "./news-source";
import type { NewsArticle } from "../../../contracts/news";
import { sanitizeNewsHtml } from "./sanitize-news";
import { escapeHtml as escape } from "../../html-escape";

const BRIEFS_AUTHOR = "Quanta briefs";
/** A WATCH setup within this fraction below its buy point is 'near the pivot'. */
const NEAR_PIVOT = 0.05;
const MAX_WATCH_BRIEFS = 8;

export interface StoredReport {
  report: AnalysisReport;
  /** When the analysis was made (the article's date). */
  createdAt: Date;
}

const money = (value: number) => `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const percent = (fraction: number) => `${(Math.abs(fraction) * 100).toFixed(1)}%`;
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const baseName = (type: string) => (type === "VCP" ? "volatility contraction (VCP)" : type.toLowerCase());
/** 'a 10-week', 'an 8-week', 'an 11-week', 'an 18-week'. */
const aWeeks = (weeks: number) => `${/^(8|11|18)$|^8\d$/.test(String(weeks)) ? "an" : "a"} ${weeks}-week`;
const sentenceOf = (text: string) => text.trim().replace(/\.?$/, ".");

function setupFigures(report: AnalysisReport): string {
  const s = report.stock_summary;
  const parts: string[] = [];
  const stop = num(s.trade_setup.stop_loss);
  const target = num(s.trade_setup.target_price);
  if (stop !== null) parts.push(`stop loss ${money(stop)}`);
  if (target !== null) parts.push(`target ${money(target)}`);
  const quality = [`Trend Template ${report.meta.trend_template.score}/8`];
  if (report.meta.rs_rating !== null) quality.push(`RS rating ${report.meta.rs_rating}`);
  return `<p>${parts.length > 0 ? `Setup: ${escape(parts.join(", "))}. ` : ""}${escape(quality.join(", "))}.</p>`;
}

function article(ticker: string, title: string, html: string, createdAt: Date, tickers: string[] = [ticker]): NewsArticle {
  return {
    image: `/api/logos/${encodeURIComponent(ticker)}`,
    title,
    link: `/stock/${encodeURIComponent(ticker)}`,
    author: BRIEFS_AUTHOR,
    content: sanitizeNewsHtml(html),
    date: createdAt.toISOString(),
    tickers: tickers.join(","),
  };
}

/** A BUY with a base: the breakout, from the pivot, the close and the volume. */
function breakoutBrief({ report, createdAt }: StoredReport): NewsArticle | null {
  const s = report.stock_summary;
  const base = report.meta.base;
  if (s.recommendation.action !== "BUY" || !base) return null;
  const price = s.current_metrics.price;
  const above = base.pivot > 0 ? (price - base.pivot) / base.pivot : 0;
  const weeks = Math.max(1, Math.round(base.weeks));
  const title = `${s.ticker} breaks out of ${aWeeks(weeks)} ${baseName(base.type)}`;
  const html =
    `<p>${escape(report.meta.company.name)} (${s.ticker}) closed at ${money(price)} on ${report.meta.as_of}, ` +
    `${percent(above)} ${above >= 0 ? "above" : "below"} its ${money(base.pivot)} pivot (buy range up to ${money(base.buy_range_high)}) ` +
    `after ${aWeeks(weeks)} base ${percent(base.depth)} deep. ${escape(sentenceOf(s.technical_analysis.volume_analysis))}</p>` +
    setupFigures(report);
  return article(s.ticker, title, html, createdAt);
}

/** A WATCH setup a few percent under its buy point. */
function nearPivot({ report }: StoredReport): number | null {
  const s = report.stock_summary;
  const buyPoint = num(s.trade_setup.buy_point);
  if (s.recommendation.action !== "WATCH" || buyPoint === null || buyPoint <= 0) return null;
  const below = (buyPoint - s.current_metrics.price) / buyPoint;
  return below >= 0 && below <= NEAR_PIVOT ? below : null;
}

function watchBrief(stored: StoredReport, below: number): NewsArticle {
  const { report, createdAt } = stored;
  const s = report.stock_summary;
  const buyPoint = num(s.trade_setup.buy_point)!;
  const base = report.meta.base;
  const title = `${s.ticker} sets up ${percent(below)} below its ${money(buyPoint)} buy point`;
  const html =
    `<p>${escape(report.meta.company.name)} (${s.ticker}) closed at ${money(s.current_metrics.price)} on ${report.meta.as_of}, ` +
    `${percent(below)} under the ${money(buyPoint)} buy point` +
    (base ? ` of ${aWeeks(Math.max(1, Math.round(base.weeks)))} ${baseName(base.type)} ${percent(base.depth)} deep` : "") +
    `. It is on the watch list until it clears the pivot on volume. ${escape(sentenceOf(s.technical_analysis.volume_analysis))}</p>` +
    setupFigures(report);
  return article(s.ticker, title, html, createdAt);
}

/** The market's trend from the newest report, with the day's count of BUY, WATCH and SELL. */
function marketBrief(reports: StoredReport[], benchmark: string): NewsArticle | null {
  const newest = reports.reduce<StoredReport | null>((a, b) => (!a || b.createdAt > a.createdAt ? b : a), null);
  if (!newest) return null;
  const market = newest.report.stock_summary.market_analysis;
  const counts = { BUY: 0, WATCH: 0, SELL: 0 };
  for (const { report } of reports) counts[report.stock_summary.recommendation.action]++;
  const buys = reports
    .filter((r) => r.report.stock_summary.recommendation.action === "BUY")
    .map((r) => r.report.stock_summary.ticker)
    .sort();
  const title = `Market trend: ${market.market_trend.trim().replace(/\.$/, "")}`;
  const html =
    `<p>${escape(sentenceOf(market.market_sentiment))}</p>` +
    `<p>Of ${reports.length} stocks analysed for ${newest.report.meta.as_of}: ${counts.BUY} BUY, ${counts.WATCH} WATCH, ${counts.SELL} SELL.` +
    (buys.length > 0 ? ` Buy signals: ${buys.join(", ")}.` : "") +
    `</p>`;
  return { ...article(benchmark, title, html, newest.createdAt, [benchmark, ...buys.slice(0, 11)]), link: "/#buy-list" };
}

/**
 * 'Quanta briefs': short articles written from the latest public analyses (offline, the default):
 * one per BUY breakout, the WATCH setups nearest their buy point, and the market trend.
 */
export class BriefsNewsSource implements NewsSource {
  readonly id = "briefs";

  constructor(private readonly options: { reports: () => Promise<StoredReport[]>; benchmarkTicker: string }) {}

  async fetchArticles(): Promise<NewsArticle[]> {
    const reports = await this.options.reports();
    const articles: NewsArticle[] = [];
    const market = marketBrief(reports, this.options.benchmarkTicker);
    if (market) articles.push(market);
    const byRs = [...reports].sort((a, b) => (b.report.meta.rs_rating ?? 0) - (a.report.meta.rs_rating ?? 0));
    for (const stored of byRs) {
      const brief = breakoutBrief(stored);
      if (brief) articles.push(brief);
    }
    const watches = byRs
      .map((stored) => ({ stored, below: nearPivot(stored) }))
      .filter((w): w is { stored: StoredReport; below: number } => w.below !== null)
      .sort((a, b) => a.below - b.below)
      .slice(0, MAX_WATCH_BRIEFS);
    for (const { stored, below } of watches) articles.push(watchBrief(stored, below));
    return articles;
  }
}
