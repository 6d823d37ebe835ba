import { describe, it, expect } from "vitest";
import { HistoryCsvError, parseHistoryCsv } from "./history-csv";
import { lastBars } from "./market-data";
import type { DailyBars } from "./market-data";
import { readVendoredText } from "../../test-fixtures/market-data";

const SP500 = [
  "date,open,high,low,close,adj_close,volume,dividend,split",
  "2020-01-02,100,110,90,100,25,1000,0.0,1",
  "2020-01-03,50,55,45,50,25,2000,0.0,2",
  "2020-01-06,52,53,51,52,25.74,3000,0.5,1",
  "2020-01-07,26,27,25,26,26,4000,0.0,2",
  "2020-01-08,27,28,26,27,27,5000,0.0,1",
];

const rows = (bars: DailyBars, column: "open" | "high" | "low" | "close" | "volume" | "tradedClose") => Array.from(bars[column] ?? []);

describe("parseHistoryCsv: sp500 layout (prices as traded, adj_close, split)", () => {
  const bars = parseHistoryCsv(SP500.join("\n"), "TEST");

  it("scales OHLC by adj_close/close and keeps the traded close", () => {
    expect(bars.dates).toEqual(["2020-01-02", "2020-01-03", "2020-01-06", "2020-01-07", "2020-01-08"]);
    expect(rows(bars, "close")).toEqual([25, 25, 25.74, 26, 27]);
    expect(rows(bars, "tradedClose")).toEqual([100, 50, 52, 26, 27]);
    // Row 1: factor 25/100; row 3: a dividend on top of the split, factor 25.74/52 = 0.495.
    expect([bars.open[0], bars.high[0], bars.low[0]]).toEqual([25, 27.5, 22.5]);
    expect(bars.open[2]).toBeCloseTo(52 * 0.495, 12);
    expect(bars.high[2]).toBeCloseTo(53 * 0.495, 12);
    expect(bars.low[2]).toBeCloseTo(51 * 0.495, 12);
  });

  it("multiplies each volume by the split factors of all later rows, not its own", () => {
    // Splits of 2 on 01-03 and 01-07: 01-02 x4; 01-03 and 01-06 x2 (only 01-07's); 01-07 and 01-08 as is.
    expect(rows(bars, "volume")).toEqual([4000, 4000, 6000, 4000, 5000]);
  });

  it("sorts rows by date before adjusting, accepts CRLF, a time part and upper-case headers", () => {
    const [header, ...body] = SP500;
    const shuffled = [header!.toUpperCase(), body[3], body[0], body[4]!.replace("2020-01-08", "2020-01-08 00:00:00"), body[2], body[1]].join("\r\n");
    const parsed = parseHistoryCsv(`${shuffled}\r\n`, "TEST");
    expect(parsed.dates).toEqual(bars.dates);
    expect(rows(parsed, "volume")).toEqual(rows(bars, "volume"));
    expect(rows(parsed, "close")).toEqual(rows(bars, "close"));
    expect(rows(parsed, "tradedClose")).toEqual(rows(bars, "tradedClose"));
  });

  it("lastBars carries tradedClose as a view", () => {
    const tail = lastBars(bars, 2);
    expect(rows(tail, "tradedClose")).toEqual([26, 27]);
    expect(tail.tradedClose!.buffer).toBe(bars.tradedClose!.buffer);
    expect(lastBars({ ...bars, tradedClose: undefined }, 2).tradedClose).toBeUndefined();
  });
});

describe("parseHistoryCsv: Yahoo layout (Close split-adjusted, Adj Close)", () => {
  const csv = [
    "Date,Open,High,Low,Close,Adj Close,Volume",
    "2020-01-02,10,11,9,10,9,100",
    "2020-01-03,null,null,null,null,null,null",
    "2020-01-06,20,22,19,20,19,300",
  ].join("\n");
  const bars = parseHistoryCsv(csv, "YHOO");

  it("skips 'null' rows and scales OHLC by Adj Close/Close; tradedClose is Close; volume as given", () => {
    expect(bars.dates).toEqual(["2020-01-02", "2020-01-06"]);
    expect(rows(bars, "close")).toEqual([9, 19]);
    expect(bars.open[0]).toBeCloseTo(9, 12);
    expect(bars.high[0]).toBeCloseTo(9.9, 12);
    expect(bars.low[0]).toBeCloseTo(8.1, 12);
    expect(bars.high[1]).toBeCloseTo(22 * 0.95, 12);
    expect(rows(bars, "tradedClose")).toEqual([10, 20]);
    expect(rows(bars, "volume")).toEqual([100, 300]);
  });
});

describe("parseHistoryCsv: zipline csvdir layout (already split-adjusted)", () => {
  it("takes prices and volume as given; tradedClose is close", () => {
    const csv = ["date,open,high,low,close,volume,dividend,split", "2014-06-06,92.5,93,92,92.2,1000,0.0,1.0", "2014-06-09,92.7,93.9,91.8,93.7,2000,0.0,7.0"].join("\n");
    const bars = parseHistoryCsv(csv, "ZIP");
    expect(rows(bars, "open")).toEqual([92.5, 92.7]);
    expect(rows(bars, "close")).toEqual([92.2, 93.7]);
    expect(rows(bars, "tradedClose")).toEqual([92.2, 93.7]);
    expect(rows(bars, "volume")).toEqual([1000, 2000]);
  });
});

describe("parseHistoryCsv: plain layout (a user's own OHLCV export)", () => {
  it("takes date, open, high, low, close and volume as given, in any order and case, skipping 'null' rows", () => {
    const csv = ["Volume,Date,Close,Open,High,Low", "1500,2024-01-03,10.5,10,11,9.5", "null,2024-01-04,null,null,null,null", "2000,2024-01-02,10,9.8,10.2,9.7"].join("\n");
    const bars = parseHistoryCsv(csv, "OWN");
    expect(bars.dates).toEqual(["2024-01-02", "2024-01-03"]);
    expect(rows(bars, "close")).toEqual([10, 10.5]);
    expect(rows(bars, "tradedClose")).toEqual([10, 10.5]);
    expect(rows(bars, "volume")).toEqual([2000, 1500]);
  });

  it("reads 'Adjusted Close' and 'AdjClose' as Yahoo's 'Adj Close'", () => {
    for (const name of ["Adjusted Close", "AdjClose"]) {
      const bars = parseHistoryCsv([`Date,Open,High,Low,Close,${name},Volume`, "2024-01-02,10,11,9,10,5,100"].join("\n"), "ADJ");
      expect(rows(bars, "close")).toEqual([5]);
      expect(rows(bars, "tradedClose")).toEqual([10]);
    }
  });
});

describe("parseHistoryCsv: errors name the ticker and the line", () => {
  const withRow = (row: string, at = 2) => {
    const lines = [...SP500];
    lines.splice(at, 1, row);
    return lines.join("\n");
  };
  const cases: [string, string, RegExp][] = [
    ["a duplicate date", withRow("2020-01-02,100,110,90,100,25,1000,0.0,1"), /^BAD: line 3: the date 2020-01-02 already appears on line 2/],
    ["a duplicate date out of order", withRow("2020-01-02,100,110,90,100,25,1000,0.0,1", 5), /^BAD: line 6: the date 2020-01-02 already appears on line 2/],
    ["a non-numeric price", withRow("2020-01-03,abc,55,45,50,25,2000,0.0,2"), /^BAD: line 3: a price is not a positive number \(open 'abc'/],
    ["a zero price", withRow("2020-01-03,50,55,45,0,25,2000,0.0,2"), /^BAD: line 3: a price is not a positive number/],
    ["an empty price", withRow("2020-01-03,50,,45,50,25,2000,0.0,2"), /^BAD: line 3: a price is not a positive number/],
    ["a negative volume", withRow("2020-01-03,50,55,45,50,25,-5,0.0,2"), /^BAD: line 3: volume '-5'/],
    ["a bad adjusted close", withRow("2020-01-03,50,55,45,50,0,2000,0.0,2"), /^BAD: line 3: adjusted close '0'/],
    ["a bad split", withRow("2020-01-03,50,55,45,50,25,2000,0.0,x"), /^BAD: line 3: split 'x'/],
    ["a negative dividend", withRow("2020-01-03,50,55,45,50,25,2000,-1,2"), /^BAD: line 3: dividend '-1' is not a cash amount/],
    ["a missing cell", withRow("2020-01-03,50,55,45,50,25,2000"), /^BAD: line 3: 7 cells, the header has 9/],
    ["a bad date", withRow("03/01/2020,50,55,45,50,25,2000,0.0,2"), /^BAD: line 3: '03\/01\/2020' is not a date/],
    ["a missing column", SP500.map((line) => line.split(",").slice(0, 8).join(",")).join("\n"), /^BAD: line 1: no 'split' column for the sp500 layout/],
    ["a missing Yahoo column", "Date,Open,High,Low,Adj Close,Volume\n2020-01-02,1,1,1,1,1", /^BAD: line 1: no 'close' column for the yahoo layout/],
    ["a header without a layout's column", "date,open,high,low,close\n2020-01-02,1,1,1,1", /^BAD: line 1: no 'volume' column for the plain layout/],
    ["an empty file", "\n\n", /^BAD: the file is empty/],
  ];
  it.each(cases)("%s", (_label, csv, message) => {
    expect(() => parseHistoryCsv(csv, "BAD")).toThrow(HistoryCsvError);
    expect(() => parseHistoryCsv(csv, "BAD")).toThrow(message);
  });
});

describe("parseHistoryCsv on real files (vendored)", () => {
  const aaplText = readVendoredText("sp500/AAPL.csv.gz");
  const aapl = parseHistoryCsv(aaplText, "AAPL");

  it("AAPL (sp500): 2012-06-01 traded at 560.99, adjusted close 17.2555", () => {
    const bars = aapl;
    expect(bars.dates.length).toBe(4355);
    const day = bars.dates.indexOf("2012-06-01");
    expect(bars.tradedClose![day]).toBe(560.99);
    expect(bars.close[day]).toBeCloseTo(17.2555, 10);
    expect(bars.open[day]).toBeCloseTo((569.16 * 17.2555) / 560.99, 10);
    expect(bars.high[day]! / bars.close[day]!).toBeCloseTo(572.65 / 560.99, 12);
  });

  it("AAPL (sp500): volume is continuous across the 2014-06-09 7:1 and 2020-08-31 4:1 splits", () => {
    const bars = aapl;
    const rawVolume = aaplText.trim().split("\n").slice(1).map((line) => Number(line.split(",")[6]));
    const mean = (values: ArrayLike<number>, from: number, to: number) => {
      let sum = 0;
      for (let i = from; i < to; i++) sum += values[i]!;
      return sum / (to - from);
    };
    const jump = (values: ArrayLike<number>, day: number) => {
      const before = mean(values, day - 50, day);
      const after = mean(values, day, day + 50);
      return Math.max(before / after, after / before);
    };
    for (const date of ["2014-06-09", "2020-08-31"]) {
      const day = bars.dates.indexOf(date);
      expect(day).toBeGreaterThan(50);
      expect(jump(bars.volume, day), date).toBeLessThan(2.5);
      expect(jump(rawVolume, day), `${date} unadjusted`).toBeGreaterThan(2.5);
    }
    // The newest volumes are today's shares, unchanged; the 2004 ones carry 2 x 7.00001 x 4.
    expect(bars.volume[bars.volume.length - 1]).toBe(68538237);
    expect(bars.volume[0]).toBeCloseTo(2582900 * 2 * 7.00001 * 4, 3);
  });

  it("ohlcv/SPY.csv (Yahoo) and ohlcv/MSFT.csv (zipline) parse", () => {
    const spy = parseHistoryCsv(readVendoredText("ohlcv/SPY.csv"), "SPY");
    expect(spy.dates.length).toBe(2519);
    expect(spy.dates[0]).toBe("2007-12-31");
    expect(spy.tradedClose![0]).toBeCloseTo(146.210007, 9);
    expect(spy.close[0]).toBeCloseTo(118.624741, 9);
    const msft = parseHistoryCsv(readVendoredText("ohlcv/MSFT.csv"), "MSFT");
    expect(msft.dates.length).toBe(754);
    expect([msft.dates[0], msft.open[0], msft.close[0], msft.tradedClose![0], msft.volume[0]]).toEqual(["2012-01-03", 26.549999, 26.77, 26.77, 64731500]);
  });
});
