import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReusedAnalysis } from "../../../../contracts/research";
import type { ReportData } from "../../../lib/analysis-record";
import { historyKeys } from "../../../lib/query-keys";
import { checkLimit, requestAnalysis } from "./research-api";
import { researchKeys } from "./research-keys";

/** What one analysis request comes to, for the analyze page to show (docs/product.md). */
export type AnalyzeResult =
  /**
   * The report; the server has stored it in the history. `reused`: it is the user's stored analysis
   * of the same market data (not charged); `refresh`: the user asked with 'Refresh'; `analysisId`:
   * the stored analysis (what Share links to), null when the server did not say.
   */
  | { kind: "report"; report: ReportData; analysisId: string | null; reused: ReusedAnalysis | null; refresh: boolean }
  /** Signed out or the session ended: the sign-up prompt ('Unlock Quanta AI'). */
  | { kind: "unlock" }
  /** E-mail not verified: the message plus the verification modal. */
  | { kind: "verify"; message: string }
  /** The daily limit without an active subscription: the Upgrade modal. */
  | { kind: "upgrade" }
  | { kind: "error"; message: string };

/** What to analyse: the ticker, and `refresh` for the explicit 'Refresh' of a reused analysis. */
export interface AnalyzeRequest {
  ticker: string;
  refresh?: boolean;
}

/** POST /research/stocks/, and after a daily-limit answer the subscription check. Never throws. */
export async function analyzeStock({ ticker, refresh = false }: AnalyzeRequest): Promise<AnalyzeResult> {
  const outcome = await requestAnalysis(ticker, refresh ? { refresh } : {});
  switch (outcome.kind) {
    case "success":
      return { kind: "report", report: outcome.report, analysisId: outcome.analysis?.id ?? null, reused: outcome.reused ?? null, refresh };
    case "signup":
      return { kind: "unlock" };
    case "limit": {
      const limit = await checkLimit();
      return limit.kind === "upgrade" ? { kind: "upgrade" } : limit;
    }
    case "verify":
    case "error":
      return outcome;
  }
}

/**
 * The analysis of a ticker as a mutation: its state is the latest request's (an older answer that
 * arrives late is not shown). Every answer may change today's usage; a new report is new history
 * (a reused one is not).
 */
export function useAnalyzeStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeStock,
    onSuccess: (result) => {
      if (result.kind === "report" && result.reused === null) void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: researchKeys.usage() });
    },
  });
}
