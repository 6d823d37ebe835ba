import { ChevronDown, LogOut, UserRound } from "lucide-react";
import { cn } from "../../lib/cn";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../ui/dropdown-menu";

export interface UserMenuProps {
  email: string;
  /** The one item's text: 'Sign Out' in the header, 'Sign out' in the drawer (SPEC.md §2). */
  itemLabel: string;
  onSignOut: () => void;
  className?: string;
  align?: "start" | "end";
}

/** A dropdown whose trigger shows the user's e-mail and whose only item signs out. */
export function UserMenu({ email, itemLabel, onSignOut, className, align = "end" }: UserMenuProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className={cn(
          "inline-flex h-10 max-w-full items-center gap-2 rounded-lg border border-line bg-surface px-3 text-sm font-medium text-ink shadow-sm hover:bg-brand-50",
          className,
        )}
      >
        <UserRound aria-hidden="true" size={16} className="shrink-0 text-brand-700" />
        <span className="truncate">{email}</span>
        <ChevronDown aria-hidden="true" size={16} className="shrink-0 text-muted" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align={align}>
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" size={16} />
          {itemLabel}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
