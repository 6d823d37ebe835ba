import { useState, type SubmitEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { History } from "lucide-react";
import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { Page } from "../../components/layout/page";
import { Banner } from "../../components/ui/banner";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { FormField, fieldInputProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";

/** Uppercased and trimmed, as SPEC.md §5 asks for tickers. */
function normalizeTicker(value: string): string {
  return value.toUpperCase().trim();
}

export function AnalyzePage() {
  usePageTitle("Analyze a stock", useBrand());
  const [params, setParams] = useSearchParams();
  const [ticker, setTicker] = useState(() => normalizeTicker(params.get("ticker") ?? ""));
  const [error, setError] = useState<string | undefined>(undefined);
  const [noteFor, setNoteFor] = useState<string | null>(null);

  const onChange = (value: string) => {
    const next = value.toUpperCase();
    setTicker(next);
    setError(undefined);
    setNoteFor(null);
    // Keep the URL in step with the input so the page can be shared or reloaded.
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next.trim()) copy.set("ticker", next.trim());
        else copy.delete("ticker");
        return copy;
      },
      { replace: true },
    );
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const symbol = normalizeTicker(ticker);
    if (!symbol) {
      setError("Please enter a stock symbol");
      return;
    }
    setNoteFor(symbol);
  };

  return (
    <Page
      title="Stock Analysis"
      description="Enter a ticker to get the recommendation, trade setup and the analysis behind it."
      actions={
        <Link to="/analyses" className={buttonClasses({ variant: "secondary" })}>
          <History aria-hidden="true" size={18} />
          View Historical Analysis
        </Link>
      }
    >
      <Card className="max-w-2xl">
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <FormField id="analyze-ticker" label="Enter Stock Ticker or Company Name" error={error}>
            <Input
              name="ticker"
              placeholder="AAPL"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={ticker}
              onChange={(event) => {
                onChange(event.target.value);
              }}
              {...fieldInputProps("analyze-ticker", error)}
            />
          </FormField>
          <Button type="submit" size="lg">
            Analyze Stock
          </Button>
        </form>
        {noteFor ? (
          <Banner tone="info" className="mt-4">
            Analysis of {noteFor} is not available yet: it arrives with the research feature.
          </Banner>
        ) : null}
      </Card>
    </Page>
  );
}
