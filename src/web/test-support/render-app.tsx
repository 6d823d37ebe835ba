import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import type { ApiError, CsrfResponse } from "../../contracts/api-error";
import type { NewsPage } from "../../contracts/news";
import type { PublicConfig } from "../../contracts/public-config";
import type { PublicListResponse } from "../../contracts/public-list";
import { Providers, createQueryClient } from "../app/providers";
import { routes } from "../app/router";
import { preloadAllLazyComponents } from "../lib/lazy-with-preload";

// Pages and some components are lazy chunks in the app; load them once so tests can render any route synchronously.
await preloadAllLazyComponents();

export const DEFAULT_CONFIG: PublicConfig = {
  brand: "Quanta",
  demo: true,
  googleEnabled: false,
  billingEnabled: false,
  chatEnabled: false,
  chatUrl: "",
  freeDailyAnalyses: 5,
  captcha: null,
  stripe: null,
};

function base64url(value: string): string {
  return btoa(value).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fakeJwt(expiresInMs = 15 * 60_000): string {
  const header = base64url(JSON.stringify({ alg: "EdDSA" }));
  const payload = base64url(JSON.stringify({ sub: "u1", exp: Math.floor((Date.now() + expiresInMs) / 1000) }));
  return `${header}.${payload}.sig`;
}

/** A JSON response, as the server sends it. Tests type `body` by its contract (`satisfies HistoryResponse`…). */
export function jsonResponse(body: unknown, status = 200, statusText = ""): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { "content-type": "application/json" } });
}

/** Answers one request of a test (url with its query string); undefined lets the defaults answer. */
export type StubHandler = (url: string, init?: RequestInit) => Response | Promise<Response> | undefined;

/**
 * Stubs global fetch for the calls the shell makes: /api/config and /api/auth/token (and
 * /csrf_cookie, and empty landing lists); `handler` answers the test's own calls first. Everything else is a 404.
 */
export function stubServer(
  options: { config?: Partial<PublicConfig>; tokenStatus?: number; handler?: StubHandler } = {},
) {
  const config = { ...DEFAULT_CONFIG, ...options.config };
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
    const own = options.handler?.(url, init);
    if (own) return Promise.resolve(own);
    const json = (body: unknown, status = 200) => Promise.resolve(jsonResponse(body, status));
    if (url.endsWith("/api/config")) return json(config);
    if (url.endsWith("/api/auth/token")) {
      const status = options.tokenStatus ?? 200;
      return status === 200 ? json({ token: fakeJwt() }) : json({ message: "Unauthorized" }, status);
    }
    if (url.endsWith("/csrf_cookie")) return json({ csrfToken: "csrf" } satisfies CsrfResponse);
    // The landing page's public lists and news: empty unless the test answers them.
    if (url.includes("/api/public-buy-stocks?action=")) return json({ analyses: [] } satisfies PublicListResponse);
    if (url.includes("/api/news?")) return json({ content: [], page: 0, size: 10 } satisfies NewsPage);
    return json({ error: "Not found", code: "not_found" } satisfies ApiError, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** Renders the whole app (real routes and layout) at `path` in a memory router. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, queryClient };
}
