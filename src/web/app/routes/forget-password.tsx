import { Link } from "react-router";
import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { AuthCard } from "../../features/auth/components/auth-card";
import { ForgotPasswordForm } from "../../features/auth/components/forgot-password-form";
import { paths } from "../../../contracts/paths";

export function ForgetPasswordPage() {
  usePageTitle("Reset your password", useBrand());
  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <Link to={paths.signIn()} className="font-medium text-muted underline-offset-4 hover:text-ink hover:underline">
          Back
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
