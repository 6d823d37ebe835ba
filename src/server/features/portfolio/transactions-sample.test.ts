import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { planImport, readTransactionsCsv, TRANSACTION_COLUMNS } from "../../../core/portfolio/transactions-csv";

const root = path.resolve(import.meta.dirname, "../../../..");
const documented = readFileSync(path.join(root, "docs/samples/transactions.csv"), "utf8");
const served = readFileSync(path.join(root, "src/web/public/samples/quanta-transactions.csv"), "utf8");

describe("the transactions sample", () => {
  it("is served byte for byte as documented (docs/samples → the web's public samples)", () => {
    expect(served).toBe(documented);
    expect(documented.split("\r\n")[0]).toBe(TRANSACTION_COLUMNS.join(","));
  });

  it("reads and plans without a problem: two positions open, one closed", () => {
    const read = readTransactionsCsv(documented);
    if (!read.ok) throw new Error(JSON.stringify(read));
    const plan = planImport([], read.rows);
    if (!plan.ok) throw new Error(JSON.stringify(plan.errors));
    expect(plan.opened.map((p) => [p.ticker, p.closedOn])).toEqual([
      ["NWSC", null],
      ["QBIT", "2025-04-01"],
      ["ECHF", null],
    ]);
  });
});
