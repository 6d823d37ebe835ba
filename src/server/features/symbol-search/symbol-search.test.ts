import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { symbolSearchResponseSchema } from "../../../contracts/symbol-search";
import { MarketDataUnavailableError } from "../../../core/market/market-data-provider";
import { DemoMarketProvider } from "../../adapters/market/demo";
import { testDatabaseKinds } from "../../test-support/test-database";
import { json, startTestApp, type TestApp } from "../../test-support/test-app";
import { RequestWindow } from "./request-window";
import { SymbolSearchService } from "./symbol-search.service";

describe("SymbolSearchService on the demo market", () => {
  const service = new SymbolSearchService(new DemoMarketProvider({ seed: 42 }));

  it("completes a name prefix ('nor' → Northwind Semiconductor) and a ticker prefix", async () => {
    const byName = await service.search("nor", 8);
    expect(byName.demo).toBe(true);
    expect(byName.matches[0]).toEqual({ ticker: "NWSC", name: "Northwind Semiconductor", sector: "Technology" });
    const byTicker = await service.search("nws", 8);
    expect(byTicker.matches.map((m) => m.ticker)).toContain("NWSC");
  });

  it("matches inside a name ('semi') and answers nothing for a real company's ticker", async () => {
    expect((await service.search("semi", 8)).matches.map((m) => m.ticker)).toContain("NWSC");
    expect((await service.search("AAPL", 8)).matches).toEqual([]);
  });

  it("lists the demo companies for an empty query, at most `limit`", async () => {
    const listed = await service.search("", 5);
    expect(listed.matches.map((m) => m.ticker)).toEqual(["NWSC", "QBIT", "LMNC", "VNTR", "CRDX"]);
  });

  it("turns an unreachable provider into a 503 the combobox can ignore", async () => {
    class Down extends DemoMarketProvider {
      override searchSymbols(): never {
        throw new MarketDataUnavailableError("Yahoo Finance", "timeout");
      }
    }
    await expect(new SymbolSearchService(new Down()).search("apple", 8)).rejects.toMatchObject({ statusCode: 503, code: "market_unavailable" });
  });
});

describe("RequestWindow", () => {
  it("allows `max` requests per address per window, then refuses until the window ends", () => {
    let now = 0;
    const window = new RequestWindow(2, 1_000, () => now);
    expect([window.take("a"), window.take("a"), window.take("a"), window.take("b")]).toEqual([true, true, false, true]);
    now = 1_000;
    expect(window.take("a")).toBe(true);
  });
});

describe("GET /api/symbols", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabaseKinds[0]!);
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

  it("limits one address to 120 requests a minute", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 125; i++) codes.push((await t.app.inject({ method: "GET", url: `/api/symbols?q=q${i % 3}`, remoteAddress: "10.9.8.7" })).statusCode);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(1);
    expect(codes.slice(0, 110).every((code) => code === 200)).toBe(true);
  });
});
