import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppError } from "../app-error";
import type { DatabaseHandle } from "../db/database";
import { rateLimitWindows } from "../db/schema";
import { testDatabaseKinds } from "../test-support/test-database";
import { RateLimitRepository } from "./rate-limit.repository";
import { SharedRateLimiter, type RateLimitRule } from "./shared-rate-limiter";

const rule: RateLimitRule = { scope: "test", max: 2, windowMs: 1000, message: "Slow down." };

describe.each(testDatabaseKinds("database-behaviour"))("SharedRateLimiter on $name", (kind) => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await kind.open();
  });
  afterEach(async () => {
    await handle.close();
  });

  it("counts each hit in one upsert, without losing any under concurrency", async () => {
    const repository = new RateLimitRepository(handle.db);
    const at = new Date("2026-11-20T12:00:00Z");
    const counts = await Promise.all(Array.from({ length: 10 }, () => repository.hit("test", "203.0.113.7", at, 600_000)));
    expect(counts.map((c) => c.hits).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(counts[0]!.windowEndsAt.toISOString()).toBe("2026-11-20T12:10:00.000Z");
    expect((await repository.hit("test", "198.51.100.1", at, 600_000)).hits).toBe(1);
    expect((await repository.hit("other", "203.0.113.7", at, 600_000)).hits).toBe(1);
  });

  it("shares the limit between limiters (instances) on one database", async () => {
    const now = () => new Date();
    const [a, b] = [0, 1].map(() => new SharedRateLimiter({ repository: new RateLimitRepository(handle.db), now }));
    const many: RateLimitRule = { ...rule, max: 5, windowMs: 60_000 };
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => (i % 2 ? a! : b!).take(many, "k")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as AppError] : []));
    expect(new Set(refused.map((e) => `${e.statusCode} ${e.code} ${e.message}`))).toEqual(new Set(["429 rate_limited Slow down."]));
  });

  it("opens a new window when the old one ends, and purges ended windows", async () => {
    let now = new Date("2026-11-20T12:00:00Z").getTime();
    const limiter = new SharedRateLimiter({ repository: new RateLimitRepository(handle.db), now: () => new Date(now), purgeEveryMs: 0 });
    const outcome = (key = "a") => limiter.take(rule, key).then(() => "ok", (error: AppError) => error.code);
    expect([await outcome(), await outcome(), await outcome()]).toEqual(["ok", "ok", "rate_limited"]);
    now += 999;
    expect(await outcome()).toBe("rate_limited");
    now += 1;
    expect([await outcome(), await outcome(), await outcome()]).toEqual(["ok", "ok", "rate_limited"]);
    await outcome("b");
    now += 1000;
    // A window opening deletes the ended ones (b's), so the table holds recent clients only.
    await outcome("c");
    expect((await handle.db.select({ key: rateLimitWindows.key }).from(rateLimitWindows)).map((r) => r.key)).toEqual(["c"]);
  });
});
