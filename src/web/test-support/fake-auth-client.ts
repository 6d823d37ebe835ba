import { useSyncExternalStore } from "react";
import { vi } from "vitest";

/** Test double for lib/auth-client: the better-auth calls the web uses, with a controllable session. */

export interface FakeSessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

interface SessionState {
  data: { user: FakeSessionUser; session: { id: string } } | null;
  isPending: boolean;
  isRefetching: boolean;
  error: null;
  refetch: () => Promise<void>;
}

type Result<T = unknown> = Promise<{ data: T | null; error: { code?: string; message?: string; status: number } | null }>;

export function ok<T>(data: T): Awaited<Result<T>> {
  return { data, error: null };
}

export function fail(status: number, code?: string, message = "server message"): Awaited<Result> {
  return { data: null, error: { status, message, ...(code ? { code } : {}) } };
}

export function createFakeAuthClient() {
  const listeners = new Set<() => void>();
  const refetch = vi.fn(() => Promise.resolve());
  let state: SessionState = { data: null, isPending: true, isRefetching: false, error: null, refetch };

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const client = {
    /** Sets the session as if the server had answered: a user, or null for signed out. */
    setSession(user: FakeSessionUser | null) {
      state = {
        ...state,
        isPending: false,
        data: user ? { user, session: { id: `session-${user.id}` } } : null,
      };
      emit();
    },
    /** Back to "first check still running". */
    setPending() {
      state = { ...state, isPending: true, data: null };
      emit();
    },
    useSession(): SessionState {
      return useSyncExternalStore(
        (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        () => state,
      );
    },
    refetch,
    signIn: {
      email: vi.fn<(input: { email: string; password: string }) => Result>(() => Promise.resolve(ok({}))),
      popup: vi.fn<(input: { providerId: string; callbackURL?: string }) => Result>(() =>
        Promise.resolve(ok({ success: true })),
      ),
    },
    signUp: {
      email: vi.fn<(input: { email: string; password: string; name: string; fetchOptions?: unknown }) => Result>(() =>
        Promise.resolve(ok({})),
      ),
    },
    signOut: vi.fn<() => Result>(() => {
      client.setSession(null);
      return Promise.resolve(ok({ success: true }));
    }),
    requestPasswordReset: vi.fn<(input: { email: string; redirectTo: string; fetchOptions?: unknown }) => Result>(() =>
      Promise.resolve(ok({ status: true })),
    ),
    resetPassword: vi.fn<(input: { newPassword: string; token: string }) => Result>(() =>
      Promise.resolve(ok({ status: true })),
    ),
    verifyEmail: vi.fn<(input: { query: { token: string } }) => Result>(() => Promise.resolve(ok({ status: true }))),
    sendVerificationEmail: vi.fn<(input: { email: string; callbackURL?: string }) => Result>(() =>
      Promise.resolve(ok({ status: true })),
    ),
    /** Deletes the account: like better-auth, a success ends the session. */
    deleteUser: vi.fn<(input: { password?: string }) => Result>(() => {
      client.setSession(null);
      return Promise.resolve(ok({ success: true, message: "User deleted" }));
    }),
    listAccounts: vi.fn<() => Result<{ providerId: string }[]>>(() => Promise.resolve(ok([{ providerId: "credential" }]))),
    /** The server's view of the session, as getSession() reads it. */
    getSession: vi.fn(() => Promise.resolve(ok(state.data))),
    $store: { notify: vi.fn<(signal?: string) => void>() },
  };
  return client;
}

export type FakeAuthClient = ReturnType<typeof createFakeAuthClient>;
