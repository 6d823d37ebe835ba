import { Link } from "react-router";
import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { useRedirectParam } from "../../lib/return-address";
import { AuthCard } from "../../features/auth/components/auth-card";
import { SignUpForm } from "../../features/auth/components/sign-up-form";
import { paths } from "../../../contracts/paths";

export function SignUpPage() {
  const brand = useBrand();
  usePageTitle("Sign up", brand);
  const redirect = useRedirectParam();
  return (
    <AuthCard
      title="Sign Up"
      subtitle="Create your account with your e-mail address. We send you a link to verify it."
      footer={
        <p>
          Already have an account?{" "}
          <Link to={paths.signIn(redirect)} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      }
    >
      <SignUpForm />
    </AuthCard>
  );
}
