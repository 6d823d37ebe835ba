import { paths } from "../../../contracts/paths";
import { screenerQuerySchema, type ScreenDefinition, type ScreenerQuery } from "../../../contracts/screener";

/**
 * The screen lives in the address (bookmark, share, reload, back button): the page reads its query
 * from the URL and every change writes a new URL. Unknown keys and values the API would refuse are
 * dropped, so an edited or outdated link still opens a screen instead of an error.
 */

const KEYS = Object.keys(screenerQuerySchema.shape) as (keyof ScreenerQuery)[];

/** The screen an address holds (the API's defaults where it says nothing or something invalid). */
export function queryFromSearch(search: URLSearchParams): ScreenerQuery {
  const raw: Record<string, string> = {};
  for (const key of KEYS) {
    const value = search.get(key);
    if (value !== null && value.trim() !== "") raw[key] = value;
  }
  const first = screenerQuerySchema.safeParse(raw);
  if (first.success) return first.data;
  for (const issue of first.error.issues) {
    const key = issue.path[0];
    if (typeof key === "string") delete raw[key];
  }
  const second = screenerQuerySchema.safeParse(raw);
  return second.success ? second.data : screenerQuerySchema.parse({});
}

/** The address of a screen (the query string only, '' for the default screen). */
export function searchFromQuery(query: Partial<ScreenerQuery>): string {
  const path = paths.screener(query);
  const mark = path.indexOf("?");
  return mark === -1 ? "" : path.slice(mark);
}

/** A screen without its page: what a saved screen holds. */
export function definitionOf(query: ScreenerQuery): ScreenDefinition {
  const { page: _page, ...definition } = query;
  return definition;
}

/** True when the screen filters on anything (the sort and page size aside). */
export function hasFilters(query: ScreenerQuery): boolean {
  return KEYS.some((key) => !["sort", "page", "page_size"].includes(key) && query[key] !== undefined);
}
