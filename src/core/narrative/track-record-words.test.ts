import { describe, expect, it } from "vitest";
import { controlVerdict, formatInterval, liveReturnSentence, returnVerdict, formatR, formatShare, formatSignedPercent, tooFewTradesNote, tradesWord, yearRange } from "./track-record-words";

describe("track record words", () => {
  it("formats R, shares, returns and intervals like the page, with a dash for a figure not there yet", () => {
    expect(formatR(0.4137)).toBe("+0.41R");
    expect(formatR(-1)).toBe("-1.00R");
    expect(formatR(-0.001)).toBe("0.00R");
    expect(formatR(null)).toBe("—");
    expect(formatR(Number.NaN)).toBe("—");
    expect(formatShare(0.5454)).toBe("54.5%");
    expect(formatSignedPercent(0.0061)).toBe("+0.6%");
    expect(formatSignedPercent(-0.0289)).toBe("-2.9%");
    expect(formatSignedPercent(0.00001)).toBe("0.0%");
    expect(formatInterval([0.26, 0.5756])).toBe("+0.26R to +0.58R");
    expect(formatInterval([null, 0.5])).toBe("—");
    expect(tradesWord(1)).toBe("1 trade");
    expect(tradesWord(100_000)).toBe("100,000 trades");
    expect(yearRange("2009-01-01", "2017-12-31")).toBe("2009–2017");
  });

  it("says when a figure rests on fewer than the minimum of trades", () => {
    expect(tooFewTradesNote(29, 30)).toBe("fewer than 30 trades — too few to judge");
    expect(tooFewTradesNote(30, 30)).toBeNull();
  });

  it("judges BUY trades against the random-date control only when the interval clears it", () => {
    expect(controlVerdict({ avg_r: 0.41, avg_r_ci95: [0.26, 0.58] }, { avg_r: 0.51 })).toBe("did not beat trades on random dates");
    expect(controlVerdict({ avg_r: 0.49, avg_r_ci95: [0.3, 0.7] }, { avg_r: 0.48 })).toBe("no clear edge over trades on random dates");
    expect(controlVerdict({ avg_r: 0.9, avg_r_ci95: [0.6, 1.2] }, { avg_r: 0.48 })).toBe("beat trades on random dates");
    expect(controlVerdict({ avg_r: null, avg_r_ci95: [null, null] }, { avg_r: 0.48 })).toBe("no comparison with random dates yet");
  });

  it("puts the BUY calls against random entries in percent returns, and the words follow the figures both ways", () => {
    const control = { trades: 3000, avg_return: 0.041, avg_r: 0.51 };
    expect(returnVerdict({ trades: 488, avg_return: 0.033, avg_r: 0.41, avg_r_ci95: [0.26, 0.58] }, control)).toBe(
      "BUY calls returned +3.3% on average per trade (488 trades) against +4.1% for random entries over the same years with the same stop, target and time limit (3,000 trades): they did not beat random entries.",
    );
    const beat = returnVerdict({ trades: 488, avg_return: 0.072, avg_r: 0.9, avg_r_ci95: [0.6, 1.2] }, control);
    expect(beat).toMatch(/^BUY calls returned \+7\.2% on average per trade .* against \+4\.1% .*: they beat random entries\.$/);
    expect(beat).not.toContain("did not");
    // More in percent, but the R interval does not clear the control: no clear edge, not a win.
    expect(returnVerdict({ trades: 185, avg_return: 0.045, avg_r: 0.52, avg_r_ci95: [0.23, 0.79] }, control)).toMatch(/no clear edge over random entries\.$/);
    expect(returnVerdict({ trades: 0, avg_return: null, avg_r: null, avg_r_ci95: [null, null] }, control)).toBeNull();
  });

  it("says what the live BUY calls returned so far, and when they are too few", () => {
    expect(liveReturnSentence({ trades: 53, avg_return: 0.031, avg_r: 0.4, avg_r_ci95: [0.05, 0.77] }, 30)).toBe(
      "Live BUY calls so far: 53 trades closed, +3.1% on average per trade (+0.40R).",
    );
    expect(liveReturnSentence({ trades: 3, avg_return: -0.02, avg_r: -0.3, avg_r_ci95: [null, null] }, 30)).toBe(
      "Live BUY calls so far: 3 trades closed, -2.0% on average per trade (-0.30R) — fewer than 30 trades — too few to judge.",
    );
    expect(liveReturnSentence({ trades: 0, avg_return: null, avg_r: null, avg_r_ci95: [null, null] }, 30)).toMatch(/no trade has closed yet/);
  });
});
