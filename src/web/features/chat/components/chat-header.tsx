import { Link } from "react-router";
import { LogOut } from "lucide-react";
import { Logo } from "../../../components/layout/logo";
import { Button } from "../../../components/ui/button";
import { useAuth } from "../../../lib/auth-context";
import { paths } from "../../../../contracts/paths";

/** The chat site's compact header: the brand (home), the signed-in e-mail and Sign out. */
export function ChatHeader({ brand }: { brand: string }) {
  const { user, signOut } = useAuth();
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b border-line bg-surface px-3 sm:px-4">
      <Link
        to={paths.home()}
        className="flex shrink-0 items-center gap-2 rounded-lg px-1 text-base font-bold text-ink focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <Logo size={26} />
        <span>{brand}</span>
      </Link>
      <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">Ask</span>
      {user ? (
        <div className="ml-auto flex min-w-0 items-center gap-2">
          <span className="hidden min-w-0 truncate text-sm text-muted sm:inline" title={user.email}>
            {user.email}
          </span>
          <Button variant="ghost" size="sm" onClick={() => void signOut()} className="shrink-0">
            <LogOut aria-hidden="true" size={16} />
            Sign out
          </Button>
        </div>
      ) : null}
    </header>
  );
}
