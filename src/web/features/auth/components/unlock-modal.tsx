import { Link, useNavigate } from "react-router";
import { Sparkles } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { useSignInHref } from "../../../lib/return-address";
import { paths } from "../../../../contracts/paths";

export interface UnlockModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const PERKS = [
  "A buy, watch or sell recommendation for any stock",
  "Buy point, stop loss and profit target",
  "Technical, fundamental and market analysis behind it",
] as const;

/** 'Unlock Quanta AI' (docs/product.md): the sign-up prompt for signed-out visitors. */
export function UnlockModal({ open, onOpenChange }: UnlockModalProps) {
  const navigate = useNavigate();
  // Signing in leads back to this page (the ticker typed stays); a new account goes to /signup (docs/product.md).
  const signInHref = useSignInHref();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Unlock Quanta AI"
        description="Create a free account to run AI stock analyses and keep your history."
      >
        <ul className="space-y-2 text-sm text-ink">
          {PERKS.map((perk) => (
            <li key={perk} className="flex items-start gap-2">
              <Sparkles aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-brand-600" />
              {perk}
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-col gap-3">
          <Button
            size="lg"
            onClick={() => {
              onOpenChange(false);
              void navigate(paths.signUp());
            }}
          >
            Start Free Analysis
          </Button>
          <p className="text-center text-sm text-muted">
            Already have an account?{" "}
            <Link
              to={signInHref}
              onClick={() => {
                onOpenChange(false);
              }}
              className="font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              Sign in
            </Link>
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
