import { authClient } from "./auth-client";

/** Why a deletion was refused, by the server's code: the dialog's sentence for each. */
export type DeleteAccountRefusal = "wrong_password" | "password_required" | "sign_in_again" | "failed";

const REFUSALS: Record<string, DeleteAccountRefusal> = {
  INVALID_PASSWORD: "wrong_password",
  password_required: "password_required",
  SESSION_EXPIRED: "sign_in_again",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "wrong_password",
};

/** POST /api/auth/delete-user: the signed-in user's account and everything in it (decision 065). */
export async function deleteAccount(password: string | null): Promise<{ ok: true } | { ok: false; refusal: DeleteAccountRefusal }> {
  try {
    const { error } = await authClient.deleteUser(password ? { password } : {});
    if (!error) return { ok: true };
    return { ok: false, refusal: REFUSALS[error.code ?? ""] ?? "failed" };
  } catch {
    return { ok: false, refusal: "failed" };
  }
}

/** Whether the account signs in with a password (an account with Google sign-in only has none). */
export async function accountHasPassword(): Promise<boolean> {
  const { data } = await authClient.listAccounts();
  // Unknown (an error): ask for the password, the server decides.
  return data ? data.some((account) => account.providerId === "credential") : true;
}
