import { describe, expect, it } from "vitest";
import type { SetupKind } from "../core/analysis/analysis-facts";
import {
  SCREENER_COLUMNS,
  SCREENER_PRESETS,
  SCREENER_SETUPS,
  createScreenRequestSchema,
  screenerQuerySchema,
  screenerRowSchema,
  screenerSortSchema,
  type ScreenDefinition,
  type ScreenerRow,
  type ScreenerSort,
} from "./screener";

describe("screener contract", () => {
  it("names every setup the engine can give", () => {
    const every: Record<SetupKind, true> = Object.fromEntries(SCREENER_SETUPS.map((s) => [s, true])) as Record<SetupKind, true>;
    const all: SetupKind[] = ["VCP", "Flat base", "Cup with handle", "Breakout", "Extended", "Past the buy window", "Pullback to the 50-day SMA", "Pullback to the 50-day EMA", "Failed breakout", "Stop hit", "50-day line broken", "Stage 4 decline", "Downtrend", "No base"];
    expect(Object.keys(every).sort()).toEqual([...all].sort());
  });

  it("reads a query string, with the default sort and page", () => {
    expect(screenerQuerySchema.parse({ min_rs: "80", max_buy_distance: "0.05", sort: "buy_point_distance" })).toEqual({
      min_rs: 80,
      max_buy_distance: 0.05,
      sort: "buy_point_distance",
      page: 1,
      page_size: 50,
    });
    expect(screenerQuerySchema.parse({}).sort).toBe("-rs_rating");
  });

  it("refuses unknown fields, columns and out-of-range values", () => {
    for (const bad of [{ sort: "-nope" }, { min_rs: "0" }, { min_rs: "100" }, { min_tt: "9" }, { page_size: "201" }, { page: "0" }, { max_buy_distance: "2" }, { sector: "x".repeat(81) }, { extra: "1" }, { action: "HOLD" }, { setup: "Rocket" }, { min_price: "-1" }, { min_rs: "abc" }]) {
      expect(screenerQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("has presets that are valid screens", () => {
    expect(SCREENER_PRESETS.map((p) => p.label)).toEqual(["Breakouts today", "Near the buy point", "Leaders: RS ≥ 90 and Trend Template 8/8"]);
    for (const preset of SCREENER_PRESETS) expect(createScreenRequestSchema.safeParse({ name: preset.label, query: preset.query }).success).toBe(true);
  });

  it("sorts by every column of a row, either way", () => {
    const row: ScreenerRow = screenerRowSchema.parse({
      ticker: "NWSC", company: "Newscorp", sector: "Technology", industry: "Software", price: 10, change_pct: 0.01, volume_ratio: 1.5,
      dollar_volume: 1e7, action: "BUY", setup: "VCP", buy_point_distance: 0.01, stop_risk: 0.07, rs_rating: 90, tt_score: 8,
      below_high_pct: 0.02, eps_growth: 0.3, demo: true, as_of: "2026-05-01",
    });
    const rowColumns = Object.keys(row).filter((key) => key !== "as_of");
    expect([...SCREENER_COLUMNS].sort()).toEqual(rowColumns.sort());
    const sorts: ScreenerSort[] = SCREENER_COLUMNS.flatMap((c) => [c, `-${c}` as const]);
    for (const sort of sorts) expect(screenerSortSchema.parse(sort)).toBe(sort);
    const saved: ScreenDefinition = createScreenRequestSchema.parse({ name: "x", query: { sort: "-price" } }).query;
    expect(saved).toEqual({ sort: "-price", page_size: 50 });
  });
});
