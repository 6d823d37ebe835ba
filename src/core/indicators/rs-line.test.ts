import { describe, expect, it } from "vitest";
import { rsLine, rsNewHighs, type DatedValue } from "./rs-line";

describe("rsLine", () => {
  it("divides the stock's close by the benchmark's close of the same date, skipping dates only one has", () => {
    const stock = [
      { date: "2025-01-02", close: 50 },
      { date: "2025-01-03", close: 60 },
      { date: "2025-01-06", close: 66 },
    ];
    const benchmark = [
      { date: "2025-01-02", close: 500 },
      { date: "2025-01-06", close: 600 },
      { date: "2025-01-07", close: 610 },
    ];
    expect(rsLine(stock, benchmark)).toEqual([
      { date: "2025-01-02", value: 0.1 },
      { date: "2025-01-06", value: 0.11 },
    ]);
  });

  it("gives no point for a zero benchmark close", () => {
    expect(rsLine([{ date: "2025-01-02", close: 5 }], [{ date: "2025-01-02", close: 0 }])).toEqual([]);
  });
});

describe("rsNewHighs", () => {
  const line = (values: number[]): DatedValue[] => values.map((value, i) => ({ date: `d${String(i)}`, value }));

  it("marks points above every one of the previous lookback points, once there are that many", () => {
    //                        0  1  2  3  4  5  6  7
    expect(rsNewHighs(line([1, 3, 2, 4, 4, 5, 1, 6]), 3)).toEqual([3, 5, 7]);
  });

  it("forgets a high older than the lookback", () => {
    expect(rsNewHighs(line([9, 1, 2, 3, 2]), 2)).toEqual([3]);
    expect(rsNewHighs(line([1, 2]), 252)).toEqual([]);
  });
});
