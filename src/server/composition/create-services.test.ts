import { afterEach, describe, expect, it } from "vitest";
import { analysisReportSchema } from "../../contracts/stock-summary";
import { DemoMarketProvider } from "../adapters/market/demo";
import { loadConfig } from "../config";
import type { DatabaseHandle } from "../db/database";
import { testDatabaseKinds } from "../test-support/test-database";
import { createServices } from "./create-services";

const [pglite] = testDatabaseKinds;
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** The demo market as a paid provider would present itself: each call costs an upstream request. */
class MeteredDemoProvider extends DemoMarketProvider {
  override readonly costsUpstreamCalls = true;
}

describe("createServices", () => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  // The server's job and `quanta refresh` both run this composition. With a provider that costs
  // upstream calls a single analysis does not fetch the universe itself, so the refresh must compute
  // the universe's RS scores first (the CLI once left that out and rated RS against the benchmark).
  it("refreshes the public lists with the universe's RS scores, also for a provider that costs upstream calls", async () => {
    database = await pglite!.open();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "./.tmp/test-data", PUBLIC_UNIVERSE: "NWSC,QBIT,LMNC" });
    const services = createServices(config, { database, logger: silent, now: () => new Date(), market: new MeteredDemoProvider({ seed: 42 }) });
    const result = await services.publicRefresh.refresh({ force: true });
    expect(result.analysed).toBe(3);
    const rows = await services.publicAnalyses.list();
    expect(rows.map((row) => row.ticker).sort()).toEqual(["LMNC", "NWSC", "QBIT"]);
    for (const row of rows) {
      const report = analysisReportSchema.parse(row.analysis);
      expect(report.stock_summary.fundamental_analysis.industry_position, row.ticker).toContain("percentile of the analysed universe");
    }
  });
});
