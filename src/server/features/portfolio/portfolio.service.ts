import type { AlertKind } from "../../../contracts/watchlist";
import {
  POSITION_LIMIT_CODE,
  POSITION_NOT_FOUND_CODE,
  POSITION_OVERSOLD_CODE,
  POSITION_UNKNOWN_TICKER_CODE,
  positionPlanSchema,
  type CreatePositionRequest,
  type Portfolio,
  type PortfolioHistory,
  type Position,
  type Positions,
  type UpdatePositionRequest,
} from "../../../contracts/portfolio";
import { uploadedCsvText } from "../../csv-files";
import { SymbolNotFoundError } from "../../../core/market/market-data-provider";
import { isoFromDayNumber, lastCompletedSession } from "../../../core/market/trading-calendar";
import { replayFifo } from "../../../core/portfolio/lots";
import { readTransactionsCsv, writeTransactionsCsv, type RowError } from "../../../core/portfolio/transactions-csv";
import { portfolioTotals, valuePosition } from "../../../core/portfolio/valuation";
import { valueSeries, type DailyClose } from "../../../core/portfolio/value-series";
import { AppError } from "../../app-error";
import type { Clock } from "../../clock";
import type { PositionsRepository, StoredPosition, TradeResult } from "./positions.repository";


/** A holder alert shown beside its position (read from the alerts; the holder-alert feature fills it). */
interface PositionAlert {
  positionId: string;
  kind: AlertKind;
  session: string;
  title: string;
}

/** The last close of a ticker; null when its bars could not be read. */
export type LastClose = { date: string; close: number } | null;

export interface PortfolioServiceDeps {
  positions: PositionsRepository;
  /** Last closes from the cached daily bars; a ticker whose bars fail maps to null, never throws. */
  closes(tickers: string[]): Promise<Map<string, LastClose>>;
  /** Daily closes from `since` on (and the one before it); a ticker whose bars fail maps to none, never throws. */
  closeSeries(tickers: string[], since: string): Promise<Map<string, DailyClose[]>>;
  /** The benchmark the history compares with (SPY unless configured). */
  benchmarkTicker: string;
  tickerExists(ticker: string): Promise<boolean>;
  isPremium(email: string): Promise<boolean>;
  limits: { freeOpenPositions: number };
  /** Whether premium can be bought on this server: only then is it offered. */
  premiumForSale: boolean;
  holderAlerts(userId: string, positionIds: string[]): Promise<PositionAlert[]>;
  now: Clock;
}

interface PortfolioUser {
  id: string;
  email: string;
}

export type PortfolioImportOutcome = { ok: true; imported: number; opened: number } | { ok: false; errors: RowError[] };

const notFound = () => new AppError(404, POSITION_NOT_FOUND_CODE, "No position with this id.");

function positionView({ row, trades }: StoredPosition): Position {
  const replay = replayFifo(trades);
  const valued = valuePosition({ id: row.id, ticker: row.ticker, stop: row.stop, initialStop: row.initialStop, timeExit: row.timeExit, trades }, null);
  const plan = positionPlanSchema.safeParse(row.plan);
  return {
    id: row.id,
    ticker: row.ticker,
    source: row.source as Position["source"],
    opened_on: row.openedOn,
    closed_on: row.closedOn,
    shares: valued.shares,
    avg_cost: valued.avg_cost,
    cost: valued.cost,
    realised_pl: valued.realised_pl,
    stop: row.stop,
    initial_stop: row.initialStop,
    time_exit: row.timeExit,
    price_above: row.priceAbove === null ? null : { level: row.priceAbove, fired_on: row.priceAboveFiredOn },
    price_below: row.priceBelow === null ? null : { level: row.priceBelow, fired_on: row.priceBelowFiredOn },
    plan: plan.success ? plan.data : null,
    lots: replay.lots.map((lot) => ({ trade_id: lot.tradeId, date: lot.date, shares: lot.shares, price: lot.price, cost_per_share: Math.round(lot.costPerShare * 10_000) / 10_000 })),
    trades: trades.map((trade) => ({ id: trade.id, date: trade.date, side: trade.side, shares: trade.shares, price: trade.price, fees: trade.fees })),
    created_at: row.createdAt.toISOString(),
  };
}

/** A verified user's positions and portfolio (decision 062); every call is scoped by the user's id. */
export class PortfolioService {
  constructor(private readonly deps: PortfolioServiceDeps) {}

  private async limitFor(user: PortfolioUser): Promise<number | null> {
    return (await this.deps.isPremium(user.email)) ? null : this.deps.limits.freeOpenPositions;
  }

  private limitError(limit: number | null): AppError {
    const upgrade = this.deps.premiumForSale ? "Close or delete one, or upgrade to premium for unlimited positions." : "Close or delete one to open another.";
    return new AppError(403, POSITION_LIMIT_CODE, `Your portfolio is full: the free plan holds up to ${limit ?? 0} open positions. ${upgrade}`);
  }

  async list(user: PortfolioUser): Promise<Positions> {
    const [stored, limit] = await Promise.all([this.deps.positions.list(user.id), this.limitFor(user)]);
    return { positions: stored.map(positionView), limit, open: stored.filter((p) => p.row.closedOn === null).length };
  }

  async get(user: PortfolioUser, id: string): Promise<Position> {
    const stored = await this.deps.positions.get(user.id, id);
    if (!stored) throw notFound();
    return positionView(stored);
  }

  private async checkTicker(ticker: string): Promise<void> {
    let exists: boolean;
    try {
      exists = await this.deps.tickerExists(ticker);
    } catch (error) {
      if (!(error instanceof SymbolNotFoundError)) throw error;
      exists = false;
    }
    if (!exists) throw new AppError(404, POSITION_UNKNOWN_TICKER_CODE, `No stock found for '${ticker}'. Check the ticker and try again.`);
  }

  async create(user: PortfolioUser, request: CreatePositionRequest): Promise<Position> {
    await this.checkTicker(request.ticker);
    const limit = await this.limitFor(user);
    const result = await this.deps.positions.create(
      user.id,
      {
        ticker: request.ticker,
        source: request.source,
        stop: request.stop ?? null,
        timeExit: request.time_exit ?? null,
        plan: request.plan ?? null,
        trade: { date: request.date, side: "buy", shares: request.shares, price: request.price, fees: request.fees ?? 0 },
      },
      limit,
      this.deps.now(),
    );
    if ("problem" in result) throw this.limitError(limit);
    return this.get(user, result.id);
  }

  async update(user: PortfolioUser, id: string, request: UpdatePositionRequest): Promise<Position> {
    const now = this.deps.now();
    if (request.trade) {
      const limit = await this.limitFor(user);
      const { side, date, shares, price, fees } = request.trade;
      const result = await this.deps.positions.addTrade(user.id, id, { side, date, shares, price, fees: fees ?? 0 }, limit, now);
      if ("problem" in result) throw this.tradeError(result, limit, date);
    }
    const patch = { stop: request.stop, timeExit: request.time_exit, priceAbove: request.price_above, priceBelow: request.price_below };
    if (!(await this.deps.positions.update(user.id, id, patch, now))) throw notFound();
    return this.get(user, id);
  }

  private tradeError(result: Exclude<TradeResult, { ok: true }>, limit: number | null, date: string): AppError {
    if (result.problem === "oversold") return new AppError(400, POSITION_OVERSOLD_CODE, `This sell is more than the ${result.held} shares held on ${date}.`);
    if (result.problem === "limit") return this.limitError(limit);
    if (result.problem === "already_open") return new AppError(409, "position_already_open", "You already hold this ticker in another open position. Add the buy there.");
    return notFound();
  }

  async remove(user: PortfolioUser, id: string): Promise<void> {
    if (!(await this.deps.positions.remove(user.id, id))) throw notFound();
  }

  /** Open positions valued at the last close; a ticker without bars has null values, never an error. */
  async portfolio(user: PortfolioUser): Promise<Portfolio> {
    const stored = await this.deps.positions.list(user.id);
    const open = stored.filter((p) => p.row.closedOn === null);
    const [closes, alerts] = await Promise.all([this.deps.closes([...new Set(open.map((p) => p.row.ticker))]), this.deps.holderAlerts(user.id, open.map((p) => p.row.id))]);
    const valued = stored.map(({ row, trades }) => {
      const last = row.closedOn === null ? (closes.get(row.ticker) ?? null) : null;
      return { row, last, value: valuePosition({ id: row.id, ticker: row.ticker, stop: row.stop, initialStop: row.initialStop, timeExit: row.timeExit, trades }, last?.close ?? null) };
    });
    const dates = [...closes.values()].flatMap((close) => (close ? [close.date] : [])).sort();
    return {
      as_of: dates.at(-1) ?? isoFromDayNumber(lastCompletedSession(this.deps.now())),
      positions: valued
        .filter(({ row }) => row.closedOn === null)
        .map(({ row, last, value }) => ({
          id: row.id,
          ticker: row.ticker,
          shares: value.shares,
          avg_cost: value.avg_cost ?? 0,
          last_close: last?.close ?? null,
          value: value.value,
          unrealised_pl: value.unrealised_pl,
          unrealised_pct: value.unrealised_pct,
          stop: row.stop,
          r_multiple: value.r_multiple,
          open_risk: value.open_risk,
          alerts: alerts.filter((alert) => alert.positionId === row.id).map(({ kind, session, title }) => ({ kind, session, title })),
        })),
      totals: portfolioTotals(valued.map(({ value }) => value)),
    };
  }

  /** The user's positions (open and closed) valued on each session against the same dollars in the benchmark (decision 064). */
  async history(user: PortfolioUser): Promise<PortfolioHistory> {
    const benchmark = this.deps.benchmarkTicker;
    const held = (await this.deps.positions.list(user.id)).map(({ row, trades }) => ({ ticker: row.ticker, trades }));
    const first = held.flatMap(({ trades }) => trades.map((trade) => trade.date)).sort()[0];
    if (first === undefined) return { benchmark, points: [] };
    const closes = await this.deps.closeSeries([...new Set([...held.map((position) => position.ticker), benchmark])], first);
    return { benchmark, points: valueSeries(held, closes, benchmark) };
  }

  /** All or nothing: every row valid and written, or nothing written and the problems listed. */
  async importCsv(user: PortfolioUser, file: Buffer | string | undefined): Promise<PortfolioImportOutcome> {
    const text = uploadedCsvText(file, { row: "transaction", saveAs: "Save your transactions" });
    const parsed = readTransactionsCsv(text, this.deps.now());
    if (!parsed.ok) {
      if (parsed.kind === "invalid") return { ok: false, errors: parsed.errors };
      throw new AppError(400, parsed.kind === "too_many_rows" ? "too_many_rows" : "empty_csv", parsed.message);
    }
    const unknown = await this.unknownTickers(parsed.rows.map((row) => row.ticker));
    const tickerErrors = parsed.rows.filter((row) => unknown.has(row.ticker)).map((row) => ({ line: row.line, column: "ticker", message: `No stock found for '${row.ticker}'.` }));
    if (tickerErrors.length > 0) return { ok: false, errors: tickerErrors.slice(0, 200) };
    const limit = await this.limitFor(user);
    const result = await this.deps.positions.importRows(user.id, parsed.rows, limit, this.deps.now());
    if ("problem" in result) {
      if (result.problem === "invalid") return { ok: false, errors: result.errors };
      throw new AppError(403, POSITION_LIMIT_CODE, `The file was not imported: it would leave ${result.open} positions open, and the free plan holds up to ${limit ?? 0}. Nothing was changed.`);
    }
    return { ok: true, ...result };
  }

  /** Each distinct ticker checked once, eight at a time. */
  private async unknownTickers(tickers: string[]): Promise<Set<string>> {
    const distinct = [...new Set(tickers)];
    const unknown = new Set<string>();
    for (let i = 0; i < distinct.length; i += 8) {
      await Promise.all(
        distinct.slice(i, i + 8).map(async (ticker) => {
          const exists = await this.deps.tickerExists(ticker).catch((error: unknown) => {
            if (error instanceof SymbolNotFoundError) return false;
            throw error;
          });
          if (!exists) unknown.add(ticker);
        }),
      );
    }
    return unknown;
  }

  /** The user's trades as a transactions CSV that imports back to the same positions. */
  async exportCsv(user: PortfolioUser): Promise<{ filename: string; csv: string }> {
    const stored = await this.deps.positions.list(user.id);
    const csv = writeTransactionsCsv(stored.map(({ row, trades }) => ({ ticker: row.ticker, stop: row.stop, initialStop: row.initialStop, trades })));
    return { filename: `quanta-transactions-${this.deps.now().toISOString().slice(0, 10)}.csv`, csv };
  }
}
