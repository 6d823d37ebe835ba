/**
 * The landing page's one-line notice after 'Delete my account', and the router state that asks for
 * it. Its own module, so the landing page loads none of the dialog's code.
 */
export const ACCOUNT_DELETED_NOTICE = "Your account and everything in it were deleted.";

export const ACCOUNT_DELETED_STATE = { notice: "account-deleted" } as const;

export function isAccountDeletedState(state: unknown): boolean {
  return (state as { notice?: unknown } | null)?.notice === ACCOUNT_DELETED_STATE.notice;
}
