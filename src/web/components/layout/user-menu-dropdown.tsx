import { LogOut } from "lucide-react";
import { cn } from "../../lib/cn";
import { UserMenuTriggerContent, userMenuTriggerClasses, type UserMenuProps } from "./user-menu-trigger";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../ui/dropdown-menu";

/** The dropdown itself (Radix menu and its positioning), in its own chunk: a dropdown whose trigger shows the user's e-mail and whose only item signs out. */
export function UserMenuDropdown({ email, itemLabel, onSignOut, className, align = "end" }: UserMenuProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={cn(userMenuTriggerClasses, className)}>
        <UserMenuTriggerContent email={email} />
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
