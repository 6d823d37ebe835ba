import type { Fundamentals } from "../market/market-data";
import type { AnalysisConfig } from "./analysis-config";

type GrowthTrend = "Accelerating" | "Decelerating" | "Mixed" | "Steady";
type OwnershipTrend = "Increasing" | "Decreasing" | "Stable";

interface QuarterGrowth {
  periodEnd: string;
  eps: number;
  epsYearAgo: number;
  /** Year-over-year growth as a fraction; null when the year-ago EPS was zero or negative. */
  growth: number | null;
}

export interface FundamentalFacts {
  /** The last quarters, newest first. */
  quarters: QuarterGrowth[];
  /** Growth fractions of `quarters` that could be computed, newest first. */
  growth: number[];
  currentQuarterGrowth: number | null;
  quarterTrend: GrowthTrend | null;
  passesCurrentQuarterRule: boolean | null;
  /** Compound annual EPS growth over the annual figures, as a fraction. */
  annualGrowth: number | null;
  annualYears: number;
  annualEps: { fiscalYear: number; eps: number }[];
  ownershipPercent: number | null;
  ownershipTrend: OwnershipTrend | null;
  holders: number | null;
  holdersChange: number | null;
  sharesChange: number | null;
}

function trendOf(chronological: number[]): GrowthTrend | null {
  if (chronological.length < 2) return null;
  let up = true;
  let down = true;
  let flat = true;
  for (let k = 1; k < chronological.length; k++) {
    const delta = chronological[k]! - chronological[k - 1]!;
    if (!(delta > 0)) up = false;
    if (!(delta < 0)) down = false;
    if (Math.abs(delta) > 0.005) flat = false;
  }
  if (flat) return "Steady";
  if (up) return "Accelerating";
  if (down) return "Decelerating";
  return "Mixed";
}

function change(now: number | null, before: number | null): number | null {
  return now !== null && before !== null && before > 0 ? now / before - 1 : null;
}

/** EPS growth, its trend and institutional sponsorship (docs/method.md). */
export function analyzeFundamentals(fundamentals: Fundamentals | null, config: AnalysisConfig): FundamentalFacts {
  const rules = config.fundamentals;
  const eps = fundamentals?.quarterlyEps ?? [];
  const quarters: QuarterGrowth[] = [];
  for (let k = eps.length - 1; k >= 4 && quarters.length < rules.quartersShown; k--) {
    const now = eps[k]!;
    const yearAgo = eps[k - 4]!;
    const growth = yearAgo.eps > 0 && Number.isFinite(now.eps) ? now.eps / yearAgo.eps - 1 : null;
    quarters.push({ periodEnd: now.periodEnd, eps: now.eps, epsYearAgo: yearAgo.eps, growth });
  }
  const growth = quarters.map((q) => q.growth).filter((g): g is number => g !== null && Number.isFinite(g));
  const currentQuarterGrowth = quarters[0]?.growth ?? null;
  const chronological = quarters.every((q) => q.growth !== null) ? quarters.map((q) => q.growth!).reverse() : [];

  const annual = [...(fundamentals?.annualEps ?? [])].sort((a, b) => a.fiscalYear - b.fiscalYear).slice(-3);
  let annualGrowth: number | null = null;
  if (annual.length >= 2) {
    const first = annual[0]!.eps;
    const lastEps = annual[annual.length - 1]!.eps;
    const years = annual[annual.length - 1]!.fiscalYear - annual[0]!.fiscalYear;
    if (first > 0 && lastEps > 0 && years > 0) annualGrowth = (lastEps / first) ** (1 / years) - 1;
  }

  const ownership = fundamentals?.ownership ?? null;
  const holdersChange = change(ownership?.holders ?? null, ownership?.holdersPreviousQuarter ?? null);
  const sharesChange = change(ownership?.shares ?? null, ownership?.sharesPreviousQuarter ?? null);
  const measure = holdersChange ?? sharesChange;
  const ownershipTrend: OwnershipTrend | null =
    measure === null ? null : measure > rules.ownershipChange ? "Increasing" : measure < -rules.ownershipChange ? "Decreasing" : "Stable";

  return {
    quarters,
    growth,
    currentQuarterGrowth,
    quarterTrend: trendOf(chronological),
    passesCurrentQuarterRule: currentQuarterGrowth === null ? null : currentQuarterGrowth >= rules.minCurrentQuarterGrowth,
    annualGrowth,
    annualYears: annual.length,
    annualEps: annual,
    ownershipPercent: ownership?.percentHeld ?? null,
    ownershipTrend,
    holders: ownership?.holders ?? null,
    holdersChange,
    sharesChange,
  };
}
