import { useId, useState } from "react";
import { Link } from "react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AlertSettings, UpdateAlertSettings } from "../../../../contracts/alerts";
import { paths } from "../../../../contracts/paths";
import { Page } from "../../../components/layout/page";
import { Banner } from "../../../components/ui/banner";
import { Card, CardTitle } from "../../../components/ui/card";
import { PageSpinner } from "../../../components/ui/spinner";
import { Switch } from "../../../components/ui/switch";
import { fetchAlertSettings, updateAlertSettings } from "../../../lib/alerts-api";
import { useAuth } from "../../../lib/auth-context";
import { alertKeys } from "../../../lib/query-keys";
import { RULE_TEXTS } from "../watchlist-format";
import { VerifyEmailRequired } from "./verify-email-required";

type RuleKey = keyof AlertSettings["rules"];
const RULE_KEYS: readonly RuleKey[] = ["buy", "sell", "extended", "new_base", "price"];

const DIGEST_TEXT = { label: "Email digest", hint: "One e-mail a day with all of that day's alerts, after the daily refresh." };

function SettingSwitch(props: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  testId: string;
  onChange: (on: boolean) => void;
}) {
  const hintId = `${props.id}-hint`;
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={props.id} className="font-semibold text-ink">
          {props.label}
        </label>
        <p id={hintId} className="text-sm text-muted">
          {props.hint}
        </p>
      </div>
      <Switch
        id={props.id}
        data-testid={props.testId}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={hintId}
        onCheckedChange={props.onChange}
        className="mt-1"
      />
    </li>
  );
}

/**
 * /settings/alerts: the daily e-mail digest and which rules raise alerts for every
 * watched stock. Each switch saves at once; a polite status says 'Saving…', then 'Saved'.
 */
export function AlertSettingsView() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Page
      title="Alert settings"
      description={
        <>
          What Quanta tells you about the stocks on your{" "}
          <Link to={paths.watchlist()} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            watch list
          </Link>
          .
        </>
      }
    >
      {user.emailVerified ? <AlertSettingsForm /> : <VerifyEmailRequired email={user.email} />}
    </Page>
  );
}

function AlertSettingsForm() {
  const baseId = useId();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState("");
  const settings = useQuery({ queryKey: alertKeys.settings, queryFn: ({ signal }) => fetchAlertSettings(signal) });
  const save = useMutation({
    mutationFn: (update: UpdateAlertSettings) => updateAlertSettings(update),
    onMutate: async (update) => {
      setStatus("Saving…");
      await queryClient.cancelQueries({ queryKey: alertKeys.settings });
      const previous = queryClient.getQueryData<AlertSettings>(alertKeys.settings);
      if (previous) {
        queryClient.setQueryData<AlertSettings>(alertKeys.settings, {
          digest: update.digest ?? previous.digest,
          rules: { ...previous.rules, ...update.rules },
        });
      }
      return { previous };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(alertKeys.settings, saved);
      setStatus("Saved");
    },
    onError: (_error, _update, context) => {
      if (context?.previous) queryClient.setQueryData(alertKeys.settings, context.previous);
      setStatus("");
    },
  });

  if (settings.isPending) return <PageSpinner label="Loading your alert settings…" />;
  if (settings.isError) return <Banner tone="error">{settings.error.message}</Banner>;
  const current = settings.data;

  return (
    <div className="max-w-2xl space-y-6">
      <Card>
        <CardTitle>E-mail</CardTitle>
        <ul className="mt-2 divide-y divide-line">
          <SettingSwitch
            id={`${baseId}-digest`}
            label={DIGEST_TEXT.label}
            hint={DIGEST_TEXT.hint}
            checked={current.digest}
            disabled={false}
            testId="digest-switch"
            onChange={(on) => {
              save.mutate({ digest: on });
            }}
          />
        </ul>
      </Card>
      <Card>
        <CardTitle>Rules</CardTitle>
        <p className="mt-1 text-sm text-muted">
          For every watched stock. Each stock can also turn a rule off on the watch list.
        </p>
        <ul className="mt-2 divide-y divide-line">
          {RULE_KEYS.map((rule) => (
            <SettingSwitch
              key={rule}
              id={`${baseId}-${rule}`}
              label={RULE_TEXTS[rule].label}
              hint={RULE_TEXTS[rule].hint}
              checked={current.rules[rule]}
              disabled={false}
              testId={`setting-${rule}`}
              onChange={(on) => {
                save.mutate({ rules: { [rule]: on } });
              }}
            />
          ))}
        </ul>
      </Card>
      <p role="status" aria-live="polite" data-testid="settings-status" className="min-h-5 text-sm font-medium text-success-800">
        {status}
      </p>
      {save.isError ? <Banner tone="error">{save.error.message}</Banner> : null}
    </div>
  );
}
