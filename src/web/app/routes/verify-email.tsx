import { useSearchParams } from "react-router";
import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { AuthCard } from "../../features/auth/components/auth-card";
import { VerifyEmailResult } from "../../features/auth/components/verify-email-result";

export function VerifyEmailPage() {
  usePageTitle("Verify your e-mail", useBrand());
  const [params] = useSearchParams();
  const token = params.has("error") ? null : params.get("token");
  return (
    <AuthCard title="E-mail verification">
      <VerifyEmailResult token={token} />
    </AuthCard>
  );
}
