import { Link, useSearchParams } from "react-router";
import { SIGN_IN_REDIRECT_MS } from "../../../config/timing";
import { authClient } from "../../../lib/auth-client";
import { Button } from "../../../components/ui/button";
import { credentialsSchema } from "../api/auth-schemas";
import { usePasswordForm } from "../hooks/use-password-form";
import { CredentialsFields } from "./credentials-fields";
import { FormStatusBanner } from "./form-status";
import { paths } from "../../../../contracts/paths";
import { signInDestination as returnDestination } from "../../../lib/return-address";

const SIGN_IN_SUCCESS_MESSAGE = "Your sign in was successful!";

/** Where to go after signing in: a same-site path from `?redirect=` (lib/return-address.ts), else /stocks. */
export function signInDestination(redirect: string | null): string {
  return returnDestination(redirect);
}

export function SignInForm() {
  const [searchParams] = useSearchParams();
  const destination = signInDestination(searchParams.get("redirect"));
  const form = usePasswordForm({
    schema: credentialsSchema,
    defaultValues: { email: "", password: "" },
    passwordField: "password",
  });

  const onSubmit = form.onSubmit(async ({ email, password }) => {
    await form.run(() => authClient.signIn.email({ email, password }), {
      message: SIGN_IN_SUCCESS_MESSAGE,
      to: destination,
      delayMs: SIGN_IN_REDIRECT_MS,
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign in">
      <CredentialsFields form={form} idPrefix="signin" passwordAutoComplete="current-password" />
      <div className="flex justify-end">
        <Link to={paths.forgetPassword()} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          Forgot Password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={form.locked}>
        {form.isSubmitting ? "Signing in…" : "Sign In"}
      </Button>
      <FormStatusBanner status={form.status} />
    </form>
  );
}
