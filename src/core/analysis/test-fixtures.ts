import { BarBuilder } from "../test-support/bar-builder";
import type { DailyBars, Fundamentals } from "../market/market-data";
import type { AnalysisInput } from "./analyze-stock";

/** A stage-2 leader: quiet, then a 100% advance to 100 over 150 sessions (EMAs stacked and rising). */
export function leader(): BarBuilder {
  return new BarBuilder(50).flat(80, 0.002).to(100, 150);
}

/** A three-contraction VCP (≈20% → 10% → 5%) ending just under its pivot on drying volume. */
export function vcp(): BarBuilder {
  return leader()
    .move(-0.2, 10)
    .to(99, 10)
    .move(-0.1, 8)
    .to(98.5, 8)
    .move(-0.05, 5, 0.5)
    .to(97.5, 4, 0.5);
}

/** Three equal-ish pullbacks (8%, 9%, 7%) over ≈7 weeks: a flat base, not a VCP. */
export function flatBase(): BarBuilder {
  return leader().move(-0.08, 6).to(99.5, 6).move(-0.09, 6).to(99.6, 6).move(-0.07, 5).to(99, 5);
}

/** A 25% cup with a flat bottom, a right side back to 99 and a 6% handle on light volume. */
export function cupWithHandle(): BarBuilder {
  return leader().move(-0.25, 15).flat(10, 0.002).to(99, 15).move(-0.06, 6, 0.6).flat(2, 0.002, 0.6);
}

/** A stage-4 decline: from 100 down to 45 over 300 sessions, still falling. */
export function decliner(): BarBuilder {
  return new BarBuilder(100).flat(40, 0.002).to(45, 300);
}

/** A benchmark in a confirmed uptrend. */
function risingBenchmark(length = 520): DailyBars {
  return new BarBuilder(300, 80_000_000).to(360, length - 1).build();
}

function strongFundamentals(): Fundamentals {
  const eps = [1.0, 1.02, 1.05, 1.1, 1.15, 1.25, 1.4, 1.6, 1.5, 1.7, 2.0, 2.4];
  return {
    quarterlyEps: eps.map((value, k) => ({ periodEnd: `202${3 + Math.floor(k / 4)}-${["03-31", "06-30", "09-30", "12-31"][k % 4]}`, eps: value })),
    annualEps: [
      { fiscalYear: 2023, eps: 4.2 },
      { fiscalYear: 2024, eps: 5.5 },
      { fiscalYear: 2025, eps: 7.4 },
    ],
    ownership: { percentHeld: 0.72, holders: 1260, holdersPreviousQuarter: 1204, shares: 5e8, sharesPreviousQuarter: 4.8e8 },
  };
}

export function input(bars: DailyBars, overrides: Partial<AnalysisInput> = {}): AnalysisInput {
  return {
    ticker: "TEST",
    profile: { ticker: "TEST", name: "Test Corp", sector: "Technology", industry: "Software" },
    bars,
    benchmark: risingBenchmark(bars.close.length),
    sectorBars: null,
    sectorEtf: null,
    fundamentals: strongFundamentals(),
    universeRsScores: null,
    dataSource: "test",
    demo: false,
    generatedAt: "2026-11-22T00:00:00.000Z",
    ...overrides,
  };
}
