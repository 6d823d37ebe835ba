import { describe, expect, it } from "vitest";
import { actionTone, marketTrendTone, sentimentTone, trendTone } from "./tones";

describe("tones (docs/product.md)", () => {
  it.each([
    ["BUY", "green"],
    ["Strong Buy", "green"],
    ["SELL", "red"],
    ["WATCH", "yellow"],
    [undefined, "yellow"],
  ])("action %s is %s", (action, tone) => {
    expect(actionTone(action)).toBe(tone);
  });

  it.each([
    ["Strong Bullish (Trend Template 8/8)", "green"],
    ["Bearish: below the 200-day EMA", "red"],
    ["Neutral", "yellow"],
    [null, "yellow"],
  ])("trend %s is %s", (trend, tone) => {
    expect(trendTone(trend)).toBe(tone);
  });

  it.each([
    ["Bullish: the benchmark is above its 50-day EMA", "green"],
    ["Bearish: distribution is heavy", "red"],
    ["Neutral", "yellow"],
  ])("sentiment %s is %s", (sentiment, tone) => {
    expect(sentimentTone(sentiment)).toBe(tone);
  });

  it.each([
    ["Confirmed uptrend (trending up).", "green"],
    ["Correction (trending down).", "red"],
    // The engine's market states (method v2): a correction names its start, an uptrend its follow-through day.
    ["Correction (trending down, since 2015-08-04; new buys wait for a follow-through day).", "red"],
    ["Confirmed uptrend (trending up; follow-through day on 2026-10-13).", "green"],
    ["Uptrend under pressure (up, but under pressure).", "green"],
    ["Downtrend", "red"],
    ["Sideways", "yellow"],
    ["N/A: no benchmark data.", "yellow"],
  ])("market trend %s is %s", (trend, tone) => {
    expect(marketTrendTone(trend)).toBe(tone);
  });
});
