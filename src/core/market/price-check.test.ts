import { describe, expect, it } from "vitest";
import { parseHistoryCsvWithEvents } from "./history-csv";
import { checkSeries, describeDataCheck, findPriceGlitches } from "./price-check";

const HEADER = "date,open,high,low,close,adj_close,volume,dividend,split";

/** An sp500-layout file from [close, adj_close, dividend, split] rows on consecutive January dates. */
function sp500(rows: [number, number, number, number][]): string {
  const lines = rows.map(([close, adjusted, dividend, split], k) => `2020-01-${String(k + 2).padStart(2, "0")},${close},${close},${close},${close},${adjusted},1000,${dividend},${split}`);
  return [HEADER, ...lines].join("\n");
}

function check(rows: [number, number, number, number][]) {
  const { bars, events } = parseHistoryCsvWithEvents(sp500(rows), "TEST");
  return checkSeries("TEST", bars, events);
}

describe("the data check: jumps the file does not explain", () => {
  it("reports a 2-for-1 the file did not record, and keeps only the sessions after it", () => {
    const { bars, check: report } = check([
      [100, 100, 0, 1],
      [101, 101, 0, 1],
      [50.5, 50.5, 0, 1],
      [51, 51, 0, 1],
      [52, 52, 0, 1],
    ]);
    expect(report).toEqual({
      ticker: "TEST",
      glitches: [{ date: "2020-01-04", move: expect.closeTo(-0.5, 10) as number, reason: "unrecorded_split" }],
      kept_from: "2020-01-05",
      dropped_sessions: 3,
    });
    expect(bars.dates).toEqual(["2020-01-05", "2020-01-06"]);
    expect(Array.from(bars.close)).toEqual([51, 52]);
    expect(Array.from(bars.tradedClose!)).toEqual([51, 52]);
    expect(describeDataCheck(report!)).toBe("data check: TEST: 2020-01-04 -50.0% (unrecorded split); 3 sessions dropped, kept from 2020-01-05");
  });

  it("does not flag a real split: the traded close halves, the split column says 2, the adjusted close is continuous", () => {
    const { bars, check: report } = check([
      [100, 50, 0, 1],
      [102, 51, 0, 1],
      [51.5, 51.5, 0, 2],
      [52, 52, 0, 1],
    ]);
    expect(report).toBeNull();
    expect(bars.dates).toHaveLength(4);
  });

  it("does not flag a large dividend: the traded close falls by the dividend, the adjusted close does not", () => {
    const { check: report } = check([
      [100, 50, 0, 1],
      [100, 50, 0, 1],
      [50.5, 50.5, 50, 1],
      [51, 51, 0, 1],
    ]);
    expect(report).toBeNull();
  });

  it("does not flag a real crash or a takeover jump (large, but no mark of bad data)", () => {
    const { check: report } = check([
      [100, 100, 0, 1],
      [40, 40, 0, 1],
      [35, 35, 0, 1],
      [60, 60, 0, 1],
      [62, 62, 0, 1],
    ]);
    expect(report).toBeNull();
  });

  it("flags an adjusted close that jumps while the traded close does not", () => {
    const { check: report } = check([
      [30, 20, 0, 1],
      [30.6, 30.6, 0, 1],
      [31, 31, 0, 1],
    ]);
    expect(report?.glitches).toEqual([{ date: "2020-01-03", move: expect.closeTo(0.53, 10) as number, reason: "adjustment_mismatch" }]);
  });

  it("flags an adjusted jump on a split day (a wrong split factor) and a one-session spike", () => {
    const wrongFactor = check([
      [15, 15, 0, 1],
      [15.66, 4.75, 0, 0.303582],
      [16, 4.85, 0, 1],
    ]);
    expect(wrongFactor.check?.glitches.map((g) => g.reason)).toEqual(["split_day_jump"]);
    const spike = check([
      [60, 60, 0, 1],
      [40, 40, 0, 1],
      [60.5, 60.5, 0, 1],
      [61, 61, 0, 1],
    ]);
    // The bad day is flagged, not the move back; the kept part starts with the move back's good close.
    expect(spike.check?.glitches.map((g) => [g.date, g.reason])).toEqual([["2020-01-03", "one_session_spike"]]);
    expect(spike.bars.dates).toEqual(["2020-01-04", "2020-01-05"]);
  });

  it("checks other layouts on their closes alone (no split or dividend columns)", () => {
    const { bars, events } = parseHistoryCsvWithEvents(["date,open,high,low,close,volume", "2020-01-02,10,10,10,10,5", "2020-01-03,5,5,5,5,10"].join("\n"), "OWN");
    expect(events).toBeNull();
    expect(findPriceGlitches(bars, events).map((g) => g.reason)).toEqual(["unrecorded_split"]);
  });
});
