import type { AnalysisConfig } from "../analysis/analysis-config";

/** The settings that take one of a few words, and those words. */
const CHOICES: Record<string, readonly string[]> = {
  "trendTemplate.averages": ["sma", "ema"],
  "sell.stage4": ["stacked", "below-falling-200"],
};

/**
 * A copy of the analysis config with `path=value` overrides ('breakout.buyWindowSessions=3',
 * 'trendTemplate.averages=ema'), so a back-test can try a rule change without editing code. Only
 * existing keys can be set, and a value keeps the type it replaces.
 */
export function withOverrides(config: AnalysisConfig, overrides: readonly string[]): AnalysisConfig {
  const copy = structuredClone(config) as unknown as Record<string, unknown>;
  for (const override of overrides) {
    const match = /^([A-Za-z0-9.]+)=(.+)$/.exec(override);
    if (!match) throw new RangeError(`'${override}' is not path=value`);
    const path = match[1]!.split(".");
    const raw = match[2]!;
    let node = copy;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      if (typeof next !== "object" || next === null || Array.isArray(next)) throw new RangeError(`'${match[1]}' is not a setting of the analysis config`);
      node = next as Record<string, unknown>;
    }
    const leaf = path.at(-1)!;
    const current = node[leaf];
    if (typeof current === "number") {
      const value = Number(raw);
      if (!Number.isFinite(value)) throw new RangeError(`'${match[1]}' takes a number, got '${raw}'`);
      node[leaf] = value;
    } else if (typeof current === "string") {
      const allowed = CHOICES[match[1]!];
      if (allowed && !allowed.includes(raw)) throw new RangeError(`'${match[1]}' is one of ${allowed.join(", ")}, got '${raw}'`);
      node[leaf] = raw;
    } else if (typeof current === "boolean") {
      node[leaf] = raw === "true";
    } else {
      throw new RangeError(`'${match[1]}' is not a setting of the analysis config`);
    }
  }
  return copy as unknown as AnalysisConfig;
}
