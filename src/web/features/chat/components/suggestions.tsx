import { Sparkles } from "lucide-react";

export const CHAT_SUGGESTIONS = [
  "Should I buy NWSC?",
  "What is the market doing?",
  "Explain the 8% stop rule",
  "Compare NWSC and VLRA",
] as const;

/** The empty conversation: a short welcome and questions to start with. */
export function Suggestions({ onPick, disabled }: { onPick: (text: string) => void; disabled: boolean }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-2 py-10 text-center sm:py-16">
      <span className="mb-4 inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Sparkles aria-hidden="true" size={24} />
      </span>
      <h1 className="text-2xl font-bold text-ink">What would you like to know?</h1>
      <p className="mt-2 max-w-md text-sm text-muted">
        Ask about a stock, its setup or the market. Answers use Quanta’s analyses and cite them.
      </p>
      <ul aria-label="Suggestions" className="mt-8 grid w-full gap-2 sm:grid-cols-2">
        {CHAT_SUGGESTIONS.map((text) => (
          <li key={text}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => {
                onPick(text);
              }}
              className="h-full w-full rounded-xl border border-line bg-surface px-4 py-3 text-left text-sm font-medium text-ink shadow-sm transition-colors hover:border-brand-200 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
