import { Link } from "react-router";
import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { useRedirectParam } from "../../lib/return-address";
import { signInReason } from "../../lib/sign-in-reason";
import { AuthCard } from "../../features/auth/components/auth-card";
import { SignInForm } from "../../features/auth/components/sign-in-form";
import { paths } from "../../../contracts/paths";

export function SignInPage() {
  const brand = useBrand();
  usePageTitle("Sign in", brand);
  const redirect = useRedirectParam();
  const reason = signInReason(redirect);
  return (
    <AuthCard
      title="Sign In"
      subtitle={`Welcome back to ${brand}.`}
      footer={
        <div className="space-y-3">
          <p>
            Don’t have an account?{" "}
            <Link to={paths.signUp(redirect)} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
              Sign Up
            </Link>
          </p>
          <p>
            <Link to={paths.home()} className="font-medium text-muted underline-offset-4 hover:text-ink hover:underline">
              Back
            </Link>
          </p>
        </div>
      }
    >
      {reason ? (
        <p data-testid="sign-in-reason" className="mb-4 rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
          {reason}
        </p>
      ) : null}
      <SignInForm />
    </AuthCard>
  );
}
