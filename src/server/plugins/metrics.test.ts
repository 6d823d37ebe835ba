import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test-support/test-database";
import { json, startTestApp, type TestApp } from "../test-support/test-app";
import { findSamples, sampleValue } from "../test-support/prometheus-text";
import { METRIC_NAMES } from "../metrics/metrics";
import { METRICS_TOKEN_CODE, bearerMatches } from "./metrics";

const DURATION_COUNT = `${METRIC_NAMES.httpRequestDuration}_count`;
const TOKEN = "scrape-token-0123456789";

describe("bearerMatches", () => {
  it("accepts exactly `Bearer <token>`", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});

describe("GET /metrics without a token", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabaseKinds("storage-only")[0]!);
  });
  afterAll(async () => {
    await t.close();
  });

  it("serves the Prometheus text format, open, uncached, and not in the API docs", async () => {
    const response = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(findSamples(response.body, METRIC_NAMES.eventLoopLag, { quantile: "0.99" })).toHaveLength(1);
    expect(findSamples(response.body, "process_resident_memory_bytes")).toHaveLength(1);
    const docs = json<{ paths: Record<string, unknown> }>(await t.app.inject({ method: "GET", url: "/docs/json" }));
    expect(Object.keys(docs.paths)).not.toContain("/metrics");
    expect(Object.keys(docs.paths)).toContain("/healthz");
  });

  it("times requests by route pattern, never the raw path; unknown paths count as unmatched", async () => {
    for (const ticker of ["AAPL", "MSFT", "NWSC"]) await t.app.inject({ method: "GET", url: `/api/logos/${ticker}` });
    await t.app.inject({ method: "GET", url: "/healthz" });
    await t.app.inject({ method: "GET", url: "/api/no-such-thing-42" });
    const text = (await t.app.inject({ method: "GET", url: "/metrics" })).body;

    const logos = findSamples(text, DURATION_COUNT, { method: "GET", route: "/api/logos/:ticker" });
    expect(logos.reduce((sum, sample) => sum + sample.value, 0)).toBe(3);
    expect(sampleValue(text, DURATION_COUNT, { method: "GET", route: "/healthz", status_code: "200" })).toBe(1);
    expect(sampleValue(text, DURATION_COUNT, { method: "GET", route: "unmatched", status_code: "404" })).toBe(1);
    expect(text).not.toContain("AAPL");
    expect(text).not.toContain("no-such-thing");
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabaseKinds("storage-only")[0]!, { METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 401 in the API's error shape without the token, or with a wrong one", async () => {
    for (const headers of [{}, { authorization: "Bearer wrong-token" }, { authorization: TOKEN }]) {
      const response = await t.app.inject({ method: "GET", url: "/metrics", headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(json(response)).toEqual({ error: expect.stringContaining("METRICS_TOKEN"), code: METRICS_TOKEN_CODE });
    }
  });

  it("serves the metrics with the token, counting the refused scrapes too", async () => {
    await t.app.inject({ method: "GET", url: "/metrics" });
    const response = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(sampleValue(response.body, DURATION_COUNT, { method: "GET", route: "/metrics", status_code: "401" })).toBeGreaterThanOrEqual(1);
  });
});
