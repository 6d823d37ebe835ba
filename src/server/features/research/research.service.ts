import { randomUUID } from "node:crypto";
import { InsufficientHistoryError, InvalidBarsError } from "../../../core/analysis/analyze-stock";
import type { AnalysisReport } from "../../../core/analysis/analysis-report";
import { MarketDataUnavailableError, SymbolNotFoundError } from "../../../core/market/market-data-provider";
import { AppError } from "../../app-error";
import type { AuthenticatedUser, VerifiedUser } from "../../plugins/require-user";
import type { DailyUsageRepository } from "./daily-usage.repository";

/** How long a removed analysis can be brought back. */
export const UNDO_WINDOW_MS = 60 * 60 * 1000;
const MAX_INPUT_LENGTH = 64;

/** Who asked for the analysis: an LLM narrator bills its tokens to this user's daily budget. */
export interface AnalysisContext {
  userId: string;
}

export interface Analyzer {
  analyze(query: string, context: AnalysisContext): Promise<AnalysisReport>;
}

/** One analysis in a user's history. */
export interface StoredAnalysis {
  id: string;
  ticker: string;
  analysis: unknown;
  createdAt: Date;
}

/** What research needs of the stored analyses (stored-analyses/, the table's one owner). */
export interface AnalysisHistory {
  insert(row: { id: string; userId: string; ticker: string; action: string; analysis: unknown; createdAt: Date }): Promise<void>;
  listForUser(userId: string, ticker?: string): Promise<StoredAnalysis[]>;
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
  usage: DailyUsageRepository;
  isPremium: (email: string) => Promise<boolean>;
  freeDailyAnalyses: number;
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

/** The research rules: who may analyse, how many a day, and the caller's own history. */
export class ResearchService {
  constructor(private readonly deps: ResearchDependencies) {}

  /** Only for a verified account (the route's requireUser gate and the type both say so). */
  async analyzeFor(user: VerifiedUser, rawInput: string | undefined): Promise<{ report: AnalysisReport; id: string; timestamp: string }> {
    const input = (rawInput ?? "").trim().toUpperCase();
    if (!input) throw new AppError(400, "ticker_required", "Ticker symbol is required");
    if (input.length > MAX_INPUT_LENGTH) {
      throw new AppError(400, "invalid_ticker", `A ticker or company name has at most ${MAX_INPUT_LENGTH} characters.`);
    }
    const now = this.deps.now();
    const day = utcDay(now);
    const premium = await this.deps.isPremium(user.email);
    if (!premium) {
      const reserved = await this.deps.usage.reserve(user.id, day, this.deps.freeDailyAnalyses);
      if (reserved === null) {
        throw new AppError(
          429,
          "daily_limit",
          `You have reached your daily limit of ${this.deps.freeDailyAnalyses} free analyses. Upgrade to Premium for unlimited analyses, or come back tomorrow.`,
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
    await this.deps.analyses.insert({
      id,
      userId: user.id,
      ticker: report.stock_summary.ticker,
      action: report.stock_summary.recommendation.action,
      analysis: report,
      createdAt: now,
    });
    return { report, id, timestamp: now.toISOString() };
  }

  async usageFor(user: AuthenticatedUser): Promise<Usage> {
    const now = this.deps.now();
    const premium = await this.deps.isPremium(user.email);
    const used = await this.deps.usage.used(user.id, utcDay(now));
    const limit = premium ? null : this.deps.freeDailyAnalyses;
    return { used, limit, remaining: limit === null ? null : Math.max(0, limit - used), premium, resetsAt: nextUtcMidnight(now) };
  }

  history(user: AuthenticatedUser, ticker: string | undefined): Promise<StoredAnalysis[]> {
    return this.deps.analyses.listForUser(user.id, ticker?.trim().toUpperCase() || undefined);
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

function notFound(): AppError {
  return new AppError(404, "not_found", "No analysis with this id in your history.");
}

/** Engine and provider failures as the HTTP answers of the research API. */
export function toHttpError(error: unknown): unknown {
  if (error instanceof SymbolNotFoundError) return new AppError(404, "not_found", error.message);
  if (error instanceof InsufficientHistoryError || error instanceof InvalidBarsError) {
    return new AppError(422, error.code, error.message);
  }
  if (error instanceof MarketDataUnavailableError) {
    return new AppError(503, "market_data_unavailable", "Market data provider unavailable, please try again later");
  }
  return error;
}
