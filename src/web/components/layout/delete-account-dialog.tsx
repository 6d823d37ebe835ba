import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { paths } from "../../../contracts/paths";
import { accountHasPassword, deleteAccount, type DeleteAccountRefusal } from "../../lib/account-api";
import { Button } from "../ui/button";
import { Dialog, DialogClose, DialogContent } from "../ui/dialog";
import { FormField, fieldInputProps } from "../ui/form-field";
import { PasswordInput } from "../ui/password-input";

const REFUSAL_TEXT: Record<DeleteAccountRefusal, string> = {
  wrong_password: "That password is not right. Nothing was deleted.",
  password_required: "Enter your password to delete your account.",
  sign_in_again: "For your safety, sign out and sign in again, then delete your account within a day.",
  failed: "Your account could not be deleted. Nothing was changed; please try again.",
};

const DELETED_ITEMS = ["your analyses and their history", "your watch list and alerts", "your saved screens", "your portfolio: positions and trades", "your chat conversations"];

export interface DeleteAccountDialogProps {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server deleted the account: sign out locally and go to the landing page. */
  onDeleted: () => void;
}

/** 'Delete account…': what goes, where to export first, the password, and the red button. */
export function DeleteAccountDialog({ email, open, onOpenChange, onDeleted }: DeleteAccountDialogProps) {
  const passwordId = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const method = useQuery({ queryKey: ["account", email, "has-password"], queryFn: accountHasPassword, enabled: open, staleTime: 60_000, retry: false });
  const needsPassword = method.data !== false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (needsPassword && password === "") return setError(REFUSAL_TEXT.password_required);
    setBusy(true);
    setError(undefined);
    const outcome = await deleteAccount(needsPassword ? password : null);
    setBusy(false);
    if (outcome.ok) return onDeleted();
    setError(REFUSAL_TEXT[outcome.refusal]);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setPassword("");
          setError(undefined);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent title="Delete your account?" description={`This deletes ${email} and everything in it, at once and for good:`} className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <ul className="list-disc space-y-1 pl-5 text-sm text-ink">
          {DELETED_ITEMS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted">
          Export first what you want to keep: your <Link className="font-medium text-brand-700 underline" to={paths.dashboard()} onClick={() => onOpenChange(false)}>analyses (history, Export CSV)</Link> and your{" "}
          <Link className="font-medium text-brand-700 underline" to={paths.portfolio()} onClick={() => onOpenChange(false)}>portfolio (Export CSV)</Link>.
        </p>
        <p className="mt-2 text-sm text-muted">A paid subscription is not cancelled by this: cancel it first under Manage subscription.</p>
        <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          {needsPassword ? (
            <FormField id={passwordId} label="Your password" error={error}>
              <PasswordInput {...fieldInputProps(passwordId, error)} autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
            </FormField>
          ) : (
            <>
              <p className="text-sm text-muted">You sign in with Google: confirm with the button below.</p>
              {error ? (
                <p role="alert" className="text-sm font-medium text-danger-700">
                  {error}
                </p>
              ) : null}
            </>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={busy}>
              {busy ? "Deleting…" : "Delete my account"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
