import { Crown } from "lucide-react";
import { createElement, useEffect, useState, useSyncExternalStore } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog";
import { limitResetSentence, limitUsedSentence } from "./limit-reset";

interface StripeBuyButtonConfig {
  publishableKey: string;
  buyButtonId: string;
}

export interface UpgradeModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Stripe's Buy Button from GET /api/config; null when premium is not sold on this server. */
  stripe: StripeBuyButtonConfig | null;
  /** The signed-in user: their e-mail pre-fills checkout and their id comes back in the webhook. */
  customer: { id: string; email: string } | null;
  /** The free tier's daily number of analyses, when the server says. */
  dailyLimit: number | null;
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
}

/**
 * Without payments the modal offers nothing to buy: it says the day's analyses are used and when
 * they come back. How an operator enables payments is for the operator (README's 'Premium with
 * Stripe' and the server's log), never shown to users.
 */
const LIMIT_ONLY_TITLE = "Today's free analyses are used";
const LIMIT_ONLY_HINT = "You can run new analyses again after the reset.";

export const STRIPE_BUY_BUTTON_SCRIPT = "https://js.stripe.com/v3/buy-button.js";

type ScriptState = "idle" | "loading" | "ready" | "failed";
let scriptState: ScriptState = "idle";
const scriptListeners = new Set<() => void>();

function setScriptState(next: ScriptState): void {
  scriptState = next;
  for (const listener of scriptListeners) listener();
}

/** Adds Stripe's Buy Button script to the page once, the first time it is needed. */
function loadBuyButtonScript(): void {
  if (scriptState !== "idle") return;
  const script = document.createElement("script");
  script.src = STRIPE_BUY_BUTTON_SCRIPT;
  script.async = true;
  script.addEventListener("load", () => setScriptState("ready"));
  script.addEventListener("error", () => setScriptState("failed"));
  document.head.appendChild(script);
  setScriptState("loading");
}

function subscribeToScript(listener: () => void): () => void {
  scriptListeners.add(listener);
  return () => scriptListeners.delete(listener);
}

/** The script's state; it is requested when `enabled` first becomes true (the modal opens), never on other pages. */
function useStripeBuyButtonScript(enabled: boolean): ScriptState {
  useEffect(() => {
    if (enabled) loadBuyButtonScript();
  }, [enabled]);
  return useSyncExternalStore(subscribeToScript, () => scriptState, () => "idle");
}

/** The time now, read at each render and again every 30 s while the modal is open (the countdown to the reset). */
function useNowWhileOpen(open: boolean, now: () => Date): Date {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!open) return undefined;
    const timer = setInterval(() => {
      setTick((tick) => tick + 1);
    }, 30_000);
    return () => {
      clearInterval(timer);
    };
  }, [open]);
  return now();
}

const systemNow = () => new Date();

/**
 * Shown when the free tier's daily limit is used up (docs/product.md): 'Upgrade to Premium' with
 * Stripe's Buy Button where premium is sold, else only when the analyses come back.
 */
export function UpgradeModal({ open, onOpenChange, stripe, customer, dailyLimit, now = systemNow }: UpgradeModalProps) {
  const script = useStripeBuyButtonScript(open && stripe !== null);
  const current = useNowWhileOpen(open, now);
  const premium = stripe ? " Premium removes the limit." : "";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={stripe ? "Upgrade to Premium" : LIMIT_ONLY_TITLE}
        description={`${limitUsedSentence(dailyLimit)} ${limitResetSentence(current)}${premium}`}
      >
        {stripe ? (
          <div className="flex items-center gap-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
            <Crown aria-hidden="true" size={20} className="shrink-0" />
            <span>Premium: unlimited analyses, every day.</span>
          </div>
        ) : null}
        {stripe ? (
          <div data-slot="stripe-buy-button" className="mt-4 min-h-12">
            {/* Stripe's web component; its script (loaded above) turns it into the checkout button. */}
            {createElement("stripe-buy-button", {
              "buy-button-id": stripe.buyButtonId,
              "publishable-key": stripe.publishableKey,
              ...(customer && { "customer-email": customer.email, "client-reference-id": customer.id }),
            })}
            {script === "failed" ? (
              <p role="status" className="mt-2 text-sm text-muted">
                The payment button could not be loaded. Check your connection or content blocker, then try again.
              </p>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-muted">{LIMIT_ONLY_HINT}</p>
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
