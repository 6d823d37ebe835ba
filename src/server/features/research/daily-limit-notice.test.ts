import { describe, expect, it } from "vitest";
import type { Database } from "../../db/database";
import type { Logger } from "../../logger";
import { DAILY_LIMIT_OPERATOR_NOTICE, DailyUsageWithLimitNotice, dailyLimitOperatorNotice } from "./daily-limit-notice";

function recordingLog() {
  const warnings: { fields: object; message?: string }[] = [];
  const log: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: (fields, message) => warnings.push({ fields, message }),
    error: () => undefined,
  };
  return { log, warnings };
}

describe("the daily limit's operator notice", () => {
  it("is logged once, the first time a user reaches the limit on a server without payments", () => {
    const { log, warnings } = recordingLog();
    const notice = dailyLimitOperatorNotice({ log, paymentsConfigured: false, freeDailyAnalyses: 5 });
    notice();
    notice();
    expect(warnings).toEqual([{ fields: { freeDailyAnalyses: 5 }, message: DAILY_LIMIT_OPERATOR_NOTICE }]);
    expect(DAILY_LIMIT_OPERATOR_NOTICE).toContain("STRIPE_PUBLISHABLE_KEY");
    expect(DAILY_LIMIT_OPERATOR_NOTICE).toContain("quanta premium grant");
  });

  it("is not logged when payments are configured", () => {
    const { log, warnings } = recordingLog();
    dailyLimitOperatorNotice({ log, paymentsConfigured: true, freeDailyAnalyses: 5 })();
    expect(warnings).toEqual([]);
  });

  it("is called when a reservation is refused", async () => {
    let calls = 0;
    // A limit of 0 is refused before any query, so no database is needed for the refusal.
    const usage = new DailyUsageWithLimitNotice({} as Database, () => {
      calls += 1;
    });
    expect(await usage.reserve("u1", "2026-11-25", 0)).toBeNull();
    expect(calls).toBe(1);
  });
});
