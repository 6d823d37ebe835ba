import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReportData } from "../../../lib/analysis-record";
import { historyKeys } from "../../../lib/query-keys";
import { checkLimit, requestAnalysis } from "./research-api";
import { researchKeys } from "./research-keys";

/** What one analysis request comes to, for the analyze page to show (SPEC.md §5 and §8). */
export type AnalyzeResult =
  /** The report; the server has stored it in the history. */
  | { kind: "report"; report: ReportData }
  /** Signed out or the session ended: the sign-up prompt ('Unlock Quanta AI'). */
  | { kind: "unlock" }
  /** E-mail not verified: the message plus the verification modal. */
  | { kind: "verify"; message: string }
  /** The daily limit without an active subscription: the Upgrade modal. */
  | { kind: "upgrade" }
  | { kind: "error"; message: string };

/** POST /research/stocks/, and after a daily-limit answer the subscription check. Never throws. */
export async function analyzeStock(ticker: string): Promise<AnalyzeResult> {
  const outcome = await requestAnalysis(ticker);
  switch (outcome.kind) {
    case "success":
      return { kind: "report", report: outcome.report };
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
 * arrives late is not shown). Every answer changes today's usage; a report is also new history.
 */
export function useAnalyzeStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeStock,
    onSuccess: (result) => {
      if (result.kind === "report") void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: researchKeys.usage() });
    },
  });
}
