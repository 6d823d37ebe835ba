import { Crown } from "lucide-react";
import { Button } from "./ui/button";
import { Dialog, DialogClose, DialogContent } from "./ui/dialog";

export interface UpgradeModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whether the server has card payments configured (GET /api/config billingEnabled). */
  billingEnabled: boolean;
  /** The free tier's daily number of analyses, when the server says. */
  dailyLimit: number | null;
}

export const BILLING_NOT_CONFIGURED_MESSAGE = "Premium subscriptions are not configured on this server.";

/** 'Upgrade to Premium' (SPEC.md §2 Modals): shown when the free tier's daily limit is used up. */
export function UpgradeModal({ open, onOpenChange, billingEnabled, dailyLimit }: UpgradeModalProps) {
  const used =
    dailyLimit === null
      ? "You have used up today's free analyses."
      : `You have used all ${String(dailyLimit)} free analyses for today.`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Upgrade to Premium"
        description={`${used} The free tier's daily limit resets at midnight UTC. Premium removes the limit.`}
      >
        <div className="flex items-center gap-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          <Crown aria-hidden="true" size={20} className="shrink-0" />
          <span>Premium: unlimited analyses, every day.</span>
        </div>
        {billingEnabled ? (
          // Filled by the billing feature with the payment provider's buy button.
          <div data-slot="stripe-buy-button" className="mt-4" />
        ) : (
          <p className="mt-4 text-sm font-medium text-muted">{BILLING_NOT_CONFIGURED_MESSAGE}</p>
        )}
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
