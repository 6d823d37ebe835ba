import { useQuery } from "@tanstack/react-query";
import { CreditCard, LogOut } from "lucide-react";
import { useState } from "react";
import { apiJson } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { UserMenuTriggerContent, userMenuTriggerClasses, type UserMenuProps } from "./user-menu-trigger";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../ui/dropdown-menu";
import { billingKeys } from "../../lib/query-keys";

interface SubscriptionAnswer {
  subscription: { manageable?: boolean } | null;
}

/** Opens Stripe's customer portal for the signed-in user (POST /api/billing/portal → its URL). */
async function openCustomerPortal(): Promise<void> {
  const { url } = await apiJson<{ url: string }>("/api/billing/portal", { method: "POST" });
  window.location.assign(url);
}

/**
 * The dropdown itself (Radix menu and its positioning), in its own chunk: the trigger shows the
 * user's e-mail; items: 'Manage subscription' for a Stripe subscriber (asked when the menu first
 * opens) and sign out.
 */
export function UserMenuDropdown({ email, itemLabel, onSignOut, className, align = "end" }: UserMenuProps) {
  const [opened, setOpened] = useState(false);
  const [portalError, setPortalError] = useState(false);
  const subscription = useQuery({
    queryKey: billingKeys.subscription(email),
    queryFn: () => apiJson<SubscriptionAnswer>("/api/billing/subscription", { method: "GET" }),
    enabled: opened,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const manageable = subscription.data?.subscription?.manageable === true;
  return (
    <DropdownMenu
      modal={false}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
    >
      <DropdownMenuTrigger className={cn(userMenuTriggerClasses, className)}>
        <UserMenuTriggerContent email={email} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align={align}>
        {manageable ? (
          <DropdownMenuItem
            onSelect={() => {
              setPortalError(false);
              openCustomerPortal().catch(() => setPortalError(true));
            }}
          >
            <CreditCard aria-hidden="true" size={16} />
            Manage subscription
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" size={16} />
          {itemLabel}
        </DropdownMenuItem>
      </DropdownMenuContent>
      {portalError ? (
        <span role="alert" className="sr-only">
          The subscription portal could not be opened. Please try again.
        </span>
      ) : null}
    </DropdownMenu>
  );
}
