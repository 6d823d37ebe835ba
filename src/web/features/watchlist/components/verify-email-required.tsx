import { VerifyEmailCard } from "../../../components/verify-email-card";

const WATCHLIST_VERIFY_MESSAGE = "Please verify your email to keep a watch list and get its alerts.";

/** Shown instead of the watch list and its settings while the e-mail is not verified (the server refuses them too). */
export function VerifyEmailRequired({ email }: { email: string }) {
  return <VerifyEmailCard id="watchlist-verify-title" title="Verify your e-mail first" message={WATCHLIST_VERIFY_MESSAGE} email={email} className="max-w-xl" />;
}
