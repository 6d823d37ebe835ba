import { describe, expect, it } from "vitest";
import { tradesCsv } from "./trades-csv";
import type { Trade } from "./walk-forward";

const trade: Trade = {
  ticker: "AAPL",
  signalDate: "2012-03-01",
  fillDate: "2012-03-02",
  exitDate: "2012-04-02",
  setup: "VCP",
  entryIndex: 10,
  entryPrice: 100.123456,
  exitIndex: 30,
  exitPrice: 120,
  exitReason: "target",
  stop: 92,
  target: 120,
  r: 2.4627,
  return: 0.1985,
  pairedControl: { r: -0.25, return: -0.02, stocks: 300 },
};

describe("tradesCsv", () => {
  it("writes a header and one row per trade, the paired control's R empty when there is none", () => {
    const csv = tradesCsv([trade, { ...trade, ticker: "=X,Y", pairedControl: null }]);
    expect(csv.split("\n")).toEqual([
      "ticker,signal_date,fill_date,fill_price,stop,exit_date,exit_price,exit_reason,r,paired_control_r",
      "AAPL,2012-03-01,2012-03-02,100.1235,92,2012-04-02,120,target,2.4627,-0.25",
      `"'=X,Y",2012-03-01,2012-03-02,100.1235,92,2012-04-02,120,target,2.4627,`,
      "",
    ]);
  });
});
