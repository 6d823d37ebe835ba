import { Link } from "react-router";
import { useAuth } from "../../lib/auth-context";
import { buttonClasses } from "../ui/button";
import { SideSheet } from "../ui/side-sheet";
import { UserMenu } from "./user-menu";
import { paths } from "../../../contracts/paths";
import { useSignInHref, useSignUpHref } from "../../lib/return-address";

/** The app's own pages, so /upload (linked from nowhere else but History) can be found. */
const APP_LINKS = [
  { to: paths.stocks(), label: "Analyze a stock" },
  { to: paths.dashboard(), label: "Your history" },
  { to: paths.upload(), label: "Import CSV" },
  { to: paths.market(), label: "Market" },
] as const;

/** Pages that only a signed-in user has (the watch list, the portfolio, the screener). */
const SIGNED_IN_LINKS = [
  { to: paths.watchlist(), label: "Watch list" },
  { to: paths.portfolio(), label: "Portfolio" },
  { to: paths.screener(), label: "Screener" },
] as const;

const DRAWER_WIDTH_PX = 240;

export interface NavDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  brand: string;
}

/** The navigation drawer: slides in from the left, 240 px wide, over a dimmed overlay. */
export function NavDrawer({ open, onOpenChange, brand }: NavDrawerProps) {
  const { user, signOut } = useAuth();
  const signInHref = useSignInHref();
  const signUpHref = useSignUpHref();
  const close = () => {
    onOpenChange(false);
  };

  return (
    <SideSheet
      open={open}
      onClose={close}
      side="left"
      width={DRAWER_WIDTH_PX}
      title={brand}
      titleClassName="text-base font-bold text-brand-700"
      closeLabel="Close menu"
      overlayTestId="drawer-overlay"
    >
      <nav aria-label="Drawer" className="flex-1 px-2 py-3">
        <ul className="space-y-1">
          {[...APP_LINKS, ...(user ? SIGNED_IN_LINKS : [])].map((link) => (
            <li key={link.label}>
              <Link
                to={link.to}
                onClick={close}
                className="block rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50 hover:text-brand-800"
              >
                {link.label}
              </Link>
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
            <Link to={signInHref} onClick={close} className={buttonClasses({ variant: "secondary", size: "sm" })}>
              Login
            </Link>
            <Link to={signUpHref} onClick={close} className={buttonClasses({ variant: "primary", size: "sm" })}>
              Sign Up
            </Link>
          </div>
        )}
      </div>
    </SideSheet>
  );
}
