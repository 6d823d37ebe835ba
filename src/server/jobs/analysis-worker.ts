import os from "node:os";
import { analyzeStock, type AnalysisInput } from "../../core/analysis/analyze-stock";
import type { AnalysisReport } from "../../core/analysis/analysis-report";

// On Linux a thread has its own nice value: the analysis threads yield the CPU to the thread that
// answers requests, so a refresh fills idle cores without slowing the site. Where the OS refuses
// (or applies it process-wide), the default priority is kept.
if (os.platform() === "linux") {
  try {
    os.setPriority(0, 10);
  } catch {
    // not permitted here: run at the default priority
  }
}

/** A worker thread of the analysis pool: the pure engine, run off the request thread. */
export default function analyzeInWorker(input: AnalysisInput): AnalysisReport {
  return analyzeStock(input);
}
