import { describe, expect, it } from "vitest";
import { findSamples, sampleValue } from "../test-support/prometheus-text";
import { METRIC_NAMES, Metrics } from "./metrics";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("Metrics", () => {
  it("renders the Prometheus text format with the process's default metrics", async () => {
    const metrics = new Metrics();
    expect(metrics.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    // The CPU counter counts from the registry's creation: use some, so a fast run cannot read 0.
    const busyUntil = Date.now() + 30;
    while (Date.now() < busyUntil) {
      // on the CPU, as a request would be
    }
    const text = await metrics.render();
    expect(sampleValue(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(findSamples(text, "nodejs_heap_size_used_bytes")).toHaveLength(1);
    expect(text).toContain(`# TYPE ${METRIC_NAMES.httpRequestDuration} histogram`);
  });

  it("reports the event loop's lag since the last scrape: p50, p99 and the maximum, in seconds", async () => {
    const metrics = new Metrics();
    await metrics.render(); // starts the monitor (once per process) and begins a new window
    await sleep(50);
    const blockedUntil = Date.now() + 300;
    while (Date.now() < blockedUntil) {
      // the event loop is held, as a synchronous analysis would hold it
    }
    await sleep(30);
    const blocked = await metrics.render();
    for (const quantile of ["0.5", "0.99", "1"]) expect(sampleValue(blocked, METRIC_NAMES.eventLoopLag, { quantile })).toBeGreaterThanOrEqual(0);
    expect(sampleValue(blocked, METRIC_NAMES.eventLoopLag, { quantile: "1" })).toBeGreaterThan(0.25);
    expect(sampleValue(blocked, METRIC_NAMES.eventLoopLag, { quantile: "0.5" })).toBeLessThan(0.1);

    await sleep(50);
    const next = await metrics.render();
    // A new window: the block before the last scrape is not in it.
    expect(sampleValue(next, METRIC_NAMES.eventLoopLag, { quantile: "1" })).toBeLessThan(0.25);
  });

  it("records requests by method, route pattern and status, unmatched when no route answered", async () => {
    const metrics = new Metrics();
    metrics.observeRequest("GET", "/api/logos/:ticker", 200, 0.003);
    metrics.observeRequest("GET", "/api/logos/:ticker", 200, 0.2);
    metrics.observeRequest("GET", undefined, 404, 0.001);
    const text = await metrics.render();
    const logos = { method: "GET", route: "/api/logos/:ticker", status_code: "200" };
    expect(sampleValue(text, `${METRIC_NAMES.httpRequestDuration}_count`, logos)).toBe(2);
    expect(sampleValue(text, `${METRIC_NAMES.httpRequestDuration}_sum`, logos)).toBeCloseTo(0.203);
    expect(findSamples(text, `${METRIC_NAMES.httpRequestDuration}_bucket`, { ...logos, le: "0.05" })[0]?.value).toBe(1);
    expect(sampleValue(text, `${METRIC_NAMES.httpRequestDuration}_count`, { method: "GET", route: "unmatched", status_code: "404" })).toBe(1);
  });

  it("counts jobs by outcome, their durations, the running ones and the queue's depth", async () => {
    const metrics = new Metrics();
    metrics.jobStarted("refresh-chunk");
    metrics.jobStarted("refresh-chunk");
    metrics.jobStarted("refresh-chunk");
    metrics.jobFinished("refresh-chunk", 1.5, "completed");
    metrics.jobFinished("refresh-chunk", 0.5, "failed");
    metrics.setQueueDepth("refresh-chunk", "created", 12);
    metrics.setQueueDepth("refresh-chunk", "created", 7);
    const text = await metrics.render();
    expect(sampleValue(text, METRIC_NAMES.jobs, { queue: "refresh-chunk", outcome: "completed" })).toBe(1);
    expect(sampleValue(text, METRIC_NAMES.jobs, { queue: "refresh-chunk", outcome: "failed" })).toBe(1);
    expect(sampleValue(text, METRIC_NAMES.jobsStarted, { queue: "refresh-chunk" })).toBe(3);
    expect(sampleValue(text, METRIC_NAMES.jobsRunning, { queue: "refresh-chunk" })).toBe(1);
    expect(sampleValue(text, `${METRIC_NAMES.jobDuration}_count`, { queue: "refresh-chunk" })).toBe(2);
    expect(sampleValue(text, `${METRIC_NAMES.jobDuration}_sum`, { queue: "refresh-chunk" })).toBe(2);
    expect(sampleValue(text, METRIC_NAMES.jobsQueued, { queue: "refresh-chunk", state: "created" })).toBe(7);
  });

  it("never shows fewer than 0 running jobs, even for a jobFinished without its jobStarted", async () => {
    const metrics = new Metrics();
    metrics.jobFinished("refresh-run", 0.1, "completed");
    metrics.jobStarted("refresh-run");
    const text = await metrics.render();
    expect(sampleValue(text, METRIC_NAMES.jobsRunning, { queue: "refresh-run" })).toBe(1);
    expect(sampleValue(text, METRIC_NAMES.jobs, { queue: "refresh-run", outcome: "completed" })).toBe(1);
  });

  it("counts provider calls by outcome and shows the budget left per window", async () => {
    const metrics = new Metrics();
    metrics.providerCall("fmp", "ok");
    metrics.providerCall("fmp", "ok");
    metrics.providerCall("fmp", "rate_limited");
    metrics.providerCall("fmp", "budget_wait");
    metrics.providerCall("fmp", "budget_exhausted");
    metrics.setProviderBudgetLeft("fmp", "day", 247);
    metrics.setProviderBudgetLeft("fmp", "second", 0);
    const text = await metrics.render();
    expect(sampleValue(text, METRIC_NAMES.providerCalls, { provider: "fmp", outcome: "ok" })).toBe(2);
    expect(sampleValue(text, METRIC_NAMES.providerCalls, { provider: "fmp", outcome: "rate_limited" })).toBe(1);
    expect(sampleValue(text, METRIC_NAMES.providerCalls, { provider: "fmp", outcome: "budget_wait" })).toBe(1);
    expect(sampleValue(text, METRIC_NAMES.providerCalls, { provider: "fmp", outcome: "budget_exhausted" })).toBe(1);
    expect(sampleValue(text, METRIC_NAMES.providerCalls, { provider: "fmp", outcome: "error" })).toBeUndefined();
    expect(sampleValue(text, METRIC_NAMES.providerBudgetLeft, { provider: "fmp", window: "day" })).toBe(247);
    expect(sampleValue(text, METRIC_NAMES.providerBudgetLeft, { provider: "fmp", window: "second" })).toBe(0);
  });

  it("counts cache hits and misses per cache", async () => {
    const metrics = new Metrics();
    metrics.cacheLookup("market_bars", true);
    metrics.cacheLookup("market_bars", true);
    metrics.cacheLookup("market_bars", false);
    const text = await metrics.render();
    expect(sampleValue(text, METRIC_NAMES.cacheLookups, { cache: "market_bars", result: "hit" })).toBe(2);
    expect(sampleValue(text, METRIC_NAMES.cacheLookups, { cache: "market_bars", result: "miss" })).toBe(1);
  });

  it("keeps two apps' counts apart in one process, sharing the process's metrics", async () => {
    const first = new Metrics();
    const second = new Metrics();
    first.providerCall("yahoo", "ok");
    const [one, two] = [await first.render(), await second.render()];
    expect(sampleValue(one, METRIC_NAMES.providerCalls, { provider: "yahoo", outcome: "ok" })).toBe(1);
    expect(sampleValue(two, METRIC_NAMES.providerCalls, { provider: "yahoo", outcome: "ok" })).toBeUndefined();
    expect(findSamples(two, "process_cpu_user_seconds_total")).toHaveLength(1);
  });
});
