/**
 * Public GET requests a page needs first, started when its route is matched — before the page's
 * code has arrived — so the answer is on its way while the chunk loads. The page's fetcher takes
 * the answer once (and checks it as usual); a failed or old early request is ignored and the fetcher
 * asks again. No zod here: this module is in the entry chunk.
 */

/** An early answer older than this is not used (the page fetches afresh). */
const EARLY_MAX_AGE_MS = 30_000;

const started = new Map<string, { at: number; body: Promise<unknown> }>();

/** Starts GET `path` (JSON, no auth header) unless one is already on its way. */
export function startEarlyRequest(path: string, now: () => number = Date.now): void {
  if (started.has(path) || typeof fetch !== "function") return;
  const body = fetch(path, { credentials: "same-origin", headers: { accept: "application/json" } })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : undefined))
    .catch(() => undefined);
  started.set(path, { at: now(), body });
}

/** The body of the early request for `path`, once; undefined when none was started, it is old or it failed. */
export async function takeEarlyAnswer(path: string, now: () => number = Date.now): Promise<unknown> {
  const entry = started.get(path);
  started.delete(path);
  if (!entry || now() - entry.at > EARLY_MAX_AGE_MS) return undefined;
  return entry.body;
}
