import {
  savedScreenSchema,
  savedScreensResponseSchema,
  screenerResponseSchema,
  type CreateScreenRequest,
  type SavedScreen,
  type SavedScreensResponse,
  type ScreenerQuery,
  type ScreenerResponse,
} from "../../../../contracts/screener";
import { apiFetch, apiJson } from "../../../lib/api-client";
import { reworded } from "../../../lib/request-error-message";
import { searchFromQuery } from "../screen-url";

/**
 * The screener's endpoints (contracts/screener.ts). Failures keep the server's own sentence (the
 * saved screens' limit: 'You can save up to 3 screens…') and stable `code`.
 */

const SCREENER_FAILURE = "The screener could not be loaded. Please try again.";
const SCREENS_FAILURE = "Your saved screens could not be loaded. Please try again.";
const SAVE_FAILURE = "The screen could not be saved. Please try again.";
const DELETE_FAILURE = "The screen could not be deleted. Please try again.";

/** Query keys of the page: one per screen (its whole query), and the saved screens. */
export const screenerKeys = {
  all: ["screener"] as const,
  screen: (query: ScreenerQuery) => [...screenerKeys.all, "rows", searchFromQuery(query)] as const,
  saved: ["screener", "saved"] as const,
};

/** GET /api/screener?… */
export async function fetchScreen(query: ScreenerQuery, signal?: AbortSignal): Promise<ScreenerResponse> {
  try {
    return await apiJson(`/api/screener${searchFromQuery(query)}`, { method: "GET", signal }, screenerResponseSchema);
  } catch (error) {
    throw reworded(error, SCREENER_FAILURE);
  }
}

/** GET /api/screens */
export async function fetchSavedScreens(signal?: AbortSignal): Promise<SavedScreensResponse> {
  try {
    return await apiJson("/api/screens", { method: "GET", signal }, savedScreensResponseSchema);
  } catch (error) {
    throw reworded(error, SCREENS_FAILURE);
  }
}

/** POST /api/screens { name, query } → 201 the saved screen. */
export async function saveScreen(request: CreateScreenRequest): Promise<SavedScreen> {
  try {
    return await apiJson(
      "/api/screens",
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) },
      savedScreenSchema,
    );
  } catch (error) {
    throw reworded(error, SAVE_FAILURE);
  }
}

/** DELETE /api/screens/:id → 204. */
export async function deleteScreen(id: string): Promise<void> {
  try {
    await apiFetch(`/api/screens/${encodeURIComponent(id)}`, { method: "DELETE" });
  } catch (error) {
    throw reworded(error, DELETE_FAILURE);
  }
}
