import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { authClient } from "./auth-client";
import { identitySession, onIdentitySignedOut } from "./identity";
import { paths } from "../../contracts/paths";
import { isPrivateQuery } from "./query-keys";

export interface AuthUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

export interface AuthContextValue {
  /** The signed-in user, or null when signed out (also while the first check runs). */
  user: AuthUser | null;
  /** True until the first session check has answered. */
  isPending: boolean;
  /** Signs out, forgets private data and goes to /signin. */
  signOut: () => Promise<void>;
  /** Asks the server for the session again (e.g. after verifying the e-mail elsewhere). */
  refreshSession: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>.");
  return value;
}

/** Drops cached data that belongs to a user; public data (server config) stays. */
function clearPrivateQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: isPrivateQuery });
}

/**
 * Follows better-auth's session, keeps the identity session (JWT for API calls) in step with it and
 * signs the user out when the server ends the session.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const session = authClient.useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const sessionUser = session.data?.user;
  const userId = sessionUser?.id ?? null;
  const email = sessionUser?.email ?? null;
  const emailVerified = sessionUser?.emailVerified ?? false;
  const isPending = session.isPending && !session.data;

  const user = useMemo<AuthUser | null>(
    () => (userId && email !== null ? { id: userId, email, emailVerified } : null),
    [userId, email, emailVerified],
  );

  // Start, update or stop the identity session as the session changes. A layout effect: it runs
  // before the pages' own effects (queries, ?autoSearch=true), so their first API call already
  // waits for the user's token instead of going out without one.
  useLayoutEffect(() => {
    if (isPending) return;
    if (user) void identitySession.start(user);
    else identitySession.stop();
  }, [isPending, user]);

  // Forget private cached data whenever the signed-in user changes.
  const previousUserId = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (isPending) return;
    if (previousUserId.current !== undefined && previousUserId.current !== userId) clearPrivateQueries(queryClient);
    previousUserId.current = userId;
  }, [isPending, userId, queryClient]);

  // The server ended the session or disabled the user: sign out everywhere and go to /signin.
  useEffect(
    () =>
      onIdentitySignedOut(() => {
        authClient.signOut().catch(() => undefined);
        clearPrivateQueries(queryClient);
        void navigate(paths.signIn(), { replace: true });
      }),
    [navigate, queryClient],
  );

  // Check the session again when the window regains focus.
  const refetchRef = useRef(session.refetch);
  useEffect(() => {
    refetchRef.current = session.refetch;
  }, [session.refetch]);
  useEffect(() => {
    const onFocus = () => {
      refetchRef.current().catch(() => undefined);
    };
    window.addEventListener("focus", onFocus);
    return () => {
      window.removeEventListener("focus", onFocus);
    };
  }, []);

  const signOut = useCallback(async () => {
    try {
      await authClient.signOut();
    } catch {
      // Offline: the local state is still cleared below; the server session expires on its own.
    }
    identitySession.stop();
    clearPrivateQueries(queryClient);
    await navigate(paths.signIn());
  }, [navigate, queryClient]);

  const refreshSession = useCallback(async () => {
    await refetchRef.current();
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ user, isPending, signOut, refreshSession }),
    [user, isPending, signOut, refreshSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
