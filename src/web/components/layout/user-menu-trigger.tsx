import { ChevronDown, UserRound } from "lucide-react";

export interface UserMenuProps {
  email: string;
  /** The sign-out item's text: 'Sign Out' in the header, 'Sign out' in the drawer (docs/product.md). */
  itemLabel: string;
  onSignOut: () => void;
  className?: string;
  align?: "start" | "end";
}

export const userMenuTriggerClasses =
  "inline-flex h-10 max-w-full items-center gap-2 rounded-lg border border-line bg-surface px-3 text-sm font-medium text-ink shadow-sm hover:bg-brand-50";

export function UserMenuTriggerContent({ email }: { email: string }) {
  return (
    <>
      <UserRound aria-hidden="true" size={16} className="shrink-0 text-brand-700" />
      <span className="truncate">{email}</span>
      <ChevronDown aria-hidden="true" size={16} className="shrink-0 text-muted" />
    </>
  );
}
