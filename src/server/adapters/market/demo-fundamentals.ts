import type { AnnualEps, Fundamentals, QuarterlyEps } from "../../../core/market/market-data";
import { dayNumber, isoFromDayNumber } from "../../../core/market/trading-calendar";
import { hashParts, Rng } from "./demo-random";
import type { DemoListing } from "./demo-universe";

/**
 * Earnings and institutional ownership of the demo companies, shaped by archetype: leaders grow
 * EPS ≥ 25% a year and accelerate, weak names slow below 20%, decliners shrink. Calendar fiscal
 * years; a quarter is reported 30 days after it ends.
 */

const QUARTERS_SHOWN = 12;
/** Quarters generated: enough for the shown ones plus complete years of annual EPS. */
const QUARTERS_GENERATED = 20;
const ANNUAL_YEARS = 4;
const REPORT_LAG_DAYS = 30;

type Profile = "strong" | "weak" | "declining" | "flat";

function profileOf(listing: DemoListing): Profile | null {
  switch (listing.kind) {
    case "vcp":
    case "flat-base":
    case "cup-with-handle":
    case "breakout":
    case "extended":
      return "strong";
    case "weak-fundamentals":
      return "weak";
    case "stage-4":
      return "declining";
    case "neutral":
      return "flat";
    default:
      return null;
  }
}

/** Year-over-year growth wanted for quarters 4…19 (index 19 is the latest). */
function growthPlan(profile: Profile, s: Rng, variant: number): number[] {
  const g = new Array<number>(QUARTERS_GENERATED).fill(0);
  if (profile === "strong") {
    for (let i = 4; i < 17; i++) g[i] = s.range(0.28, 0.42);
    const a = s.range(0.28, 0.36);
    g[17] = a;
    g[18] = a + s.range(0.05, 0.12);
    g[19] = g[18] + s.range(0.05, 0.14);
  } else if (profile === "weak") {
    for (let i = 4; i < 17; i++) g[i] = s.range(0.1, 0.28);
    // Decelerating below the 20% bar; every other name shrinks outright.
    g[17] = s.range(0.18, 0.24);
    g[18] = s.range(0.09, 0.15);
    g[19] = variant % 2 === 0 ? s.range(0.02, 0.12) : s.range(-0.12, -0.02);
  } else if (profile === "declining") {
    for (let i = 4; i < 13; i++) g[i] = s.range(0, 0.14);
    for (let i = 13; i < 20; i++) g[i] = -0.04 - (0.3 * (i - 13)) / 6 - s.range(0, 0.04);
  } else {
    for (let i = 4; i < 20; i++) g[i] = s.range(-0.06, 0.14);
  }
  return g;
}

function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

function growth(eps: readonly number[], i: number): number {
  return (eps[i]! - eps[i - 4]!) / Math.abs(eps[i - 4]!);
}

/** Nudges the rounded EPS of the last quarters so the profile's promises hold exactly. */
function enforceProfile(profile: Profile, eps: number[]): void {
  const last = eps.length - 1;
  if (profile === "strong") {
    let previous = 0.25;
    for (let i = last - 2; i <= last; i++) {
      while (growth(eps, i) < previous + 0.01) eps[i] = cents(eps[i]! + 0.01);
      previous = growth(eps, i);
    }
  } else if (profile === "weak") {
    while (growth(eps, last) >= 0.18) eps[last] = cents(eps[last]! - 0.01);
  } else if (profile === "declining") {
    let previous = 0;
    for (let i = last - 2; i <= last; i++) {
      while (growth(eps, i) > previous - 0.01) eps[i] = cents(eps[i]! - 0.01);
      previous = growth(eps, i);
    }
  }
}

/** Fiscal quarter ends (day numbers), oldest first, the latest reported by `asOfDay`. */
function quarterEnds(asOfDay: number, count: number): number[] {
  const reported = new Date((asOfDay - REPORT_LAG_DAYS) * 86_400_000);
  let year = reported.getUTCFullYear();
  let quarter = Math.floor(reported.getUTCMonth() / 3); // 0..3: the quarter containing the date
  // Step back to the last quarter that has ended by the reporting date.
  const endOf = (y: number, q: number): number => dayNumber(y, q * 3 + 4, 0);
  if (endOf(year, quarter) > asOfDay - REPORT_LAG_DAYS) {
    quarter--;
    if (quarter < 0) {
      quarter = 3;
      year--;
    }
  }
  const ends: number[] = [];
  for (let i = 0; i < count; i++) {
    ends.unshift(endOf(year, quarter));
    quarter--;
    if (quarter < 0) {
      quarter = 3;
      year--;
    }
  }
  return ends;
}

export function generateDemoFundamentals(listing: DemoListing, seed: number, asOfDay: number, variant: number): Fundamentals | null {
  const profile = profileOf(listing);
  if (!profile) return null;
  const ends = quarterEnds(asOfDay, QUARTERS_GENERATED);
  const latestEnd = isoFromDayNumber(ends[ends.length - 1]!);
  const s = new Rng(hashParts("fundamentals", seed, listing.ticker, latestEnd));

  // Unscaled EPS from the growth plan, then scaled to a plausible P/E at the listing's price level.
  const plan = growthPlan(profile, s, variant);
  const raw = new Array<number>(QUARTERS_GENERATED);
  // The first year grows through the quarters at the plan's early pace, so later years do too.
  const earlyGrowth = (plan[4]! + plan[5]! + plan[6]! + plan[7]!) / 4;
  for (let i = 0; i < 4; i++) raw[i] = (1 + earlyGrowth) ** (i / 4) * s.range(0.96, 1.04);
  for (let i = 4; i < QUARTERS_GENERATED; i++) raw[i] = raw[i - 4]! * (1 + plan[i]!);
  const trailing = raw.slice(-4).reduce((a, b) => a + b, 0);
  const pe = profile === "strong" ? s.range(28, 48) : profile === "declining" ? s.range(14, 24) : s.range(15, 26);
  let scale = listing.level / pe / trailing;
  // Keep the oldest quarters at 25 cents or more, so rounding never bends the growth rates.
  const oldest = Math.min(...raw.slice(0, 4));
  scale = Math.max(scale, 0.25 / oldest);
  const eps = raw.map((value) => cents(value * scale));
  enforceProfile(profile, eps);

  const quarterlyEps: QuarterlyEps[] = [];
  for (let i = QUARTERS_GENERATED - QUARTERS_SHOWN; i < QUARTERS_GENERATED; i++) {
    quarterlyEps.push({ periodEnd: isoFromDayNumber(ends[i]!), eps: eps[i]! });
  }

  // Annual EPS: complete calendar years among the generated quarters.
  const byYear = new Map<number, { sum: number; quarters: number }>();
  ends.forEach((end, i) => {
    const year = new Date(end * 86_400_000).getUTCFullYear();
    const entry = byYear.get(year) ?? { sum: 0, quarters: 0 };
    entry.sum += eps[i]!;
    entry.quarters++;
    byYear.set(year, entry);
  });
  const annualEps: AnnualEps[] = [...byYear.entries()]
    .filter(([, entry]) => entry.quarters === 4)
    .map(([fiscalYear, entry]) => ({ fiscalYear, eps: cents(entry.sum) }))
    .sort((a, b) => a.fiscalYear - b.fiscalYear)
    .slice(-ANNUAL_YEARS);

  // Institutional ownership: accumulation for leaders, distribution for decliners.
  const percentHeld = cents(profile === "strong" ? s.range(0.58, 0.86) : profile === "declining" ? s.range(0.32, 0.6) : s.range(0.4, 0.75));
  const sharesOutstanding = listing.volume * s.range(90, 220);
  const shares = Math.round(sharesOutstanding * percentHeld);
  const holders = Math.round(s.range(250, 900) + Math.sqrt(listing.volume) * s.range(0.6, 1.6));
  const change = profile === "strong" ? s.range(0.04, 0.11) : profile === "declining" ? -s.range(0.04, 0.1) : s.range(-0.012, 0.012);
  const shareChange = profile === "strong" ? s.range(0.03, 0.08) : profile === "declining" ? -s.range(0.03, 0.08) : s.range(-0.012, 0.012);
  return {
    quarterlyEps,
    annualEps,
    ownership: {
      percentHeld,
      holders,
      holdersPreviousQuarter: Math.round(holders / (1 + change)),
      shares,
      sharesPreviousQuarter: Math.round(shares / (1 + shareChange)),
    },
  };
}
