import { Link, useSearchParams } from "react-router";
import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { AuthCard } from "../../features/auth/components/auth-card";
import { InvalidResetLink, ResetPasswordForm } from "../../features/auth/components/reset-password-form";
import { paths } from "../../../contracts/paths";

export function ResetPasswordPage() {
  usePageTitle("Choose a new password", useBrand());
  const [params] = useSearchParams();
  const token = params.get("token");
  // better-auth's own reset callback redirects here with ?error=INVALID_TOKEN for bad links.
  const invalid = !token || params.has("error");
  return (
    <AuthCard
      title="Choose a new password"
      subtitle={invalid ? undefined : "Pick a password you do not use anywhere else."}
      footer={
        <Link to={paths.signIn()} className="font-medium text-muted underline-offset-4 hover:text-ink hover:underline">
          Back to sign in
        </Link>
      }
    >
      {invalid ? <InvalidResetLink /> : <ResetPasswordForm token={token} />}
    </AuthCard>
  );
}
