import { describe, expect, it } from "vitest";
import { symbolSearchResponseSchema } from "../../contracts/symbol-search";
import { parseSymbolSearch } from "./symbol-search-api";

const valid = [
  { demo: true, matches: [{ ticker: "NWSC", name: "Northwind Semiconductor", sector: "Technology" }] },
  { demo: false, matches: [{ ticker: "AAPL", name: "Apple Inc.", sector: null }] },
  { demo: true, matches: [] },
];
const invalid = [
  null,
  [],
  { demo: "yes", matches: [] },
  { demo: true },
  { demo: true, matches: [{ ticker: "NWSC" }] },
  { demo: true, matches: [{ ticker: "NWSC", name: "Northwind", sector: 3 }] },
];

describe("parseSymbolSearch (the hand check of GET /api/symbols)", () => {
  it.each(valid)("accepts what the contract accepts: %j", (body) => {
    expect(symbolSearchResponseSchema.safeParse(body).success).toBe(true);
    expect(parseSymbolSearch(body)).toEqual(body);
  });

  it.each(invalid)("refuses what the contract refuses: %j", (body) => {
    expect(symbolSearchResponseSchema.safeParse(body).success).toBe(false);
    expect(parseSymbolSearch(body)).toBeNull();
  });
});
