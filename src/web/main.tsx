import { StrictMode, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers, createQueryClient } from "./app/providers";
import { createAppRouter, preloadPage } from "./app/router";
import { HYDRATED_EVENT } from "./prerender/landing-events";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element.");

const queryClient = createQueryClient();
const router = createAppRouter();

/** Tells the landing page's boot script (src/web/prerender/landing-boot.ts) that the page is live. */
function AnnounceHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return children;
}

const app = (
  <StrictMode>
    <AnnounceHydrated>
      <Providers client={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </AnnounceHydrated>
  </StrictMode>
);

// '/' arrives pre-rendered (src/web/prerender): hydrate it once the landing page's chunk is in, so the
// first render matches the HTML (no loading state in its place). Should the chunk not load, the page
// stays as it is, readable, its links working. A page sent with a first-paint picture of its loading
// state (`data-first-paint`: the track record) is rendered afresh: React's first render replaces the
// picture, so it need not match it (the picture has no configuration, no session). Every other page
// starts from an empty shell.
if (container.firstElementChild && !container.hasAttribute("data-first-paint")) void preloadPage("/").then(() => hydrateRoot(container, app));
else createRoot(container).render(app);
