import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { screenerQuerySchema } from "../../../contracts/screener";
import { migrationsFolder, type DatabaseHandle } from "../../db/database";
import { testDatabaseKinds } from "../../test-support/test-database";
import { PublicAnalysesRepository, type PublicAnalysisRow } from "./public-analyses.repository";
import { screenColumnsOf } from "./screen-columns";

interface Fake {
  ticker: string;
  action?: "BUY" | "WATCH" | "SELL";
  rs?: number | null;
  tt?: number;
  price?: number;
  buy?: number | "N/A";
  stop?: number | "N/A";
  sector?: string | null;
  industry?: string | null;
  change?: number | null;
  setup?: string;
  session?: boolean;
}

/** A stored report with just what the screener reads. */
function report(f: Fake) {
  return {
    stock_summary: {
      ticker: f.ticker,
      current_metrics: { price: f.price ?? 100 },
      trade_setup: { buy_point: f.buy ?? "N/A", stop_loss: f.stop ?? "N/A", setup_type: "VCP" },
      technical_analysis: { distance_from_52_week_high: -0.1, technical_setup: f.setup ?? "VCP" },
      fundamental_analysis: { quarterly_eps_growth: [0.4, 0.2] },
    },
    meta: {
      demo: true,
      company: { name: `${f.ticker} Inc`, sector: f.sector ?? "Technology", industry: f.industry ?? "Software" },
      rs_rating: f.rs === undefined ? 50 : f.rs,
      trend_template: { score: f.tt ?? 5 },
      ...(f.session !== false && {
        session: { change_pct: f.change ?? 0.01, volume_ratio: 1.2, dollar_volume_50: 5e7, above_50: true, above_200: false, new_high: false, new_low: false },
      }),
    },
  };
}

const row = (f: Fake, asOf = "2026-05-01"): PublicAnalysisRow => ({
  id: `id-${f.ticker}`,
  ticker: f.ticker,
  action: f.action ?? "WATCH",
  analysis: report(f),
  asOf,
  createdAt: new Date("2026-05-01T22:00:00Z"),
});

const query = (q: Record<string, string>) => screenerQuerySchema.parse(q);

describe.each(testDatabaseKinds("database-behaviour"))("public analyses: the screener's columns ($name)", (kind) => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });
  async function open() {
    database = await kind.open();
    return new PublicAnalysesRepository(database.db);
  }

  it("upsertMany and replaceAll write the columns derived from the report, in the same statement", async () => {
    const repo = await open();
    await repo.upsertMany([row({ ticker: "AAA", rs: 91, tt: 8, price: 102, buy: 100, stop: 93 })]);
    let [stored] = await repo.byTickers(["AAA"]);
    expect(stored).toMatchObject(screenColumnsOf(report({ ticker: "AAA", rs: 91, tt: 8, price: 102, buy: 100, stop: 93 })));
    expect(stored).toMatchObject({ rsRating: 91, buyPointDistance: 0.02, stopRisk: 0.088, company: "AAA Inc", demo: true });
    await repo.upsertMany([row({ ticker: "AAA", rs: 40 })]);
    [stored] = await repo.byTickers(["AAA"]);
    expect(stored).toMatchObject({ rsRating: 40, buyPointDistance: null });
    await repo.replaceAll([row({ ticker: "AAA", rs: 77 })]);
    [stored] = await repo.byTickers(["AAA"]);
    expect(stored).toMatchObject({ rsRating: 77 });
  });

  it("the migration's backfill gives the same columns as screenColumnsOf", async () => {
    const repo = await open();
    const fakes: Fake[] = [
      { ticker: "AAA", rs: 91, tt: 8, price: 102, buy: 100, stop: 93, change: -0.02 },
      { ticker: "BBB", rs: null, session: false, sector: null, industry: null },
      { ticker: "CCC", price: 50, buy: 60, stop: 55 },
    ];
    await repo.upsertMany(fakes.map((f) => row(f)));
    const migration = await readFile(path.join(migrationsFolder, "0017_screener.sql"), "utf8");
    const backfill = migration.slice(migration.indexOf('UPDATE "public_analyses"'));
    await database!.executeSql(
      "update public_analyses set company = null, sector = null, industry = null, price = null, change_pct = null, volume_ratio = null, dollar_volume = null, setup = null, buy_point_distance = null, stop_risk = null, rs_rating = null, tt_score = null, below_high_pct = null, eps_growth = null, above_50 = null, above_200 = null, new_high = null, new_low = null, demo = false",
    );
    await database!.executeSql(backfill);
    const stored = await repo.byTickers(fakes.map((f) => f.ticker));
    for (const f of fakes) {
      const expected = screenColumnsOf(report(f));
      const actual = stored.find((s) => s.ticker === f.ticker)!;
      for (const [key, value] of Object.entries(expected)) {
        if (typeof value === "number") expect((actual as unknown as Record<string, number>)[key], `${f.ticker} ${key}`).toBeCloseTo(value, 9);
        else expect((actual as unknown as Record<string, unknown>)[key], `${f.ticker} ${key}`).toEqual(value);
      }
    }
  });

  it("screens in SQL: filters, sort with nulls last both ways and the ticker as tie-breaker, pages and the total", async () => {
    const repo = await open();
    await repo.upsertMany([
      row({ ticker: "AAA", action: "BUY", rs: 95, tt: 8, price: 101, buy: 100, stop: 93, sector: "Technology", industry: "Software" }),
      row({ ticker: "BBB", action: "BUY", rs: 95, tt: 7, price: 120, buy: 100, stop: 93, sector: "Technology", industry: "Semiconductors" }),
      row({ ticker: "CCC", action: "WATCH", rs: 80, tt: 8, price: 97, buy: 100, stop: 90, sector: "Health Care", industry: "Biotech", setup: "Breakout" }),
      row({ ticker: "DDD", action: "SELL", rs: null, tt: 2, price: 5, sector: "Energy", industry: "Oil" }, "2026-04-30"),
      row({ ticker: "EEE", action: "WATCH", rs: 60, tt: 6, price: 40, buy: 42, stop: 37, sector: "Technology", industry: "Software", change: null }),
    ]);
    const tickers = async (q: Record<string, string>) => (await repo.screen(query(q))).rows.map((r) => r.ticker);

    const all = await repo.screen(query({}));
    expect(all.total).toBe(5);
    expect(all.as_of).toBe("2026-05-01");
    expect(all.rows.map((r) => r.ticker)).toEqual(["AAA", "BBB", "CCC", "EEE", "DDD"]);
    expect(all.rows[0]).toMatchObject({ company: "AAA Inc", action: "BUY", rs_rating: 95, tt_score: 8, buy_point_distance: 0.01, demo: true, as_of: "2026-05-01" });
    expect(all.rows.find((r) => r.ticker === "DDD")!.as_of).toBe("2026-04-30");

    expect(await tickers({ sort: "rs_rating" })).toEqual(["EEE", "CCC", "AAA", "BBB", "DDD"]);
    expect(await tickers({ sort: "-change_pct" })).toEqual(["AAA", "BBB", "CCC", "DDD", "EEE"]);
    expect(await tickers({ sort: "change_pct" })).toEqual(["AAA", "BBB", "CCC", "DDD", "EEE"]);
    expect(await tickers({ sort: "-ticker" })).toEqual(["EEE", "DDD", "CCC", "BBB", "AAA"]);
    expect(await tickers({ action: "BUY" })).toEqual(["AAA", "BBB"]);
    expect(await tickers({ setup: "Breakout" })).toEqual(["CCC"]);
    expect(await tickers({ min_rs: "80", min_tt: "8" })).toEqual(["AAA", "CCC"]);
    expect(await tickers({ max_buy_distance: "0.05", sort: "buy_point_distance" })).toEqual(["EEE", "CCC", "AAA"]);
    expect(await tickers({ sector: "Technology", industry: "Software" })).toEqual(["AAA", "EEE"]);
    expect(await tickers({ min_price: "100" })).toEqual(["AAA", "BBB"]);
    expect(await tickers({ min_dollar_volume: "6e7" })).toEqual([]);

    const page2 = await repo.screen(query({ page: "2", page_size: "2" }));
    expect(page2).toMatchObject({ total: 5, as_of: "2026-05-01" });
    expect(page2.rows.map((r) => r.ticker)).toEqual(["CCC", "EEE"]);
    expect(await repo.screen(query({ page: "9", page_size: "2", action: "BUY" }))).toEqual({ as_of: "2026-05-01", total: 2, rows: [] });
    expect(await repo.screen(query({ sector: "Nope" }))).toEqual({ as_of: null, total: 0, rows: [] });
  });

  // PGlite has no planner statistics worth asserting on: the plan is checked on PostgreSQL only (no skipped test on PGlite).
  if (kind.name === "postgres") {
    it("uses an index for a filtered page sorted by RS rating", async () => {
      await open();
      // A test table is tiny, so the planner is told to prefer indexes, as it does on a real universe.
      const { rows } = await database!.executeSql(
        "begin; set local enable_seqscan = off; explain select ticker from public_analyses where action = 'BUY' and rs_rating >= 80 order by rs_rating desc nulls last, ticker asc limit 50; commit",
      );
      const plan = rows.map((r) => String(r["QUERY PLAN"] ?? "")).join("\n");
      expect(plan).toMatch(/Index (Only )?Scan using public_analyses_action_rs/);
    });
  }
});
