import { cn } from "../../lib/cn";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { UserMenuTriggerContent, userMenuTriggerClasses, type UserMenuProps } from "./user-menu-trigger";

/**
 * A dropdown whose trigger shows the user's e-mail; its items lead to the history and the CSV
 * import, and sign out. Signed-out visitors never need it, so the menu code loads with the first
 * signed-in render; until then the trigger shows, inert.
 */
export const UserMenu = lazyWithPreload<UserMenuProps>(
  () => import("./user-menu-dropdown").then((m) => m.UserMenuDropdown),
  ({ email, className }) => (
    <span aria-hidden="true" className={cn(userMenuTriggerClasses, className)}>
      <UserMenuTriggerContent email={email} />
    </span>
  ),
);
