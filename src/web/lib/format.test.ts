import { describe, expect, it } from "vitest";
import {
  NA,
  epsQuarterLabel,
  formatCalendarDate,
  formatDateTime,
  formatPercent,
  formatPrice,
  formatVolume,
  textOrNa,
} from "./format";

describe("formatPrice", () => {
  it.each([
    [97.5, "97.50"],
    [0, "0.00"],
    [1234.567, "1,234.57"],
    [0.005, "0.01"],
    // Half a cent rounds up as written, whatever the binary value (1.005 is 1.00499… in binary).
    [1.005, "1.01"],
  ])("%s → %s", (value, text) => {
    expect(formatPrice(value)).toBe(text);
  });

  it.each([["N/A"], [null], [undefined], [Number.NaN], [Number.POSITIVE_INFINITY], ["97.5"]])("%s → N/A", (value) => {
    expect(formatPrice(value)).toBe(NA);
  });
});

describe("formatVolume", () => {
  it("uses thousands separators and no decimals", () => {
    expect(formatVolume(1234567)).toBe("1,234,567");
    expect(formatVolume(999)).toBe("999");
    expect(formatVolume(1500.6)).toBe("1,501");
    expect(formatVolume(null)).toBe(NA);
  });
});

describe("formatPercent", () => {
  it.each([
    [0.5, "50.0%"],
    [0.4286, "42.9%"],
    [-0.0289, "-2.9%"],
    [0.72, "72.0%"],
    [0, "0.0%"],
    [-0.0001, "0.0%"],
    [1.2345, "123.5%"],
    [0.0055, "0.6%"],
    [0.0295, "3.0%"],
  ])("%s → %s", (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });

  it("shows N/A for anything but a number", () => {
    expect(formatPercent("N/A")).toBe(NA);
    expect(formatPercent(null)).toBe(NA);
    expect(formatPercent(undefined)).toBe(NA);
  });
});

describe("textOrNa", () => {
  it("keeps text and shows N/A for empty or missing values", () => {
    expect(textOrNa("VCP")).toBe("VCP");
    expect(textOrNa("  ")).toBe(NA);
    expect(textOrNa(null)).toBe(NA);
    expect(textOrNa(undefined)).toBe(NA);
    expect(textOrNa({})).toBe(NA);
  });
});

describe("epsQuarterLabel", () => {
  it("labels the three quarters Q3, Q2, Q1 by position", () => {
    expect([0, 1, 2].map((i) => epsQuarterLabel(i, 3))).toEqual(["Q3", "Q2", "Q1"]);
    expect([0, 1].map((i) => epsQuarterLabel(i, 2))).toEqual(["Q3", "Q2"]);
    expect([0, 1, 2, 3].map((i) => epsQuarterLabel(i, 4))).toEqual(["Q4", "Q3", "Q2", "Q1"]);
  });
});

describe("dates", () => {
  it("formats a timestamp as a localised date and time", () => {
    const text = formatDateTime("2026-11-20T16:05:00.000Z", "en-US");
    expect(text).toMatch(/Nov 20, 2026/);
    expect(text).toMatch(/\d{1,2}:\d{2}/);
    expect(formatDateTime("not a date")).toBe("not a date");
    expect(formatDateTime(undefined)).toBe(NA);
  });

  it("formats a calendar date without shifting it by the time zone", () => {
    expect(formatCalendarDate("2026-11-20", "en-US")).toBe("Nov 20, 2026");
    expect(formatCalendarDate(null)).toBe(NA);
  });
});
