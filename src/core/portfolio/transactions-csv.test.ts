import { describe, expect, it } from "vitest";
import { TRANSACTION_COLUMNS, planImport, readTransactionsCsv, writeTransactionsCsv, type TransactionRow } from "./transactions-csv";

const today = new Date("2026-03-02T12:00:00Z");
const read = (text: string) => readTransactionsCsv(text, today);

function rows(text: string): TransactionRow[] {
  const outcome = read(text);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return outcome.rows;
}

describe("readTransactionsCsv", () => {
  it("reads the documented columns, fees and stops optional", () => {
    expect(rows("date,ticker,side,quantity,price,fees,stop\r\n2026-01-02,msft,BUY,10,410.5,1,380\r\n2026-01-05,MSFT,sell,4,420,,\r\n")).toEqual([
      { line: 2, date: "2026-01-02", ticker: "MSFT", side: "buy", shares: 10, price: 410.5, fees: 1, stop: 380, initialStop: null },
      { line: 3, date: "2026-01-05", ticker: "MSFT", side: "sell", shares: 4, price: 420, fees: 0, stop: null, initialStop: null },
    ]);
  });

  it("lists every problem by line and column, and nothing else", () => {
    const outcome = read("date,ticker,side,quantity,price\n2026-02-30,MSFT,buy,10,1\n2026-01-02,MS FT,hold,-1,1e300\n2026-01-02,MSFT,buy,1,1\n");
    expect(outcome).toEqual({
      ok: false,
      kind: "invalid",
      errors: [
        { line: 2, column: "date", message: "Expected a date as YYYY-MM-DD, from 1970 to today." },
        { line: 3, column: "ticker", message: "A ticker has 1 to 12 letters, digits, '.', '-', '^' or '='." },
        { line: 3, column: "side", message: 'Expected "buy" or "sell".' },
        { line: 3, column: "quantity", message: 'Expected a number from 0.000001 up to 1,000,000,000, got "-1".' },
        { line: 3, column: "price", message: 'Expected a number from 0.0001 up to 10,000,000, got "1e300".' },
      ],
    });
  });

  it("names unknown and missing columns, and refuses empty files and too many rows", () => {
    expect(read("date,ticker,qty,price\n2026-01-02,A,1,1\n")).toMatchObject({ ok: false, kind: "invalid", errors: [{ column: "qty" }, { column: "side" }, { column: "quantity" }] });
    expect(read("")).toMatchObject({ ok: false, kind: "empty" });
    expect(read("date,ticker,side,quantity,price\n" + "2026-01-02,A,buy,1,1\n".repeat(5001))).toMatchObject({ ok: false, kind: "too_many_rows" });
  });
});

describe("planImport", () => {
  it("opens, adds to and closes positions by date, and refuses each oversell by its row", () => {
    const file = rows(
      "date,ticker,side,quantity,price,stop\n2026-01-10,AAPL,sell,5,200,\n2026-01-02,AAPL,buy,10,190,180\n2026-01-03,NVDA,sell,1,100,\n2026-01-11,AAPL,sell,6,210,\n2026-01-04,MSFT,sell,2,400,\n",
    );
    const plan = planImport([{ id: "m1", ticker: "MSFT", trades: [{ id: "t", date: "2026-01-01", side: "buy", shares: 1, price: 390, fees: 0 }] }], file);
    expect(plan).toEqual({
      ok: false,
      errors: [
        { line: 4, column: "quantity", message: "No shares of NVDA are held on 2026-01-03 to sell." },
        { line: 5, column: "quantity", message: "Sells 6 shares of AAPL but only 5 are held on 2026-01-11." },
        { line: 6, column: "quantity", message: "Sells 2 shares of MSFT but only 1 are held on 2026-01-04." },
      ],
    });
  });

  it("plans new positions and additions, a sell to zero closing and a later buy reopening", () => {
    const file = rows("date,ticker,side,quantity,price,stop\n2026-01-02,AAPL,buy,10,190,180\n2026-01-05,AAPL,sell,10,200,\n2026-01-06,AAPL,buy,3,195,185\n2026-01-06,MSFT,buy,1,400,380\n");
    const plan = planImport([{ id: "m1", ticker: "MSFT", trades: [{ id: "t", date: "2026-01-01", side: "buy", shares: 1, price: 390, fees: 0 }] }], file);
    if (!plan.ok) throw new Error("refused");
    expect(plan.opened.map((p) => [p.ticker, p.openedOn, p.closedOn, p.stop, p.initialStop, p.trades.length])).toEqual([
      ["AAPL", "2026-01-02", "2026-01-05", 180, 180, 2],
      ["AAPL", "2026-01-06", null, 185, 185, 1],
    ]);
    expect(plan.added).toEqual([{ positionId: "m1", closedOn: null, stop: 380, trades: [{ line: 5, date: "2026-01-06", side: "buy", shares: 1, price: 400, fees: 0 }] }]);
  });
});

describe("writeTransactionsCsv", () => {
  it("writes a file that reads back to the same positions, escaping formulas", () => {
    const csv = writeTransactionsCsv([
      { ticker: "AAPL", stop: 185, initialStop: 180, trades: [{ id: "a", date: "2026-01-02", side: "buy", shares: 10.5, price: 190.1234, fees: 1.5 }, { id: "b", date: "2026-01-05", side: "sell", shares: 10.5, price: 200, fees: 0 }] },
      { ticker: "AAPL", stop: null, initialStop: null, trades: [{ id: "c", date: "2026-01-05", side: "buy", shares: 1, price: 199, fees: 0 }] },
    ]);
    expect(csv.split("\r\n")[0]).toBe(TRANSACTION_COLUMNS.join(","));
    expect(csv).toBe(
      "date,ticker,side,quantity,price,fees,stop,initial_stop\r\n2026-01-02,AAPL,buy,10.5,190.1234,1.5,185,180\r\n2026-01-05,AAPL,sell,10.5,200,0,,\r\n2026-01-05,AAPL,buy,1,199,0,,\r\n",
    );
    const plan = planImport([], rows(csv));
    if (!plan.ok) throw new Error("refused");
    expect(plan.opened.map((p) => [p.openedOn, p.closedOn, p.stop, p.initialStop])).toEqual([
      ["2026-01-02", "2026-01-05", 185, 180],
      ["2026-01-05", null, null, null],
    ]);
  });
});
