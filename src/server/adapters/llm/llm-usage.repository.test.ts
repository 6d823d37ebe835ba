import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database";
import { users } from "../../db/schema";
import { testDatabaseKinds } from "../../test-support/test-database";
import { LlmUsageRepository } from "./llm-usage.repository";

describe.each(testDatabaseKinds("database-behaviour"))("LlmUsageRepository on $name", (kind) => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await kind.open();
    await handle.db.insert(users).values([
      { id: "u1", name: "One", email: "one@example.com" },
      { id: "u2", name: "Two", email: "two@example.com" },
    ]);
  });
  afterEach(async () => {
    await handle.close();
  });

  it("adds tokens per user and UTC day, concurrently without losing any, and checks the budget", async () => {
    const usage = new LlmUsageRepository(handle.db);
    await Promise.all(Array.from({ length: 10 }, () => usage.add({ userId: "u1" }, "2026-11-22", 150)));
    expect(await usage.used({ userId: "u1" }, "2026-11-22")).toBe(1500);
    expect(await usage.used({ userId: "u1" }, "2026-11-23")).toBe(0);
    expect(await usage.used({ userId: "u2" }, "2026-11-22")).toBe(0);
    expect(await usage.withinBudget({ userId: "u1" }, "2026-11-22", 1501)).toBe(true);
    expect(await usage.withinBudget({ userId: "u1" }, "2026-11-22", 1500)).toBe(false);
    expect(await usage.withinBudget({ userId: "u2" }, "2026-11-22", 0)).toBe(false);
  });

  it("keeps a shared budget (the gift form's) per UTC day apart from the users', concurrently without losing any", async () => {
    const usage = new LlmUsageRepository(handle.db);
    await Promise.all(Array.from({ length: 10 }, () => usage.add({ shared: "gift" }, "2026-11-22", 100)));
    await usage.add({ userId: "u1" }, "2026-11-22", 7);
    expect(await usage.used({ shared: "gift" }, "2026-11-22")).toBe(1000);
    expect(await usage.used({ shared: "gift" }, "2026-11-23")).toBe(0);
    expect(await usage.used({ shared: "other" }, "2026-11-22")).toBe(0);
    expect(await usage.used({ userId: "u1" }, "2026-11-22")).toBe(7);
    expect(await usage.withinBudget({ shared: "gift" }, "2026-11-22", 1001)).toBe(true);
    expect(await usage.withinBudget({ shared: "gift" }, "2026-11-22", 1000)).toBe(false);
  });
});
