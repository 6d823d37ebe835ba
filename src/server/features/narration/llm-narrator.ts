import type { Logger } from "../../logger";
import type { AnalysisReport } from "../../../core/analysis/analysis-report";
import { narrationSchema, type Narration } from "../../../contracts/narration";
import { structuredOutput } from "../../adapters/llm/llm-call";
import type { ModelGateway } from "../../adapters/llm/model-gateway";
import { reportNumbers, unsupportedFigures } from "./figure-check";

/**
 * The LLM narrator (docs/method.md): the configured model rewrites the prose of the
 * engine's report for an individual investor, and nothing else. Its answer is validated with the
 * narration schema, merged field by field into the engine's report (so every number, the action,
 * the levels and the labels stay the engine's) and rejected when its text holds a figure the
 * report does not. Time-out, invalid output, any error, or the user's daily token budget spent:
 * the rules narrator's report is returned unchanged, with a warning in the log.
 */

export interface NarrationDependencies {
  /** The configured model; the report says 'llm:<name>' and the UI 'Narrated by <name>'. */
  gateway: ModelGateway;
  log: Logger;
}

export interface NarrationContext {
  /** Whose token budget pays for the narration. */
  userId: string;
}

/** Why the rules text was kept (logged, and thrown inside `narrate` only). */
class NarrationRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NarrationRejectedError";
  }
}

const SYSTEM_RULES = [
  "You are the narrator of Quanta, a stock analysis tool for individual investors.",
  "The analysis engine has already decided everything: the action (BUY, WATCH or SELL), the prices, moving averages, buy point, stop loss, target and every other figure.",
  "Your only job is to rewrite its text fields plainly, in short clear sentences an individual investor understands, explaining jargon briefly where it helps.",
  "Rules:",
  "- Do not invent or change any number. Keep every figure exactly as given (prices, percentages, ratios, counts, dates); do not round, convert or add figures.",
  "- Do not add facts, opinions, predictions or advice that the report does not contain, and do not contradict the action.",
  "- Keep each list the same length and in the same order: one rewritten sentence or two per item.",
  "- Keep 'N/A' where the report says N/A, and keep any note that the data is simulated demo data.",
  "- Answer with the JSON object only.",
].join("\n");

function systemPrompt(report: AnalysisReport): string {
  return `${SYSTEM_RULES}\n\nThe facts (the engine's full report, JSON):\n${JSON.stringify(report)}`;
}

function userPrompt(current: Narration): string {
  return `Rewrite these text fields of the report above and return them in the same JSON shape:\n${JSON.stringify(current)}`;
}

const narrationOutput = structuredOutput("narration", "The report's text fields, rewritten plainly with every figure kept as given.", narrationSchema);

function texts(narration: Narration): string[] {
  return Object.values(narration).flatMap((section) => Object.values(section).flat());
}

/** The lists of the narration, by name: a rewrite keeps their length (one item per item). */
const lists: Record<string, (text: Narration) => string[]> = {
  "recommendation.triggers": (text) => text.recommendation.triggers,
  "recommendation.risk_factors": (text) => text.recommendation.risk_factors,
  "technical_analysis.technical_setup_trigger_key_triggers": (text) => text.technical_analysis.technical_setup_trigger_key_triggers,
  "technical_analysis.technical_setup_trigger_risk_factors": (text) => text.technical_analysis.technical_setup_trigger_risk_factors,
};

/**
 * The engine's report with the narration's text in place: the narration holds text fields only
 * (the schema strips anything else), so every number, the action, the levels and the labels remain
 * the engine's. Throws NarrationRejectedError when a list changed length or a figure is not the
 * report's.
 */
export function mergeNarration(report: AnalysisReport, candidate: unknown, narrator: string): AnalysisReport {
  const parsed = narrationSchema.safeParse(candidate);
  if (!parsed.success) throw new NarrationRejectedError(`the narration does not match the schema: ${parsed.error.message}`);
  const narration = parsed.data;
  const summary = report.stock_summary;
  const engineText = narrationSchema.parse(summary);
  for (const [name, list] of Object.entries(lists)) {
    const expected = list(engineText).length;
    const got = list(narration).length;
    if (got !== expected) throw new NarrationRejectedError(`${name} has ${got} items instead of ${expected}`);
  }
  const unsupported = unsupportedFigures(texts(narration), reportNumbers(report));
  if (unsupported.length > 0) throw new NarrationRejectedError(`figures not in the engine's report: ${unsupported.slice(0, 10).join(", ")}`);
  return {
    stock_summary: {
      ...summary,
      recommendation: { ...summary.recommendation, ...narration.recommendation },
      technical_analysis: { ...summary.technical_analysis, ...narration.technical_analysis },
      fundamental_analysis: { ...summary.fundamental_analysis, ...narration.fundamental_analysis },
      risk_assessment: { ...summary.risk_assessment, ...narration.risk_assessment },
    },
    meta: { ...report.meta, narrator },
  };
}


export class NarrationService {
  constructor(private readonly deps: NarrationDependencies) {}

  /** 'llm:<model>', as meta.narrator records it. */
  get narrator(): string {
    return `llm:${this.deps.gateway.name}`;
  }

  /** The report narrated by the model, or `report` itself (the rules narration) on any failure. */
  async narrate(report: AnalysisReport, context: NarrationContext): Promise<AnalysisReport> {
    const where = { ticker: report.stock_summary.ticker, userId: context.userId, model: this.deps.gateway.name };
    const current = narrationSchema.safeParse(report.stock_summary);
    const result = current.success
      ? await this.deps.gateway.generate(
          { userId: context.userId },
          { system: systemPrompt(report), prompt: userPrompt(current.data), output: narrationOutput, temperature: 0.2 },
          (output) => mergeNarration(report, output, this.narrator),
        )
      : ({ ok: false, reason: "rejected", error: current.error } as const);
    if (result.ok) return result.value;
    if (result.reason === "budget_spent") {
      this.deps.log.warn(where, "LLM narration skipped: the user's daily token budget is spent; the rules narration is used");
    } else {
      this.deps.log.warn({ ...where, err: result.error }, "LLM narration failed; the rules narration is used");
    }
    return report;
  }
}
