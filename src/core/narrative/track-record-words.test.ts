import { describe, expect, it } from "vitest";
import { controlVerdict, formatInterval, formatR, formatShare, formatSignedPercent, tooFewTradesNote, tradesWord, yearRange } from "./track-record-words";

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
});
