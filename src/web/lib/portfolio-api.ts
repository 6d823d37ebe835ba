import { csvImportErrorSchema, type CsvRowError } from "../../contracts/csv-import";
import {
  portfolioSchema,
  positionSchema,
  positionsImportResponseSchema,
  positionsSchema,
  type CreatePositionRequest,
  type Portfolio,
  type Position,
  type Positions,
  type PositionsImportResponse,
  type UpdatePositionRequest,
} from "../../contracts/portfolio";
import { ApiRequestError, apiFetch, apiJson } from "./api-client";
import { reworded } from "./request-error-message";

/**
 * The signed-in user's portfolio (contracts/portfolio.ts): read by /portfolio and written by the
 * report's 'I bought this'. Shared here because the report is a shared component; the report loads
 * this module with `import()` (zod stays out of the landing page's first paint, decision 008).
 * Failures keep the server's own sentence ('You can hold up to 20 open positions…') and `code`.
 */

const PORTFOLIO_FAILURE = "Your portfolio could not be loaded. Please try again.";
const POSITIONS_FAILURE = "Your positions could not be loaded. Please try again.";
const CREATE_FAILURE = "The position could not be saved. Please try again.";
const UPDATE_FAILURE = "The change could not be saved. Please try again.";
const DELETE_FAILURE = "The position could not be deleted. Please try again.";

const JSON_HEADERS = { "content-type": "application/json" };

function positionPath(id: string): string {
  return `/api/positions/${encodeURIComponent(id)}`;
}

/** GET /api/portfolio: open positions valued at the last close, with totals. */
export async function fetchPortfolio(signal?: AbortSignal): Promise<Portfolio> {
  try {
    return await apiJson("/api/portfolio", { method: "GET", signal }, portfolioSchema);
  } catch (error) {
    throw reworded(error, PORTFOLIO_FAILURE);
  }
}

/** GET /api/positions: every position with its lots and trades. */
export async function fetchPositions(signal?: AbortSignal): Promise<Positions> {
  try {
    return await apiJson("/api/positions", { method: "GET", signal }, positionsSchema);
  } catch (error) {
    throw reworded(error, POSITIONS_FAILURE);
  }
}

/** POST /api/positions → 201 the new position. */
export async function createPosition(request: CreatePositionRequest): Promise<Position> {
  try {
    return await apiJson("/api/positions", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify(request) }, positionSchema);
  } catch (error) {
    throw reworded(error, CREATE_FAILURE);
  }
}

/** PATCH /api/positions/:id: move the stop, set levels or the time exit, or add a trade. */
export async function updatePosition(id: string, update: UpdatePositionRequest): Promise<Position> {
  try {
    return await apiJson(positionPath(id), { method: "PATCH", headers: JSON_HEADERS, body: JSON.stringify(update) }, positionSchema);
  } catch (error) {
    throw reworded(error, UPDATE_FAILURE);
  }
}

/** DELETE /api/positions/:id → 204. */
export async function deletePosition(id: string): Promise<void> {
  try {
    await apiFetch(positionPath(id), { method: "DELETE" });
  } catch (error) {
    throw reworded(error, DELETE_FAILURE);
  }
}

/** A refused transactions file: the server's sentence and the rows it rejected (none when the whole file was refused). */
export class TransactionsRejectedError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly rejected: CsvRowError[],
  ) {
    super(message);
    this.name = "TransactionsRejectedError";
  }
}

/** POST /api/positions/import (multipart `file`): all rows or none. */
export async function importTransactions(file: File): Promise<PositionsImportResponse> {
  const form = new FormData();
  form.append("file", file, file.name);
  try {
    return await apiJson("/api/positions/import", { method: "POST", body: form }, positionsImportResponseSchema);
  } catch (error) {
    if (error instanceof ApiRequestError) {
      const parsed = csvImportErrorSchema.safeParse(error.body);
      throw new TransactionsRejectedError(error.message, error.code, parsed.success ? (parsed.data.errors ?? []) : []);
    }
    throw error;
  }
}

/** GET /api/positions/export (Bearer): the user's trades as the import's CSV, with the server's file name. */
export async function downloadTransactionsCsv(): Promise<{ blob: Blob; filename: string }> {
  const response = await apiFetch("/api/positions/export", { method: "GET", headers: { accept: "text/csv" } });
  const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "quanta-transactions.csv";
  return { blob: await response.blob(), filename };
}
