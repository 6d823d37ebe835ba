import { gzipSync } from "node:zlib";
import type { Logger } from "../../logger";
import { analysisReportSchema } from "../../../contracts/stock-summary";
import { rankSetups, type SetupRankInput } from "../../../core/analysis/buy-point-position";
import type { PublicAnalysesRepository, PublicAnalysisRow } from "./public-analyses.repository";

/** Answers are rebuilt at most this often per query, so several instances converge after a refresh. */
const LIST_CACHE_MS = 10_000;

export interface PublicListFilter {
  ticker?: string | undefined;
  action?: "BUY" | "WATCH" | undefined;
}

/** docs/product.md: kept only when buy_point is not null, 0, '0' or 'N/A'. */
export function hasBuyPoint(report: { stock_summary: { trade_setup: { buy_point: unknown } } }): boolean {
  const value = report.stock_summary.trade_setup.buy_point;
  return !(value === null || value === undefined || value === 0 || value === "0" || value === "N/A");
}

/** A list's answer, serialised once: the JSON and its gzip. */
export interface ListBody {
  body: Buffer;
  gzip: Buffer;
}

/** A stored row ready for the list: its JSON fields serialised once, and what its rank is computed from. */
interface ListItem {
  ticker: string;
  action: string;
  /** `"id":…,"analysis":…,"timestamp":…` without braces; the answer adds `setup`. */
  fields: string;
  rankInput: SetupRankInput;
}

/**
 * The public 'Stocks to buy' / 'Stocks to watch' list (public-refresh.service.ts keeps it fresh). Each answer comes ranked
 * by setup quality, extended stocks labelled and last (decision 018).
 */
export class PublicRecommendationsService {
  private cache = new Map<string, ListBody & { expires: number }>();
  private rebuilding = new Map<string, Promise<ListBody>>();
  private items = new Map<string, { createdAt: number; item: ListItem | null }>();

  constructor(
    private readonly deps: {
      repository: PublicAnalysesRepository;
      log: Logger;
    },
  ) {}

  /**
   * The JSON body of GET /api/public-buy-stocks, plain and gzipped, the same bytes for every visitor
   * (the same object while it is cached, so a caller may memoise per body). A body older than a few
   * seconds is still served while one rebuild runs in the background, so no request waits for it;
   * rows are parsed once each, not on every rebuild. A cached body is returned as it is, not in a
   * promise: the route answers it without a turn of the event loop.
   */
  listBody(filter: PublicListFilter): ListBody | Promise<ListBody> {
    const key = `${filter.ticker ?? ""}|${filter.action ?? ""}`;
    const cached = this.cache.get(key);
    if (cached && cached.expires > Date.now()) return cached;
    const rebuild = this.rebuilding.get(key) ?? this.rebuild(key, filter);
    return cached ?? rebuild;
  }

  private rebuild(key: string, filter: PublicListFilter): Promise<ListBody> {
    const work = (async () => {
      const items: ListItem[] = [];
      for (const row of await this.deps.repository.list()) {
        const item = this.parsedItem(row);
        if (!item) continue;
        if (filter.action && item.action !== filter.action) continue;
        if (filter.ticker && item.ticker !== filter.ticker) continue;
        items.push(item);
      }
      const ranked = rankSetups(items, (item) => item.rankInput).map(({ item, rank, position }) => {
        const setup = JSON.stringify({ rank, distance: position.distance, extended: position.extended, risk: position.risk });
        return `{${item.fields},"setup":${setup}}`;
      });
      const body = Buffer.from(`{"analyses":[${ranked.join(",")}]}`);
      const entry = { body, gzip: gzipSync(body), expires: Date.now() + LIST_CACHE_MS };
      if (this.cache.size > 500) this.cache.clear();
      this.cache.set(key, entry);
      return entry;
    })();
    this.rebuilding.set(key, work);
    void work.then(
      () => this.rebuilding.delete(key),
      () => this.rebuilding.delete(key),
    );
    return work;
  }

  /** A row as a list item (schema-checked, buy point present), memoised per stored row. */
  private parsedItem(row: PublicAnalysisRow): ListItem | null {
    const memo = this.items.get(row.id);
    if (memo && memo.createdAt === row.createdAt.getTime()) return memo.item;
    const parsed = analysisReportSchema.safeParse(row.analysis);
    let item: ListItem | null = null;
    if (!parsed.success) {
      this.deps.log.warn({ ticker: row.ticker, id: row.id }, "skipping a public analysis that does not parse");
    } else if (hasBuyPoint(parsed.data)) {
      const report = parsed.data;
      const summary = report.stock_summary;
      const json = JSON.stringify({ id: row.id, analysis: JSON.stringify(report), timestamp: row.createdAt.toISOString() });
      item = {
        ticker: summary.ticker,
        action: summary.recommendation.action,
        fields: json.slice(1, -1),
        rankInput: {
          ticker: summary.ticker,
          price: summary.current_metrics.price,
          buyPoint: summary.trade_setup.buy_point,
          stopLoss: summary.trade_setup.stop_loss,
          trendScore: report.meta.trend_template.score,
          rsRating: report.meta.rs_rating,
        },
      };
    }
    if (this.items.size > 20_000) this.items.clear();
    this.items.set(row.id, { createdAt: row.createdAt.getTime(), item });
    return item;
  }

  /** Drops the answers built so far (a refresh has replaced the lists). */
  invalidate(): void {
    this.cache.clear();
  }
}
