import type { PublicListAction } from "../../../../contracts/public-list";
import { fetchPublicList, PUBLIC_LIST_FAILURE, type PublicListEntry } from "../../../lib/public-list-api";
import { requestErrorMessage } from "../../../lib/request-error-message";

/**
 * The landing page's BUY or WATCH list (GET /api/public-buy-stocks?action=, lib/public-list-api.ts).
 * A failure is one sentence there (PUBLIC_LIST_FAILURE or the server's own); the page shows it
 * after one prefix, never a chain of them (decision 019).
 */
export async function fetchPublicStocks(action: PublicListAction, signal?: AbortSignal): Promise<PublicListEntry[]> {
  return fetchPublicList({ action }, signal);
}

/** Common first words of a sentence that read lower-case after a colon; a name ('Quanta') keeps its capital. */
const LOWER_AFTER_COLON = new Set(["The", "This", "Too", "Something", "Please", "You", "A", "An", "It", "No"]);

/**
 * 'Failed to load stock recommendations: {message}' (docs/product.md), with one plain sentence as
 * {message}: the server's own, or what went wrong ('the server could not send the lists. Please try again.').
 */
export function listFailureMessage(error: unknown): string {
  const sentence = requestErrorMessage(error, { failure: PUBLIC_LIST_FAILURE });
  const first = sentence.split(/\s/, 1)[0] ?? "";
  const message = LOWER_AFTER_COLON.has(first) ? `${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}` : sentence;
  return `Failed to load stock recommendations: ${message}`;
}
