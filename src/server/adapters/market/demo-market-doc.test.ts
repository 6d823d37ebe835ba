import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { demoMarketDoc } from "./demo-market-doc";
import { DEMO_COMPANIES } from "./demo-universe";

const DOC = path.resolve(import.meta.dirname, "../../../../docs/demo-market.md");

describe("docs/demo-market.md", () => {
  it("lists every demo ticker as the universe defines it (rewrite it with `npm run docs:demo-market`)", () => {
    expect(readFileSync(DOC, "utf8")).toBe(demoMarketDoc());
  });

  it("has one row per company, NWSC first", () => {
    const doc = demoMarketDoc();
    expect(doc).toContain("| NWSC | Northwind Semiconductor | Technology | Semiconductors | growth leader: mostly volatility contraction (VCP) bases |");
    for (const company of DEMO_COMPANIES) expect(doc).toContain(`| ${company.ticker} | ${company.name} |`);
  });
});
