import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Trash2 } from "lucide-react";
import { paths } from "../../../../contracts/paths";
import type { ScreenDefinition } from "../../../../contracts/screener";
import { Banner } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { useDeleteScreen, useSaveScreen, useSavedScreens } from "../api/use-screener";

const NAME_MAX = 60;

function SaveForm({ definition }: { definition: ScreenDefinition }) {
  const [name, setName] = useState("");
  const save = useSaveScreen();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ name: name.trim(), query: definition }, { onSuccess: () => setName("") });
  };
  const error = save.isError ? save.error.message : undefined;
  return (
    <form onSubmit={submit} className="space-y-2" aria-label="Save this screen">
      <Label htmlFor="screen-name">Save this screen as</Label>
      <div className="flex gap-2">
        <Input id="screen-name" value={name} required maxLength={NAME_MAX} placeholder="e.g. My leaders" aria-invalid={error ? true : undefined} aria-describedby={error ? "screen-name-error" : undefined} onChange={(event) => setName(event.target.value)} />
        <Button type="submit" disabled={save.isPending || name.trim() === ""}>
          Save
        </Button>
      </div>
      {error ? (
        <p id="screen-name-error" role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      ) : null}
      {save.isSuccess ? <p role="status" className="text-sm text-success-800">Saved “{save.data.name}”.</p> : null}
    </form>
  );
}

/** The user's saved screens (each opens its screen), 'Delete', and saving the screen shown. */
function SavedScreensBody({ definition }: { definition: ScreenDefinition }) {
  const screens = useSavedScreens(true);
  const remove = useDeleteScreen();
  if (screens.isPending) return <Spinner label="Loading your saved screens…" showLabel />;
  if (screens.isError) return <Banner tone="error">{screens.error.message}</Banner>;
  const { screens: list, limit } = screens.data;
  return (
    <div className="space-y-4">
      <p data-testid="saved-screens-count" className="text-sm text-muted">
        {list.length} of {limit} screens saved
      </p>
      {list.length > 0 ? (
        <ul data-testid="saved-screens" className="divide-y divide-line">
          {list.map((screen) => (
            <li key={screen.id} className="flex items-center justify-between gap-2 py-1.5">
              <Link to={paths.screener(screen.query)} className="min-w-0 truncate font-medium text-brand-700 underline-offset-4 hover:underline">
                {screen.name}
              </Link>
              <Button variant="ghost" size="icon" aria-label={`Delete ${screen.name}`} disabled={remove.isPending} onClick={() => remove.mutate(screen.id)}>
                <Trash2 aria-hidden="true" size={16} />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {remove.isError ? <Banner tone="error">{remove.error.message}</Banner> : null}
      <SaveForm definition={definition} />
    </div>
  );
}

/** 'Your screens': verified users save screens (the server refuses the others). */
export function SavedScreens({ definition, verified }: { definition: ScreenDefinition; verified: boolean }) {
  return (
    <section aria-labelledby="saved-screens-title" className="rounded-xl border border-line bg-surface p-4">
      <h2 id="saved-screens-title" className="font-semibold text-ink">
        Your screens
      </h2>
      <div className="mt-3">
        {verified ? <SavedScreensBody definition={definition} /> : <p className="text-sm text-muted">Verify your e-mail to save screens.</p>}
      </div>
    </section>
  );
}
