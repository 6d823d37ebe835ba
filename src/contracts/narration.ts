import { z } from "zod";
import { stockSummarySchema } from "./stock-summary";

/**
 * The prose of an analysis report that an LLM narrator may rewrite (docs/architecture.md: numbers come
 * from code, words may come from a model), derived from the stock_summary schema so both stay one
 * contract. Parsing a stock_summary with it keeps only these fields.
 *
 * Left out on purpose, besides every number, the action and the levels: the short labels the UI
 * colours by and the CLI and news briefs quote (technical_analysis.trend and technical_setup,
 * trade_setup.setup_type, market_analysis, institutional_ownership_trend). They stay the engine's.
 */
const summary = stockSummarySchema.shape;

export const narrationSchema = z.object({
  recommendation: summary.recommendation.pick({ triggers: true, risk_factors: true, risk_management: true }),
  technical_analysis: summary.technical_analysis.pick({
    volume_analysis: true,
    volatility_pattern: true,
    technical_setup_trigger: true,
    technical_setup_trigger_key_triggers: true,
    technical_setup_trigger_risk_factors: true,
  }),
  fundamental_analysis: summary.fundamental_analysis.pick({
    quarterly_eps_growth_trend: true,
    annual_growth_trend: true,
    industry_position: true,
    sector_performance: true,
  }),
  risk_assessment: summary.risk_assessment,
});
export type Narration = z.infer<typeof narrationSchema>;
