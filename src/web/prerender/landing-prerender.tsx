import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { Providers, createQueryClient } from "../app/providers";
import { preloadHomePage, routes } from "../app/router";

/**
 * The landing page ('/') as HTML, rendered at build time by scripts/prerender-landing.mjs from the
 * same routes and components the browser hydrates (src/web/main.tsx). Data the page fetches (the
 * public lists, the session, the brand) is rendered in its loading state, exactly as the first
 * client render sees it, so hydration matches.
 */
export async function renderLandingHtml(): Promise<string> {
  // The page's own chunk, loaded before rendering, as the browser does before hydrating (src/web/main.tsx).
  await preloadHomePage();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error(`The landing route answered a redirect (${context.status}).`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Providers client={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
}
