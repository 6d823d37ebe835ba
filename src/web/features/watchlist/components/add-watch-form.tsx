import { useId, useState, type FormEvent } from "react";
import { addWatchRequestSchema } from "../../../../contracts/watchlist";
import { Button } from "../../../components/ui/button";
import { FormField, fieldInputProps } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { usePublicConfig } from "../../../config/public-config";
import { exampleTickers } from "../../../lib/demo-examples";
import { useAddWatch } from "../api/use-watchlist";

/**
 * 'Add a stock': a ticker field and 'Watch'. The server's refusals show as its own sentence under the
 * field (the plan's limit, a stock already watched, an unknown ticker). On the demo market its hint
 * names demo tickers, since real ones are not listed there.
 */
export function AddWatchForm() {
  const id = useId();
  const [ticker, setTicker] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [added, setAdded] = useState<string | null>(null);
  const add = useAddWatch();
  const [first, second] = exampleTickers(usePublicConfig().data?.demo === true);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    const parsed = addWatchRequestSchema.safeParse({ ticker });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter a ticker.");
      return;
    }
    setError(undefined);
    add.mutate(parsed.data.ticker, {
      onSuccess: (item) => {
        setTicker("");
        setAdded(item.ticker);
      },
      onError: (failure) => {
        setError(failure.message);
      },
    });
  };

  const hint = `A ticker such as ${first} or ${second}.`;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
      <FormField id={id} label="Add a stock" error={error} hint={hint} className="w-full sm:max-w-xs">
        <Input
          {...fieldInputProps(id, error, hint)}
          name="ticker"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={`e.g. ${first}`}
          value={ticker}
          onChange={(event) => {
            setTicker(event.target.value);
            if (error) setError(undefined);
          }}
        />
      </FormField>
      <Button type="submit" disabled={add.isPending} className="sm:mt-7">
        {add.isPending ? "Adding…" : "Watch"}
      </Button>
      <p role="status" className="text-sm font-medium text-success-800 sm:mt-10">
        {added ? `${added} is on your watch list.` : ""}
      </p>
    </form>
  );
}
