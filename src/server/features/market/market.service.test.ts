import { describe, expect, it } from "vitest";
import type { MarketGroup } from "../../../contracts/market";
import { DEFAULT_ANALYSIS_CONFIG } from "../../../core/analysis/analysis-config";
import { BarBuilder } from "../../../core/test-support/bar-builder";
import { createLogger } from "../../logger";
import type { MarketRepository, MarketSessionRow } from "./market.repository";
import { MarketService } from "./market.service";

/** The repository's contract in memory: rows by session. */
function memoryRepository(rows: Map<string, MarketSessionRow>): MarketRepository {
  const sorted = () => [...rows.values()].sort((a, b) => (a.session < b.session ? -1 : 1));
  return {
    upsert: async (row: MarketSessionRow) => void rows.set(row.session, row),
    latest: async () => sorted().at(-1) ?? null,
    breadthHistory: async (limit: number) => sorted().slice(-limit).map((row) => ({ session: row.session, breadth: row.breadth })),
    groupsOnOrBefore: async (session: string) => sorted().filter((row) => row.session <= session).at(-1)?.groups ?? null,
  } as unknown as MarketRepository;
}

function storedRow(session: string, groups: MarketGroup[]): MarketSessionRow {
  return {
    session,
    benchmark: "SPY",
    state: "Confirmed uptrend",
    since: null,
    distributionDays: [],
    followThroughDay: null,
    stateHistory: [],
    breadth: { total: 3, pct_above_50: 1, pct_above_200: 1, new_highs: 0, new_lows: 0, advancers: 0, decliners: 0 },
    groups,
    benchmarkBars: [],
    computedAt: new Date(0),
  };
}

const group = (name: string, rank: number): MarketGroup => ({ name, kind: "sector", rs: 50, rank, rank_change_1w: null, rank_change_4w: null, stocks: 1 });

describe("MarketService.snapshot", () => {
  it("compares the group ranks with the sessions 5 and 20 back, and reads breadth and groups of the benchmark's last session", async () => {
    const bars = new BarBuilder(300, 1e8).to(360, 400).build("2026-11-20");
    const rows = new Map<string, MarketSessionRow>();
    // 5 sessions before 2026-11-20 is 2026-11-13 (BarBuilder skips weekends only); 20 before is 2026-10-23.
    rows.set("2026-11-13", storedRow("2026-11-13", [group("Energy", 1), group("Technology", 2)]));
    rows.set("2026-10-20", storedRow("2026-10-20", [group("Energy", 2), group("Technology", 1)]));
    const asked: string[] = [];
    const service = new MarketService({
      repository: memoryRepository(rows),
      aggregates: {
        breadth: async (session) => {
          asked.push(session);
          return { total: 4, above_50: 2, above_200: 3, new_highs: 1, new_lows: 0, advancers: 3, decliners: 1 };
        },
        groupAverages: async () => [
          { name: "Technology", kind: "sector", rs: 80, stocks: 3 },
          { name: "Energy", kind: "sector", rs: 60, stocks: 1 },
        ],
      },
      benchmark: { ticker: "SPY", bars: async () => bars },
      config: DEFAULT_ANALYSIS_CONFIG,
      now: () => new Date("2026-11-20T22:00:00Z"),
      log: createLogger({ logLevel: "silent" }),
    });
    expect(await service.snapshot()).toBe("2026-11-20");
    expect(asked).toEqual(["2026-11-20"]);
    const page = await service.latest();
    expect(page.groups.map((g) => [g.name, g.rank, g.rank_change_1w, g.rank_change_4w])).toEqual([
      ["Technology", 1, 1, 0],
      ["Energy", 2, -1, 0],
    ]);
    expect(page.breadth).toMatchObject({ total: 4, pct_above_50: 0.5, pct_above_200: 0.75 });
    expect(page.breadth_history.map((b) => b.date)).toEqual(["2026-10-20", "2026-11-13", "2026-11-20"]);
    expect(page.state_history).toHaveLength(120);
    expect(page.benchmark!.bars).toHaveLength(260);

    // Taken again (a run finished again after a crash), the session is compared with the same earlier rows, not with itself.
    await service.snapshot();
    expect(rows.get("2026-11-20")!.groups[0]!.rank_change_1w).toBe(1);
  });

  it("stores nothing without benchmark bars", async () => {
    const rows = new Map<string, MarketSessionRow>();
    const service = new MarketService({
      repository: memoryRepository(rows),
      aggregates: { breadth: async () => ({ total: 0, above_50: 0, above_200: 0, new_highs: 0, new_lows: 0, advancers: 0, decliners: 0 }), groupAverages: async () => [] },
      benchmark: { ticker: "SPY", bars: async () => null },
      config: DEFAULT_ANALYSIS_CONFIG,
      now: () => new Date(),
      log: createLogger({ logLevel: "silent" }),
    });
    expect(await service.snapshot()).toBeNull();
    expect(rows.size).toBe(0);
    expect((await service.latest()).as_of).toBeNull();
  });
});
