import { useEffect, useId, useState } from "react";
import { Link, NavLink } from "react-router";
import { ChevronDown, Menu } from "lucide-react";
import { HEADER_SCROLL_THRESHOLD_PX } from "../../config/timing";
import { useAuth, type AuthUser } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { buttonClasses } from "../ui/button";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { UserMenu } from "./user-menu";
import { Logo } from "./logo";
import { paths } from "../../../contracts/paths";
import { useSignInHref, useSignUpHref } from "../../lib/return-address";
import { AlertBellIcon, alertBellClasses } from "../watchlist/alert-bell-trigger";

// The drawer (a Radix dialog) is fetched when it is first opened, keeping it out of the first paint.
const NavDrawer = lazyWithPreload(() => import("./nav-drawer").then((m) => m.NavDrawer), () => null);
// The alerts bell (zod, Radix Popover) loads with the first signed-in render; until then an inert bell shows.
const AlertBell = lazyWithPreload(
  () => import("../watchlist/alert-bell").then((m) => m.AlertBell),
  () => (
    <span aria-hidden="true" className={alertBellClasses}>
      <AlertBellIcon unread={0} />
    </span>
  ),
);

const APP_LINKS = [
  { to: paths.stocks(), label: "Analyze" },
  { to: paths.dashboard(), label: "History" },
  { to: paths.market(), label: "Market" },
  { to: paths.gift(), label: "Gift ideas" },
] as const;

/** Pages only a signed-in user has, after the others. */
const SIGNED_IN_APP_LINKS = [
  { to: paths.portfolio(), label: "Portfolio" },
  { to: paths.screener(), label: "Screener" },
] as const;

function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== "undefined" && window.scrollY > threshold);
  useEffect(() => {
    const update = () => {
      setScrolled(window.scrollY > threshold);
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      window.removeEventListener("scroll", update);
    };
  }, [threshold]);
  return scrolled;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-lg px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "bg-brand-50 text-brand-800" : "text-muted hover:bg-slate-100 hover:text-ink",
  );

/** Signed in: the alerts bell and the user menu; otherwise 'Login' and 'Sign Up'. */
function AccountActions({ user, onSignOut }: { user: AuthUser | null; onSignOut: () => void }) {
  const signInHref = useSignInHref();
  const signUpHref = useSignUpHref();
  if (user) {
    return (
      <>
        <AlertBell user={user} />
        <UserMenu email={user.email} itemLabel="Sign Out" onSignOut={onSignOut} className="max-w-[10.5rem] sm:max-w-xs" />
      </>
    );
  }
  return (
    <>
      <Link to={signInHref} className={buttonClasses({ variant: "ghost", size: "sm", className: "px-2.5 sm:px-3" })}>
        Login
      </Link>
      <Link to={signUpHref} className={buttonClasses({ variant: "primary", size: "sm" })}>
        Sign Up
      </Link>
    </>
  );
}

export function SiteHeader({ brand }: { brand: string }) {
  const { user, signOut } = useAuth();
  const scrolled = useScrolled(HEADER_SCROLL_THRESHOLD_PX);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so the closing animation still plays.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobileMenuId = useId();

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={cn(
        "sticky top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-200",
        scrolled
          ? "border-line bg-surface shadow-header"
          : "border-transparent bg-canvas/80 backdrop-blur supports-[backdrop-filter]:bg-canvas/70",
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-4 sm:gap-2">
        <button
          type="button"
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          onClick={() => {
            setDrawerUsed(true);
            setDrawerOpen(true);
          }}
          className={buttonClasses({ variant: "ghost", size: "icon", className: "-ml-2 shrink-0" })}
        >
          <Menu aria-hidden="true" size={22} />
        </button>
        <Link to={paths.home()} className="flex shrink-0 items-center gap-2 rounded-lg px-1 text-lg font-bold text-ink">
          <Logo />
          {/* Signed in on a phone, the mark alone: the e-mail and the bell need the room (the name stays for screen readers). */}
          <span className={user ? "sr-only sm:not-sr-only" : undefined}>{brand}</span>
        </Link>

        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
          {[...APP_LINKS, ...(user ? SIGNED_IN_APP_LINKS : [])].map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          {/* While the session is unknown (and in the pre-rendered landing page) the signed-out buttons:
              the header has its final shape from the first paint for the visitors who need them. */}
          <AccountActions user={user} onSignOut={() => void signOut()} />
          <button
            type="button"
            aria-label={mobileOpen ? "Hide page links" : "Show page links"}
            aria-expanded={mobileOpen}
            aria-controls={mobileMenuId}
            onClick={() => {
              setMobileOpen((open) => !open);
            }}
            className={buttonClasses({ variant: "ghost", size: "icon", className: "h-9 w-9 shrink-0 md:hidden" })}
          >
            <ChevronDown
              aria-hidden="true"
              size={20}
              className={cn("transition-transform", mobileOpen && "rotate-180")}
            />
          </button>
        </div>
      </div>

      <div id={mobileMenuId} hidden={!mobileOpen} className="border-t border-line bg-surface md:hidden">
        <nav aria-label="Pages" className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {[...APP_LINKS, ...(user ? SIGNED_IN_APP_LINKS : [])].map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={navLinkClass}
              onClick={() => {
                setMobileOpen(false);
              }}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
      </div>

      {drawerUsed ? <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} brand={brand} /> : null}
    </header>
  );
}
