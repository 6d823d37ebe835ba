import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { Providers, createQueryClient } from "../app/providers";
import { preloadPage, routes } from "../app/router";

/**
 * A page as HTML, rendered at build time by scripts/prerender-landing.mjs from the same routes and
 * components the browser renders (src/web/main.tsx), with the page's own chunk loaded first as the
 * browser does. Data the page fetches (the public lists, the session, the brand) is rendered in its
 * loading state, exactly as the first client render sees it, so the landing page's hydration matches.
 */
export async function renderPageHtml(pathname: string): Promise<string> {
  await preloadPage(pathname);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, "http://localhost")));
  if (context instanceof Response) throw new Error(`The route ${pathname} answered a redirect (${context.status}).`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Providers client={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
}

/** The landing page ('/'), which the browser hydrates. */
export function renderLandingHtml(): Promise<string> {
  return renderPageHtml("/");
}
