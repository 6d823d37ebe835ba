import { monitorEventLoopDelay } from "node:perf_hooks";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * Prometheus metrics (GET /metrics, plugins/metrics.ts). The rest of the server depends on the small
 * interfaces below, one per concern, never on prom-client. Label values must come from short fixed
 * lists (route patterns, queue and provider names, outcomes): never a ticker, a user or a raw URL,
 * so the number of series stays bounded. Names and choices: docs/decisions/027-metrics.md.
 */

/** Request timing, written by the metrics plugin's onResponse hook. */
interface HttpMetrics {
  /**
   * One answered request. `route` is the route pattern (`/api/logos/:ticker`), or "unmatched"
   * when no route answered (404s, the SPA's pages); `seconds` is the time Fastify spent on it.
   */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void;
}

export type JobOutcome = "completed" | "failed" | "retried";

/** The job queue (refresh runs and their chunks). */
export interface JobMetrics {
  /** A job of `queue` began on this instance; call jobFinished exactly once for it (jobs_running counts the pairs). */
  jobStarted(queue: string): void;
  /** A job of `queue` ended after `seconds`: done, failed for good, or failed and handed back for a retry. */
  jobFinished(queue: string, seconds: number, outcome: JobOutcome): void;
  /** How many jobs of `queue` are in `state` (e.g. created, active, retry, failed) in the queue's tables. */
  setQueueDepth(queue: string, state: string, count: number): void;
}

export type ProviderCallOutcome = "ok" | "error" | "rate_limited" | "budget_wait" | "budget_exhausted";
export type BudgetWindow = "second" | "day";

/** Calls to a market data provider and the shared call budget (counted in the database). */
export interface ProviderMetrics {
  /**
   * One call to `provider` (yahoo, fmp, demo): answered (ok), failed (error), refused upstream with
   * 429 (rate_limited), held back until the shared budget allowed it (budget_wait, once per wait), or
   * not made because the day's budget is spent (budget_exhausted).
   */
  providerCall(provider: string, outcome: ProviderCallOutcome): void;
  /** Calls `provider` may still make in the current `window`, as the database counts them for all instances. */
  setProviderBudgetLeft(provider: string, window: BudgetWindow, left: number): void;
}

/** Caches in front of slower work (market data by kind, public list bodies). */
export interface CacheMetrics {
  /** One lookup in `cache`: answered from the cache (hit) or sent on to the source (miss). */
  cacheLookup(cache: string, hit: boolean): void;
}

/** Metric names, for dashboards, tests and the README. */
export const METRIC_NAMES = {
  httpRequestDuration: "http_request_duration_seconds",
  eventLoopLag: "event_loop_lag_seconds",
  jobs: "jobs_total",
  jobsStarted: "jobs_started_total",
  jobsRunning: "jobs_running",
  jobDuration: "job_duration_seconds",
  jobsQueued: "jobs_queued",
  providerCalls: "market_provider_calls_total",
  providerBudgetLeft: "market_provider_budget_left",
  cacheLookups: "cache_lookups_total",
} as const;

/** The route label of a request no route answered. */
const UNMATCHED_ROUTE = "unmatched";

/** From 1 ms (a /healthz answer) to 30 s (a slow upstream): the goals (p99 ≤ 50 ms) fall on a bound. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** A chunk of a refresh takes from milliseconds (cached) to minutes (a slow provider). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/** The event-loop monitor's sampling interval: prom-client's default, cheap on a shared machine. */
const EVENT_LOOP_RESOLUTION_MS = 10;
/** The quantiles of event_loop_lag_seconds; 1 is the maximum. */
const EVENT_LOOP_QUANTILES = [0.5, 0.99, 1] as const;

let processRegistry: Registry | undefined;

/**
 * The process's own metrics, made once per process however many apps it builds (tests build many):
 * prom-client's default metrics (CPU, memory, heap, GC, handles, nodejs_eventloop_lag_*) and
 * event_loop_lag_seconds. Each collector starts a timer or an observer that is never stopped, so
 * making them per app would add one of each for every app a test builds. Not prom-client's global
 * registry: nothing else can register into it.
 */
function sharedProcessRegistry(): Registry {
  if (processRegistry) return processRegistry;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_RESOLUTION_MS });
  const delay = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  delay.enable();
  const resolutionNs = EVENT_LOOP_RESOLUTION_MS * 1e6;
  new Gauge({
    name: METRIC_NAMES.eventLoopLag,
    help: `How late the event loop ran a ${EVENT_LOOP_RESOLUTION_MS} ms timer since the previous scrape (the sampling interval taken off), by quantile; quantile 1 is the maximum`,
    labelNames: ["quantile"],
    registers: [registry],
    collect() {
      for (const quantile of EVENT_LOOP_QUANTILES) {
        const sample = delay.count === 0 ? 0 : quantile === 1 ? delay.max : delay.percentile(quantile * 100);
        this.set({ quantile: String(quantile) }, Math.max(0, sample - resolutionNs) / 1e9);
      }
      delay.reset();
    },
  });
  processRegistry = registry;
  return registry;
}

/**
 * One app's metrics: HTTP, jobs, providers and caches in a registry of its own (two apps in one
 * process, as in tests, count apart), rendered together with the process's metrics. main.ts makes
 * one and gives it to buildApp (which makes one when not given) and to the services.
 */
export class Metrics implements HttpMetrics, JobMetrics, ProviderMetrics, CacheMetrics {
  /** This app's registry; add a metric here to have it served at /metrics. */
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<"method" | "route" | "status_code">;
  private readonly jobs: Counter<"queue" | "outcome">;
  private readonly jobsStarted: Counter<"queue">;
  private readonly jobsRunning: Gauge<"queue">;
  private readonly jobDuration: Histogram<"queue">;
  private readonly jobsQueued: Gauge<"queue" | "state">;
  private readonly providerCalls: Counter<"provider" | "outcome">;
  private readonly providerBudgetLeft: Gauge<"provider" | "window">;
  private readonly cacheLookups: Counter<"cache" | "result">;
  /** jobs_running's count per queue, so a jobFinished without its jobStarted cannot take it below 0. */
  private readonly running = new Map<string, number>();

  constructor() {
    // The process's monitors start with the first app, so its first scrape covers the time since.
    sharedProcessRegistry();
    const registers = [this.registry];
    this.requestDuration = new Histogram({
      name: METRIC_NAMES.httpRequestDuration,
      help: "Time from a request's arrival to its answer, by method, route pattern and status code",
      labelNames: ["method", "route", "status_code"],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.jobs = new Counter({ name: METRIC_NAMES.jobs, help: "Jobs this instance ended, by queue and outcome (completed, failed, retried)", labelNames: ["queue", "outcome"], registers });
    this.jobsStarted = new Counter({ name: METRIC_NAMES.jobsStarted, help: "Jobs this instance began, by queue", labelNames: ["queue"], registers });
    this.jobsRunning = new Gauge({ name: METRIC_NAMES.jobsRunning, help: "Jobs running on this instance now, by queue", labelNames: ["queue"], registers });
    this.jobDuration = new Histogram({ name: METRIC_NAMES.jobDuration, help: "How long the jobs this instance ended ran, by queue", labelNames: ["queue"], buckets: JOB_BUCKETS, registers });
    this.jobsQueued = new Gauge({ name: METRIC_NAMES.jobsQueued, help: "Jobs in the shared queue by queue and state, as last read from the database", labelNames: ["queue", "state"], registers });
    this.providerCalls = new Counter({
      name: METRIC_NAMES.providerCalls,
      help: "Market data provider calls from this instance, by provider and outcome (ok, error, rate_limited, budget_wait, budget_exhausted)",
      labelNames: ["provider", "outcome"],
      registers,
    });
    this.providerBudgetLeft = new Gauge({
      name: METRIC_NAMES.providerBudgetLeft,
      help: "Provider calls every instance together may still make in the current window (second, day)",
      labelNames: ["provider", "window"],
      registers,
    });
    this.cacheLookups = new Counter({ name: METRIC_NAMES.cacheLookups, help: "Cache lookups by cache and result (hit, miss)", labelNames: ["cache", "result"], registers });
  }

  /** The Content-Type of render()'s text (Prometheus text format 0.0.4). */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** Every metric, this app's and the process's, in the Prometheus text format; runs the collectors. */
  async render(): Promise<string> {
    return Registry.merge([sharedProcessRegistry(), this.registry]).metrics();
  }

  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    this.requestDuration.observe({ method, route: route ?? UNMATCHED_ROUTE, status_code: String(statusCode) }, seconds);
  }

  jobStarted(queue: string): void {
    this.jobsStarted.inc({ queue });
    this.setRunning(queue, (this.running.get(queue) ?? 0) + 1);
  }

  jobFinished(queue: string, seconds: number, outcome: JobOutcome): void {
    this.setRunning(queue, Math.max(0, (this.running.get(queue) ?? 0) - 1));
    this.jobs.inc({ queue, outcome });
    this.jobDuration.observe({ queue }, seconds);
  }

  private setRunning(queue: string, count: number): void {
    this.running.set(queue, count);
    this.jobsRunning.set({ queue }, count);
  }

  setQueueDepth(queue: string, state: string, count: number): void {
    this.jobsQueued.set({ queue, state }, count);
  }

  providerCall(provider: string, outcome: ProviderCallOutcome): void {
    this.providerCalls.inc({ provider, outcome });
  }

  setProviderBudgetLeft(provider: string, window: BudgetWindow, left: number): void {
    this.providerBudgetLeft.set({ provider, window }, left);
  }

  cacheLookup(cache: string, hit: boolean): void {
    this.cacheLookups.inc({ cache, result: hit ? "hit" : "miss" });
  }
}
