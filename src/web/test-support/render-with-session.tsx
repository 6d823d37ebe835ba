import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import { AuthContext, type AuthUser } from "../lib/auth-context";

/** Renders `ui` inside a query client, a router at `path` and a fixed session (no better-auth). */
export function renderWithSession(ui: ReactNode, user: AuthUser | null, path = "/") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const auth = { user, isPending: false, signOut: vi.fn(() => Promise.resolve()), refreshSession: vi.fn(() => Promise.resolve()) };
  const utils = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AuthContext.Provider value={auth}>{ui}</AuthContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, client };
}
