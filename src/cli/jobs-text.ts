import type { RefreshRunSummary } from "../server/features/public-recommendations/refresh-runs.repository";
import type { AlertRunSummary } from "../server/features/watchlist/alert-runs.repository";
import { terminalSafe as safe } from "../core/text/terminal-safe";

function clock(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 120 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** `quanta jobs`: the refresh's recent runs, newest first, then the queue's counts, then the watch lists' evaluations. */
export function formatRefreshRuns(runs: RefreshRunSummary[], queue: Record<string, number>, now: Date, alertQueue?: Record<string, number>, alertRuns: AlertRunSummary[] = []): string {
  const lines: string[] = [];
  if (runs.length === 0) lines.push("No refresh run yet. The server starts one at start-up when the lists are empty or stale; `quanta refresh` starts one now.");
  for (const run of runs) {
    const state =
      run.phase === "done"
        ? `done in ${duration(run.finishedAt!.getTime() - run.startedAt.getTime())}`
        : run.phase === "failed"
          ? `FAILED after ${duration((run.finishedAt ?? now).getTime() - run.startedAt.getTime())}: ${safe(run.error ?? "unknown error")}`
          : run.phase === "finishing"
            ? `finishing: every chunk done, replacing the lists, for ${duration(now.getTime() - run.startedAt.getTime())}`
            : `${run.phase === "score" ? "scoring RS" : "analysing"}: ${run.chunksDone}/${run.chunks} chunks done, ${run.chunksRunning} running, for ${duration(now.getTime() - run.startedAt.getTime())}`;
    lines.push(`${safe(run.runId)}  started ${clock(run.startedAt)} UTC  ${run.tickers} tickers  ${state}`);
    lines.push(`  analysed ${run.analysed}, failed ${run.failed.length}${run.failed.length > 0 ? ` (${safe(run.failed.slice(0, 10).join(", "))}${run.failed.length > 10 ? ", …" : ""})` : ""}`);
    const holders = Object.entries(run.holders)
      .sort(([, a], [, b]) => b - a)
      .map(([holder, chunks]) => `${safe(holder)} ${chunks}`);
    if (holders.length > 0) lines.push(`  chunks taken by ${holders.join(", ")}`);
    if (run.retried > 0) lines.push(`  retried chunks: ${run.retried}${run.lastError ? ` (last error: ${safe(run.lastError)})` : ""}`);
  }
  const states = Object.entries(queue).map(([state, count]) => `${state} ${count}`);
  lines.push("", `Queue public-refresh: ${states.length > 0 ? states.join(", ") : "empty"}`);
  if (alertQueue) {
    // The watch lists' alerts, evaluated after each finished run (decision 032).
    const alertStates = Object.entries(alertQueue).map(([state, count]) => `${state} ${count}`);
    lines.push(`Queue watch-alerts: ${alertStates.length > 0 ? alertStates.join(", ") : "empty"}`);
  }
  for (const run of alertRuns) {
    // Watched stocks outside the universe a slice could not analyse: left out of that session, caught up by the next.
    const state = run.raisedAt ? "alerts raised" : `${run.slicesFinished}/${run.slices} slices finished`;
    const failed = run.failed.length > 0 ? `, failed ${run.failed.length} (${safe(run.failed.slice(0, 10).join(", "))}${run.failed.length > 10 ? ", …" : ""})` : "";
    lines.push(`  alerts ${safe(run.runKey)}  started ${clock(run.startedAt)} UTC  ${state}${failed}${run.lastError ? ` (last error: ${safe(run.lastError)})` : ""}`);
  }
  return `${lines.join("\n")}\n`;
}
