import { describe, expect, it } from "vitest";
import { tradeStats } from "../../contracts/test-support/track-record-stats";
import { freshSummary, richSummary } from "../test-support/track-record-fixtures";
import { yearRange } from "../../core/narrative/track-record-words";
import { setupAdjective, setupEvidence, tooFewTrades, tooFewWording, tradeStatsPhrase } from "./track-record-format";

describe("track-record phrases", () => {
  it("says when trades are too few to judge", () => {
    expect(tooFewTrades(29, 30)).toBe(true);
    expect(tooFewTrades(30, 30)).toBe(false);
    expect(tooFewWording(30)).toBe("fewer than 30 trades — too few to judge");
  });

  it("names bases and periods as the sentences need them", () => {
    expect(setupAdjective("Flat base")).toBe("Flat-base");
    expect(setupAdjective("Cup with handle")).toBe("Cup-with-handle");
    expect(setupAdjective("VCP")).toBe("VCP");
    expect(yearRange("2009-01-01", "2017-12-31")).toBe("2009–2017");
    expect(yearRange("2017-01-01", "2017-12-31")).toBe("2017");
    expect(tradeStatsPhrase(tradeStats({ trades: 1234, win_rate: 0.45, avg_r: 0.21 }))).toBe("1,234 trades, 45.0% winners, +0.21R average");
    expect(tradeStatsPhrase(tradeStats({ trades: 1 }))).toBe("1 trade");
  });
});

describe("setupEvidence", () => {
  it("gives the live figure alone when it rests on enough trades", () => {
    expect(setupEvidence(richSummary(), "Flat base")).toEqual({
      live: "Flat-base BUYs in Quanta's record: 41 trades, 54.0% winners, +0.40R average",
      tooFew: false,
      tooFewText: null,
      historical: null,
    });
  });

  it("adds the first simulation's figure when the live trades are too few", () => {
    expect(setupEvidence(richSummary(), "VCP")).toEqual({
      live: "VCP BUYs in Quanta's record: 12 trades, 50.0% winners, +0.41R average",
      tooFew: true,
      tooFewText: "fewer than 30 trades — too few to judge",
      historical: "In the 2009–2017 simulation: 146 trades, 41.1% winners, +0.48R average",
    });
    expect(setupEvidence(freshSummary(), "VCP")?.live).toBe("VCP BUYs in Quanta's record: no trade closed yet");
  });

  it("is null when neither the record nor the simulation has a trade of the base", () => {
    expect(setupEvidence(richSummary(), "Cup with handle")).toBeNull();
    expect(setupEvidence(freshSummary({ historical: [] }), "VCP")).toBeNull();
  });
});
