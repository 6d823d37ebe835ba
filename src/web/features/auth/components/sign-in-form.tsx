import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useSearchParams } from "react-router";
import { SIGN_IN_REDIRECT_MS } from "../../../config/timing";
import { authClient } from "../../../lib/auth-client";
import { Button } from "../../../components/ui/button";
import { FormField, fieldInputProps } from "../../../components/ui/form-field";
import { PasswordInput } from "../../../components/ui/password-input";
import { PASSWORD_TOO_LONG_MESSAGE, credentialsSchema, isPasswordTooLong } from "../api/auth-schemas";
import { EmailField } from "./email-field";
import { FormStatusBanner } from "./form-status";
import { useAuthRequest } from "./use-auth-request";

export const SIGN_IN_SUCCESS_MESSAGE = "Your sign in was successful!";

/** Where to go after signing in: a same-site path from `?redirect=` (the chat site sends it), else /stocks. */
export function signInDestination(redirect: string | null): string {
  return redirect && redirect.startsWith("/") && !redirect.startsWith("//") && !redirect.startsWith("/\\") ? redirect : "/stocks";
}

export function SignInForm() {
  const { status, done, run } = useAuthRequest();
  const [searchParams] = useSearchParams();
  const destination = signInDestination(searchParams.get("redirect"));
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { email: "", password: "" },
    reValidateMode: "onChange",
  });
  const password = useWatch({ control, name: "password" });
  const passwordError = errors.password?.message ?? (isPasswordTooLong(password) ? PASSWORD_TOO_LONG_MESSAGE : undefined);

  const onSubmit = handleSubmit(async ({ email, password: pw }) => {
    await run(() => authClient.signIn.email({ email, password: pw }), {
      message: SIGN_IN_SUCCESS_MESSAGE,
      to: destination,
      delayMs: SIGN_IN_REDIRECT_MS,
    });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Sign in">
      <EmailField id="signin-email" error={errors.email?.message} registration={register("email")} />
      <FormField id="signin-password" label="Password" error={passwordError}>
        <PasswordInput
          required
          autoComplete="current-password"
          {...fieldInputProps("signin-password", passwordError)}
          {...register("password")}
        />
      </FormField>
      <div className="flex justify-end">
        <Link to="/forgetpassword" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          Forgot Password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || done}>
        {isSubmitting ? "Signing in…" : "Sign In"}
      </Button>
      <FormStatusBanner status={status} />
    </form>
  );
}
