import { describe, expectTypeOf, it } from "vitest";
import type * as Core from "../core/analysis/analysis-report";
import type { AnalysisMeta, AnalysisReport, StockSummary } from "./stock-summary";

// The engine's plain types (src/core) and the schema describe the same shape. The type checker
// (`npm run typecheck`) proves it both ways; a difference is a compile error here.
describe("the report schema", () => {
  it("has the engine's types, both ways", () => {
    expectTypeOf<StockSummary>().toExtend<Core.StockSummary>();
    expectTypeOf<Core.StockSummary>().toExtend<StockSummary>();
    expectTypeOf<AnalysisMeta>().toExtend<Core.AnalysisMeta>();
    expectTypeOf<Core.AnalysisMeta>().toExtend<AnalysisMeta>();
    expectTypeOf<AnalysisReport>().toExtend<Core.AnalysisReport>();
    expectTypeOf<Core.AnalysisReport>().toExtend<AnalysisReport>();
  });
});
