import { describe, expect, it } from "vitest";
import { publicRefreshStatusSchema, type PublicRefreshStatus } from "../../../../contracts/public-refresh-status";
import { itAgreesWithSchema } from "../../../test-support/contract-check";
import { parseRefreshStatus, refreshingLine } from "./refresh-status";

describe("parseRefreshStatus (contracts/public-refresh-status.ts publicRefreshStatusSchema)", () => {
  const valid: PublicRefreshStatus[] = [
    { refreshing: true, finishedAt: null, progress: null },
    { refreshing: true, finishedAt: "2026-11-24T21:31:00.000Z", progress: { done: 120, total: 500 } },
    { refreshing: false, finishedAt: "2026-11-25T21:31:00.000Z", progress: null },
    { refreshing: true, finishedAt: null, progress: { done: 0, total: 0 } },
  ];
  itAgreesWithSchema(parseRefreshStatus, publicRefreshStatusSchema, {
    valid,
    invalid: [
      null,
      [],
      {},
      { refreshing: "yes", finishedAt: null, progress: null },
      { refreshing: true, progress: null },
      { refreshing: true, finishedAt: 7, progress: null },
      { refreshing: true, finishedAt: null },
      { refreshing: true, finishedAt: null, progress: {} },
      { refreshing: true, finishedAt: null, progress: { done: 1.5, total: 10 } },
      { refreshing: true, finishedAt: null, progress: { done: -1, total: 10 } },
      { refreshing: true, finishedAt: null, progress: { done: 1, total: "10" } },
    ],
  });
});

describe("refreshingLine", () => {
  it("says how far the screen has come when the server knows", () => {
    expect(refreshingLine({ done: 120, total: 500 })).toBe("Today’s screen is running (120 of 500 stocks); the lists appear when it finishes.");
    expect(refreshingLine({ done: 1200, total: 5000 })).toBe("Today’s screen is running (1,200 of 5,000 stocks); the lists appear when it finishes.");
  });

  it("leaves the count out when no progress is known", () => {
    expect(refreshingLine(null)).toBe("Today’s screen is running; the lists appear when it finishes.");
    expect(refreshingLine({ done: 0, total: 0 })).toBe("Today’s screen is running; the lists appear when it finishes.");
  });
});
