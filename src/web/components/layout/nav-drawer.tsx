import { Dialog as RadixDialog } from "radix-ui";
import { Link } from "react-router";
import { X } from "lucide-react";
import { useAuth } from "../../lib/auth-context";
import { buttonClasses } from "../ui/button";
import { UserMenu } from "./user-menu";

/** Marketing links of SPEC.md §2; their pages do not exist, so they point nowhere on purpose. */
const PLACEHOLDER_LINKS = ["Projects", "Solutions", "Blog", "Events"] as const;

export const DRAWER_WIDTH_PX = 240;

export interface NavDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  brand: string;
}

/** The navigation drawer: slides in from the left, 240 px wide, over a dimmed overlay. */
export function NavDrawer({ open, onOpenChange, brand }: NavDrawerProps) {
  const { user, signOut } = useAuth();
  const close = () => {
    onOpenChange(false);
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          data-testid="drawer-overlay"
          className="fixed inset-0 z-50 bg-slate-900/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
        />
        <RadixDialog.Content
          aria-describedby={undefined}
          style={{ width: DRAWER_WIDTH_PX }}
          className="fixed inset-y-0 left-0 z-50 flex flex-col overflow-y-auto border-r border-line bg-surface shadow-header data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in focus-visible:outline-none"
        >
          <div className="flex items-center justify-between border-b border-line px-4 py-3">
            <RadixDialog.Title className="text-base font-bold text-brand-700">{brand}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close menu"
              className="rounded-md p-1.5 text-muted hover:bg-slate-100 hover:text-ink"
            >
              <X aria-hidden="true" size={18} />
            </RadixDialog.Close>
          </div>
          <nav aria-label="Drawer" className="flex-1 px-2 py-3">
            <ul className="space-y-1">
              {PLACEHOLDER_LINKS.map((label) => (
                <li key={label}>
                  <a
                    href="#"
                    onClick={(event) => {
                      event.preventDefault();
                      close();
                    }}
                    className="block rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50 hover:text-brand-800"
                  >
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="border-t border-line p-3">
            {user ? (
              <UserMenu
                email={user.email}
                itemLabel="Sign out"
                align="start"
                className="w-full justify-between"
                onSignOut={() => {
                  close();
                  void signOut();
                }}
              />
            ) : (
              <div className="flex flex-col gap-2">
                <Link to="/signin" onClick={close} className={buttonClasses({ variant: "secondary", size: "sm" })}>
                  Login
                </Link>
                <Link to="/signup" onClick={close} className={buttonClasses({ variant: "primary", size: "sm" })}>
                  Sign Up
                </Link>
              </div>
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
