import path from "node:path";
import { describe, expect, it } from "vitest";
import { fullDataSet } from "../../test-fixtures/market-data";
import { readHistoryFolder } from "./history-files";

// A *.shared-data.test.ts file runs when the full market data set is beside the repository, or when
// REQUIRE_SHARED_DATA=1 (CI) says it must be (vitest.config.ts).
const sp500 = path.join(fullDataSet("the data check on the S&P 500 set"), "sp500");

describe("the data check on the 396-stock S&P 500 set", () => {
  it("flags the six known adjusted-price glitches and MSI's unadjusted spin-off, and no real market move", async () => {
    const { series, checks } = await readHistoryFolder([sp500]);
    expect(checks.map((c) => [c.ticker, c.glitches.map((g) => `${g.date} ${g.reason}`), c.kept_from])).toEqual([
      ["ANTM", ["2005-06-02 unrecorded_split"], "2005-06-03"],
      ["GNRC", ["2010-02-12 split_day_jump"], "2010-02-16"],
      ["IRM", ["2006-02-02 one_session_spike"], "2006-02-03"],
      // A 1-for-7 reverse split on the day Motorola Mobility was spun off: the adjusted close drops
      // 37.6% because the spin-off was not adjusted for, which no holder lost.
      ["MSI", ["2011-01-04 split_day_jump"], "2011-01-05"],
      ["TRMB", ["2007-02-23 adjustment_mismatch", "2007-02-26 unrecorded_split"], "2007-02-27"],
      ["WST", ["2004-09-30 unrecorded_split"], "2004-10-01"],
      ["ZBRA", ["2004-08-25 adjustment_mismatch"], "2004-08-26"],
    ]);
    // Real moves of the same size stay: AIG after Lehman, OXY in March 2020, AMD's +52% on results.
    expect(series).toHaveLength(396);
    const start = (ticker: string) => series.find((s) => s.ticker === ticker)!.bars.dates[0];
    expect([start("AIG"), start("OXY"), start("AMD")]).toEqual(["2004-01-02", "2004-01-02", "2004-01-02"]);
  }, 120_000);
});
