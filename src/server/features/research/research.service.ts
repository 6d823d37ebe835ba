import { randomUUID } from "node:crypto";
import { analysisReportSchema } from "../../../contracts/stock-summary";
import type { CallOutcome } from "../../../contracts/track-record";
import { InsufficientHistoryError, InvalidBarsError } from "../../../core/analysis/analyze-stock";
import type { AnalysisReport } from "../../../core/analysis/analysis-report";
import { MarketDataUnavailableError, SymbolNotFoundError } from "../../../core/market/market-data-provider";
import { AppError } from "../../app-error";
import type { AuthenticatedUser, VerifiedUser } from "../../plugins/require-user";
import type { DailyUsageRepository } from "./daily-usage.repository";

/** How long a removed analysis can be brought back. */
const UNDO_WINDOW_MS = 60 * 60 * 1000;
const MAX_INPUT_LENGTH = 64;

/** Who asked for the analysis: an LLM narrator bills its tokens to this user's daily budget. */
interface AnalysisContext {
  userId: string;
}

/** What an analysis made now would be made from: the ticker, its latest session's date and the source. */
export interface LatestSession {
  ticker: string;
  asOf: string;
  dataSource: string;
}

export interface Analyzer {
  analyze(query: string, context: AnalysisContext): Promise<AnalysisReport>;
  /** Resolves the query and reads the date of its latest session (cached bars: cheap, not charged). */
  latestSession(query: string): Promise<LatestSession>;
}

/** One analysis in a user's history. */
export interface StoredAnalysis {
  id: string;
  ticker: string;
  analysis: unknown;
  createdAt: Date;
}

/** What research needs of the stored analyses (stored-analyses/, the table's one owner). */
interface AnalysisHistory {
  insert(row: { id: string; userId: string; ticker: string; action: string; analysis: unknown; createdAt: Date }): Promise<void>;
  listForUser(userId: string, ticker?: string): Promise<(StoredAnalysis & { shareToken: string | null })[]>;
  /** The user's latest analysis of the ticker made from session `dataDate` of `dataSource`, or null. */
  findForDataDate(userId: string, ticker: string, dataDate: string, dataSource: string): Promise<StoredAnalysis | null>;
  /** Inserts unless such an analysis exists (atomically); answers the existing one, or null when inserted. */
  insertUnlessSameDataDate(
    row: { id: string; userId: string; ticker: string; action: string; analysis: unknown; createdAt: Date },
    dataDate: string,
    dataSource: string,
  ): Promise<StoredAnalysis | null>;
  /** Hides one of the user's analyses (undoable); false when it is not theirs or not there. */
  softDelete(userId: string, id: string, at: Date): Promise<boolean>;
  /** Brings back an analysis the user removed since `since`. */
  restore(userId: string, id: string, since: Date): Promise<boolean>;
  /** Removes for good what was removed before `before`. */
  purgeRemovedBefore(before: Date): Promise<number>;
}

export interface ResearchDependencies {
  analyzer: Analyzer;
  analyses: AnalysisHistory;
  /** How the user's own analyses among `ids` have done since (the track record follows them). */
  outcomes: (userId: string, ids: string[]) => Promise<ReadonlyMap<string, CallOutcome>>;
  usage: DailyUsageRepository;
  isPremium: (email: string) => Promise<boolean>;
  freeDailyAnalyses: number;
  /** Whether premium can be bought on this server (Stripe's Buy Button is configured): only then is it offered. */
  premiumForSale: boolean;
  now: () => Date;
}

export interface Usage {
  used: number;
  limit: number | null;
  remaining: number | null;
  premium: boolean;
  resetsAt: string;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

function nextUtcMidnight(at: Date): string {
  const next = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
  return next.toISOString();
}

/** The answer to an analysis request; `reused` when it is the stored analysis of the same data. */
export interface AnalyzeOutcome {
  report: AnalysisReport;
  id: string;
  timestamp: string;
  reused: { analyzedAt: string; dataDate: string } | null;
}

/**
 * The research rules: who may analyse, how many a day, and the caller's own history.
 *
 * An analysis is charged once per ticker and market data date: asking again for a ticker whose
 * latest session the caller has already analysed answers that stored analysis, without charging the
 * daily limit or adding to the history. One user's requests for one ticker run one after the other in
 * this process, so a double click costs one analysis; across instances the store keeps one row and
 * the loser gives its reservation back.
 */
export class ResearchService {
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: ResearchDependencies) {}

  /**
   * Only for a verified account (the route's requireUser gate and the type both say so). The page's
   * explicit 'Refresh' comes here too and follows the same rule: charged only for newer data.
   */
  async analyzeFor(user: VerifiedUser, rawInput: string | undefined): Promise<AnalyzeOutcome> {
    const input = (rawInput ?? "").trim().toUpperCase();
    if (!input) throw new AppError(400, "ticker_required", "Ticker symbol is required");
    if (input.length > MAX_INPUT_LENGTH) {
      throw new AppError(400, "invalid_ticker", `A ticker or company name has at most ${MAX_INPUT_LENGTH} characters.`);
    }
    let latest: LatestSession;
    try {
      latest = await this.deps.analyzer.latestSession(input);
    } catch (error) {
      throw toHttpError(error);
    }
    return this.oneAtATime(`${user.id}\u0000${latest.ticker}`, () => this.analyzeLatest(user, input, latest));
  }

  private async analyzeLatest(user: VerifiedUser, input: string, latest: LatestSession): Promise<AnalyzeOutcome> {
    const stored = await this.deps.analyses.findForDataDate(user.id, latest.ticker, latest.asOf, latest.dataSource);
    if (stored && isReport(stored.analysis)) return reusedOutcome(stored, stored.analysis, latest.asOf);

    const now = this.deps.now();
    const day = utcDay(now);
    const premium = await this.deps.isPremium(user.email);
    if (!premium) {
      const reserved = await this.deps.usage.reserve(user.id, day, this.deps.freeDailyAnalyses);
      if (reserved === null) {
        throw new AppError(
          429,
          "daily_limit",
          this.deps.premiumForSale
            ? `You have reached your daily limit of ${this.deps.freeDailyAnalyses} free analyses. Upgrade to Premium for unlimited analyses, or come back tomorrow.`
            : `You have reached your daily limit of ${this.deps.freeDailyAnalyses} free analyses. New analyses are possible again after 00:00 UTC.`,
        );
      }
    }
    let report: AnalysisReport;
    try {
      report = await this.deps.analyzer.analyze(input, { userId: user.id });
    } catch (error) {
      if (!premium) await this.deps.usage.release(user.id, day);
      throw toHttpError(error);
    }
    const id = randomUUID();
    const ticker = report.stock_summary.ticker;
    const dataDate = report.meta.as_of;
    const row = { id, userId: user.id, ticker, action: report.stock_summary.recommendation.action, analysis: report, createdAt: now };
    const existing = await this.deps.analyses.insertUnlessSameDataDate(row, dataDate, report.meta.data_source);
    if (existing && isReport(existing.analysis)) {
      // Another instance stored the same analysis meanwhile: that one counts, this one is given back.
      if (!premium) await this.deps.usage.release(user.id, day);
      return reusedOutcome(existing, existing.analysis, dataDate);
    }
    if (existing) await this.deps.analyses.insert(row);
    return { report, id, timestamp: now.toISOString(), reused: null };
  }

  /** Runs `task` after the tasks already running under `key` have settled. */
  private async oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.running.get(key) ?? Promise.resolve();
    const result = before.then(task, task);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(key, settled);
    try {
      return await result;
    } finally {
      if (this.running.get(key) === settled) this.running.delete(key);
    }
  }

  async usageFor(user: AuthenticatedUser): Promise<Usage> {
    const now = this.deps.now();
    const premium = await this.deps.isPremium(user.email);
    const used = await this.deps.usage.used(user.id, utcDay(now));
    const limit = premium ? null : this.deps.freeDailyAnalyses;
    return { used, limit, remaining: limit === null ? null : Math.max(0, limit - used), premium, resetsAt: nextUtcMidnight(now) };
  }

  /** The user's analyses, newest first, each with how its call has done since (null until scored). */
  async history(user: AuthenticatedUser, ticker: string | undefined): Promise<(StoredAnalysis & { shareToken: string | null; outcome: CallOutcome | null })[]> {
    const rows = await this.deps.analyses.listForUser(user.id, ticker?.trim().toUpperCase() || undefined);
    const outcomes = await this.deps.outcomes(user.id, rows.map((row) => row.id));
    return rows.map((row) => ({ ...row, outcome: outcomes.get(row.id) ?? null }));
  }

  async remove(user: AuthenticatedUser, id: string): Promise<void> {
    const now = this.deps.now();
    if (!(await this.deps.analyses.softDelete(user.id, id, now))) throw notFound();
    await this.deps.analyses.purgeRemovedBefore(new Date(now.getTime() - UNDO_WINDOW_MS));
  }

  async restore(user: AuthenticatedUser, id: string): Promise<void> {
    const since = new Date(this.deps.now().getTime() - UNDO_WINDOW_MS);
    if (!(await this.deps.analyses.restore(user.id, id, since))) throw notFound();
  }
}

/** A stored analysis is answered again only when it is a whole report (an imported row may not be). */
function isReport(analysis: unknown): analysis is AnalysisReport {
  return analysisReportSchema.safeParse(analysis).success;
}

function reusedOutcome(stored: StoredAnalysis, report: AnalysisReport, dataDate: string): AnalyzeOutcome {
  const timestamp = stored.createdAt.toISOString();
  return { report, id: stored.id, timestamp, reused: { analyzedAt: timestamp, dataDate } };
}

function notFound(): AppError {
  return new AppError(404, "not_found", "No analysis with this id in your history.");
}

/** Engine and provider failures as the HTTP answers of the research API. */
function toHttpError(error: unknown): unknown {
  if (error instanceof SymbolNotFoundError) return new AppError(404, "not_found", error.message);
  if (error instanceof InsufficientHistoryError || error instanceof InvalidBarsError) {
    return new AppError(422, error.code, error.message);
  }
  if (error instanceof MarketDataUnavailableError) {
    return new AppError(503, "market_data_unavailable", "Market data provider unavailable, please try again later");
  }
  return error;
}
