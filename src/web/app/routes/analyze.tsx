import { chatUrlOf, freeDailyAnalysesOf, useBrand, usePublicConfig } from "../../config/public-config";
import { useAuth } from "../../lib/auth-context";
import { usePageTitle } from "../../lib/use-page-title";
import { EmailVerificationModal } from "../../features/auth/components/email-verification-modal";
import { UnlockModal } from "../../features/auth/components/unlock-modal";
import { UpgradeModal } from "../../features/billing/components/upgrade-modal";
import { StartChatModal } from "../../features/chat/components/start-chat-modal";
import { AnalyzeView, type GateModalsProps } from "../../features/research/components/analyze-view";

/** The analyze page's gates, from the features that own them (a feature never imports another). */
function AnalyzeGateModals({ modal, onOpenChange }: GateModalsProps) {
  const { user } = useAuth();
  const config = usePublicConfig().data;
  return (
    <>
      <UnlockModal open={modal === "unlock"} onOpenChange={onOpenChange} />
      <EmailVerificationModal open={modal === "verify"} onOpenChange={onOpenChange} />
      <UpgradeModal
        open={modal === "upgrade"}
        onOpenChange={onOpenChange}
        stripe={config?.stripe ?? null}
        customer={user ? { id: user.id, email: user.email } : null}
        dailyLimit={freeDailyAnalysesOf(config)}
      />
      <StartChatModal open={modal === "chat"} onOpenChange={onOpenChange} chatUrl={chatUrlOf(config)} />
    </>
  );
}

/** /stocks, /quanta and /analyze. */
export function AnalyzePage() {
  usePageTitle("Analyze a stock", useBrand());
  return <AnalyzeView GateModals={AnalyzeGateModals} />;
}
