import { useQuery } from "@tanstack/react-query";
import { CreditCard, Eye, FileUp, History, LogOut, Trash2 } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { useState } from "react";
import { cn } from "../../lib/cn";
import { UserMenuTriggerContent, userMenuTriggerClasses, type UserMenuProps } from "./user-menu-trigger";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../ui/dropdown-menu";
import { billingKeys } from "../../lib/query-keys";
import { paths } from "../../../contracts/paths";
import { useAuth } from "../../lib/auth-context";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { ACCOUNT_DELETED_STATE } from "./account-deleted";

/**
 * This menu loads with the first signed-in render (the landing page's too) and the billing fetchers
 * parse with zod, so they (and zod) load when the menu is first opened, not with the menu (decision 008).
 */
const billingApi = () => import("../../lib/billing-api");

/** Opens Stripe's customer portal for the signed-in user. */
async function openCustomerPortal(): Promise<void> {
  window.location.assign(await (await billingApi()).createPortalSession());
}

/** The menu's links to the user's own pages, before the subscription and sign-out items. */
const PAGE_LINKS = [
  { to: paths.dashboard(), label: "Your history", Icon: History },
  { to: paths.watchlist(), label: "Watch list", Icon: Eye },
  { to: paths.upload(), label: "Import CSV", Icon: FileUp },
] as const;

/**
 * The dropdown itself (Radix menu and its positioning), in its own chunk: the trigger shows the
 * user's e-mail; items: the history, the watch list, 'Import CSV' (/upload), 'Manage subscription' for a Stripe
 * subscriber (asked when the menu first opens), 'Delete account…' (a dialog) and sign out.
 */
export function UserMenuDropdown({ email, itemLabel, onSignOut, className, align = "end" }: UserMenuProps) {
  const [opened, setOpened] = useState(false);
  const [portalError, setPortalError] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const { refreshSession } = useAuth();
  const subscription = useQuery({
    queryKey: billingKeys.subscription(email),
    queryFn: async () => (await billingApi()).fetchSubscription(),
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
        {PAGE_LINKS.map(({ to, label, Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" size={16} />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
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
        <DropdownMenuItem onSelect={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" size={16} />
          Delete account…
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" size={16} />
          {itemLabel}
        </DropdownMenuItem>
      </DropdownMenuContent>
      <DeleteAccountDialog
        email={email}
        open={deleting}
        onOpenChange={setDeleting}
        onDeleted={() => {
          setDeleting(false);
          // The server ended the session with the account: the landing page first, then, once it is
          // there, the session is read again (signed out), which stops the API token and forgets the
          // cached private data. Read sooner, the signed-in page still on screen would send the user to
          // the sign-in page instead.
          void Promise.resolve(navigate(paths.home(), { replace: true, state: ACCOUNT_DELETED_STATE })).then(() => refreshSession());
        }}
      />
      {portalError ? (
        <span role="alert" className="sr-only">
          The subscription portal could not be opened. Please try again.
        </span>
      ) : null}
    </DropdownMenu>
  );
}
