import { describe, expect, it } from "vitest";
import type { RefreshRunSummary } from "../server/features/public-recommendations/refresh-runs.repository";
import { formatRefreshRuns } from "./jobs-text";

const finished: RefreshRunSummary = {
  runId: "2026-11-25#ab12cd34",
  phase: "done",
  tickers: 500,
  chunks: 20,
  startedAt: new Date("2026-11-25T21:30:00Z"),
  finishedAt: new Date("2026-11-25T21:32:05Z"),
  chunksDone: 20,
  chunksRunning: 0,
  analysed: 498,
  failed: ["BADX", "GONE"],
  holders: { "server@a:11": 25, "worker@b:22": 15 },
  retried: 1,
  lastError: "connection reset",
  error: null,
};

describe("quanta jobs", () => {
  it("says how a finished run went: time, counts, failed tickers, instances busiest first, retries", () => {
    const text = formatRefreshRuns([finished], { completed: 41, failed: 0 }, new Date("2026-11-26T08:00:00Z"));
    expect(text).toContain("2026-11-25#ab12cd34  started 2026-11-25 21:30:00 UTC  500 tickers  done in 2 min 5 s");
    expect(text).toContain("analysed 498, failed 2 (BADX, GONE)");
    expect(text).toContain("chunks taken by server@a:11 25, worker@b:22 15");
    expect(text).toContain("retried chunks: 1 (last error: connection reset)");
    expect(text).toContain("Queue public-refresh: completed 41, failed 0");
    expect(text).not.toContain("watch-alerts");
    const withAlerts = formatRefreshRuns([finished], {}, new Date("2026-11-26T08:00:00Z"), { completed: 3, created: 1 });
    expect(withAlerts).toContain("Queue public-refresh: empty\nQueue watch-alerts: completed 3, created 1");
  });

  it("names the watched stocks an alert evaluation could not analyse", () => {
    const text = formatRefreshRuns([finished], {}, new Date("2026-11-26T08:00:00Z"), {}, [
      { runKey: "2026-11-25#ab12cd34", startedAt: new Date("2026-11-25T21:32:06Z"), raisedAt: new Date("2026-11-25T21:33:00Z"), slices: 3, slicesFinished: 3, failed: ["ECHF", "QBIT"], lastError: "could not store the slice" },
      { runKey: "2026-11-24#ef56ab78", startedAt: new Date("2026-11-24T21:32:06Z"), raisedAt: null, slices: 3, slicesFinished: 1, failed: [], lastError: null },
    ]);
    expect(text).toContain("alerts 2026-11-25#ab12cd34  started 2026-11-25 21:32:06 UTC  alerts raised, failed 2 (ECHF, QBIT) (last error: could not store the slice)");
    expect(text).toContain("alerts 2026-11-24#ef56ab78  started 2026-11-24 21:32:06 UTC  1/3 slices finished");
  });

  it("shows a run in progress by phase and chunks, and a first start with no run yet", () => {
    const running = { ...finished, phase: "analyse", finishedAt: null, chunksDone: 7, chunksRunning: 2, analysed: 175, failed: [], retried: 0, lastError: null };
    const text = formatRefreshRuns([running], {}, new Date("2026-11-25T21:30:40Z"));
    expect(text).toContain("analysing: 7/20 chunks done, 2 running, for 40 s");
    expect(text).toContain("Queue public-refresh: empty");
    expect(text).not.toContain("retried");
    expect(formatRefreshRuns([], {}, new Date())).toContain("No refresh run yet.");
  });

  it("shows a run that could not finish as failed, with its error", () => {
    const failedRun = { ...finished, phase: "failed", tickers: 0, chunks: 0, chunksDone: 0, analysed: 0, failed: [], holders: {}, retried: 0, lastError: null, error: "the universe file is missing" };
    const text = formatRefreshRuns([failedRun], { failed: 1 }, new Date("2026-11-26T08:00:00Z"));
    expect(text).toContain("2026-11-25#ab12cd34  started 2026-11-25 21:30:00 UTC  0 tickers  FAILED after 2 min 5 s: the universe file is missing");
    expect(text).toContain("Queue public-refresh: failed 1");
  });

  it("prints a ticker or error from the database as text, never as terminal control sequences", () => {
    const text = formatRefreshRuns([{ ...finished, failed: ["\u001b[2JX"], lastError: "\u001b]0;owned\u0007" }], {}, new Date());
    expect(text).not.toContain("\u001b");
  });
});
