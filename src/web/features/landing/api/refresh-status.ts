import type { PublicRefreshStatus } from "../../../../contracts/public-refresh-status";
import { apiJson } from "../../../lib/api-client";
import { checkedBody, isRecord } from "../../../lib/body-checks";

/**
 * GET /api/public-lists/status: whether the daily screen behind the public lists is running. Read by
 * the landing page's lists when they are empty, so it is checked by hand, not by zod (decision 008);
 * refresh-status.test.ts runs the check against contracts/public-refresh-status.ts.
 */

const isCount = (value: unknown) => typeof value === "number" && Number.isInteger(value) && value >= 0;

/** contracts/public-refresh-status.ts `publicRefreshStatusSchema`, by hand. */
export function parseRefreshStatus(body: unknown): PublicRefreshStatus | null {
  if (!isRecord(body) || typeof body.refreshing !== "boolean") return null;
  if (body.finishedAt !== null && typeof body.finishedAt !== "string") return null;
  const progress = body.progress;
  if (progress !== null && !(isRecord(progress) && isCount(progress.done) && isCount(progress.total))) return null;
  return {
    refreshing: body.refreshing,
    finishedAt: body.finishedAt,
    progress: progress === null ? null : { done: progress.done as number, total: progress.total as number },
  };
}

const refreshStatusBody = checkedBody(parseRefreshStatus);

export function fetchRefreshStatus(signal?: AbortSignal): Promise<PublicRefreshStatus> {
  return apiJson("/api/public-lists/status", { method: "GET", auth: false, signal }, refreshStatusBody);
}

export const REFRESHING_TITLE = "Refreshing…";

/** The line under 'Refreshing…': how far today's screen has come, when the server knows. */
export function refreshingLine(progress: PublicRefreshStatus["progress"]): string {
  if (!progress || progress.total === 0) return "Today’s screen is running; the lists appear when it finishes.";
  const done = Math.min(progress.done, progress.total).toLocaleString("en-US");
  return `Today’s screen is running (${done} of ${progress.total.toLocaleString("en-US")} stocks); the lists appear when it finishes.`;
}
