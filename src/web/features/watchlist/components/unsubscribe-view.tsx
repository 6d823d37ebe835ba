import { Link, useSearchParams } from "react-router";
import { useMutation } from "@tanstack/react-query";
import { MailX } from "lucide-react";
import { unsubscribeRequestSchema } from "../../../../contracts/alerts";
import { paths } from "../../../../contracts/paths";
import { Banner } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { unsubscribeAlerts } from "../../../lib/alerts-api";

export const UNSUBSCRIBE_DONE_TEXT = "You will no longer receive alert e-mails.";
export const UNSUBSCRIBE_INCOMPLETE_TEXT =
  "This unsubscribe link is incomplete. Open it again from the alert e-mail, or turn the e-mails off in your alert settings.";

const settingsLinkClass = "font-semibold text-brand-700 underline-offset-4 hover:underline";

/**
 * /unsubscribe/alerts?user=..&token=..: the alert e-mail's unsubscribe page. No sign-in:
 * the link's signature is the permission. One button posts it; nothing happens on load, so a mail
 * scanner that opens the link does not unsubscribe anyone (the e-mail's List-Unsubscribe-Post does).
 */
export function UnsubscribeView() {
  const [params] = useSearchParams();
  const request = unsubscribeRequestSchema.safeParse({ user: params.get("user") ?? "", token: params.get("token") ?? "" });
  const unsubscribe = useMutation({ mutationFn: unsubscribeAlerts });

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-14">
      <Card className="space-y-4">
        <MailX aria-hidden="true" size={28} className="text-brand-700" />
        <h1 className="text-2xl font-bold tracking-tight text-ink">Alert e-mails</h1>
        {!request.success ? (
          <Banner tone="warning">{UNSUBSCRIBE_INCOMPLETE_TEXT}</Banner>
        ) : unsubscribe.isSuccess ? (
          <div data-testid="unsubscribe-done" role="status" className="space-y-2">
            <p className="font-semibold text-success-800">{UNSUBSCRIBE_DONE_TEXT}</p>
            <p className="text-muted">
              You can turn them back on in{" "}
              <Link to={paths.alertSettings()} className={settingsLinkClass}>
                alert settings
              </Link>
              .
            </p>
          </div>
        ) : (
          <>
            <p className="text-muted">Stop the daily alert e-mails for this account. The alerts stay in the bell on the site.</p>
            {unsubscribe.isError ? <Banner tone="error">{unsubscribe.error.message}</Banner> : null}
            <Button
              data-testid="unsubscribe-button"
              disabled={unsubscribe.isPending}
              onClick={() => {
                unsubscribe.mutate(request.data);
              }}
            >
              {unsubscribe.isPending ? "Unsubscribing…" : "Unsubscribe"}
            </Button>
          </>
        )}
        {!request.success ? (
          <p className="text-sm text-muted">
            <Link to={paths.alertSettings()} className={settingsLinkClass}>
              Open alert settings
            </Link>
          </p>
        ) : null}
      </Card>
    </div>
  );
}
