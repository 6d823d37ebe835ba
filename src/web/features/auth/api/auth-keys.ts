/** Query keys of the auth feature. */
export const authKeys = {
  /** The one-time verification of an e-mail link's token. */
  verifyEmail: (token: string | null) => ["verify-email", token] as const,
};
