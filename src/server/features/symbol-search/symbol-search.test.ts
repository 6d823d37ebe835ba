import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { symbolSearchResponseSchema } from "../../../contracts/symbol-search";
import { MarketDataUnavailableError } from "../../../core/market/market-data-provider";
import { DemoMarketProvider } from "../../adapters/market/demo";
import { testDatabaseKinds } from "../../test-support/test-database";
import { json, startTestApp, type TestApp } from "../../test-support/test-app";
import { SymbolSearchService } from "./symbol-search.service";

const unlimited = { take: async () => undefined };
const IP = "203.0.113.7";

describe("SymbolSearchService on the demo market", () => {
  const service = new SymbolSearchService({ market: new DemoMarketProvider({ seed: 42 }), limit: unlimited, now: () => new Date() });

  it("completes a name prefix ('nor' → Northwind Semiconductor) and a ticker prefix", async () => {
    const byName = await service.search("nor", 8, IP);
    expect(byName.demo).toBe(true);
    expect(byName.matches[0]).toEqual({ ticker: "NWSC", name: "Northwind Semiconductor", sector: "Technology" });
    const byTicker = await service.search("nws", 8, IP);
    expect(byTicker.matches.map((m) => m.ticker)).toContain("NWSC");
  });

  it("matches inside a name ('semi') and answers nothing for a real company's ticker", async () => {
    expect((await service.search("semi", 8, IP)).matches.map((m) => m.ticker)).toContain("NWSC");
    expect((await service.search("AAPL", 8, IP)).matches).toEqual([]);
  });

  it("lists the demo companies for an empty query, at most `limit`", async () => {
    const listed = await service.search("", 5, IP);
    expect(listed.matches.map((m) => m.ticker)).toEqual(["NWSC", "QBIT", "LMNC", "VNTR", "CRDX"]);
  });

  it("turns an unreachable provider into a 503 the combobox can ignore", async () => {
    class Down extends DemoMarketProvider {
      override searchSymbols(): never {
        throw new MarketDataUnavailableError("Yahoo Finance", "timeout");
      }
    }
    await expect(new SymbolSearchService({ market: new Down(), limit: unlimited, now: () => new Date() }).search("apple", 8, IP)).rejects.toMatchObject({ statusCode: 503, code: "market_unavailable" });
  });
});

describe("GET /api/symbols", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabaseKinds("storage-only")[0]!);
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers anyone with contract-shaped suggestions, cacheable", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/symbols?q=nor&limit=3" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    const body = symbolSearchResponseSchema.parse(json(response));
    expect(body.demo).toBe(true);
    expect(body.matches[0]!.ticker).toBe("NWSC");
    expect(body.matches.length).toBeLessThanOrEqual(3);
  });

  it("refuses a query that is too long or a limit out of range with a 400", async () => {
    expect((await t.app.inject({ method: "GET", url: `/api/symbols?q=${"x".repeat(65)}` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/symbols?q=nor&limit=0" })).statusCode).toBe(400);
  });

  it("limits one client to 120 requests a minute: an IPv4 address, or every address of one IPv6 /64", async () => {
    const codes = async (address: (i: number) => string) => {
      const answered: number[] = [];
      for (let i = 0; i < 125; i++) answered.push((await t.app.inject({ method: "GET", url: `/api/symbols?q=q${i % 3}`, remoteAddress: address(i) })).statusCode);
      return answered;
    };
    const v4 = await codes(() => "10.9.8.7");
    expect(v4.slice(0, 120).every((code) => code === 200)).toBe(true);
    expect(v4.slice(120)).toEqual([429, 429, 429, 429, 429]);
    const v6 = await codes((i) => `2001:db8:42:7::${(i + 1).toString(16)}`);
    expect(v6.filter((code) => code === 429)).toHaveLength(5);
    const limited = await t.app.inject({ method: "GET", url: "/api/symbols?q=nor", remoteAddress: "::ffff:10.9.8.7" });
    expect([limited.statusCode, json(limited)]).toEqual([429, { error: "Too many requests. Please wait a minute and try again.", code: "rate_limited" }]);
  });
});
