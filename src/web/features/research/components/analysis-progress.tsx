import { useEffect, useState } from "react";
import { LoaderCircle } from "lucide-react";
import { ANALYSIS_MESSAGE_INTERVAL_MS } from "../../../config/timing";
import { ANALYSIS_LOADING_MESSAGES } from "../loading-messages";

/** The loading state of an analysis: a spinner and a message that changes every 1.5 s. */
export function AnalysisProgress({ ticker }: { ticker: string }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      setIndex((current) => (current + 1) % ANALYSIS_LOADING_MESSAGES.length);
    }, ANALYSIS_MESSAGE_INTERVAL_MS);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="analysis-loading"
      className="mt-8 flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface px-6 py-12 text-center shadow-card print:hidden"
    >
      <LoaderCircle aria-hidden="true" size={32} className="animate-spin text-brand-600" />
      <p data-testid="analysis-loading-message" className="text-base font-semibold text-ink">
        {ANALYSIS_LOADING_MESSAGES[index]}
      </p>
      <p className="text-sm text-muted">Analyzing {ticker}. This takes a few seconds.</p>
    </div>
  );
}
