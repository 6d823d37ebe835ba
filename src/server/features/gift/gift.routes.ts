import { readFile } from "node:fs/promises";
import path from "node:path";
import formbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import { giftFormValues, parseGiftForm } from "../../../contracts/gift";
import { giftChrome, giftFormBody, giftStyleElement, renderGiftFormPage, renderGiftResultsPage } from "./gift-page";
import type { GiftService } from "./gift.service";

export interface GiftRouteDependencies {
  brand: string;
  /** The built SPA (dist/web); its index.html is the page for GET /gift when present. */
  webRoot: string | undefined;
  gifts: () => Promise<GiftService>;
}

const HTML = "text/html; charset=utf-8";

/**
 * The SPA shell for /gift with the server-rendered form in its <noscript>: with JavaScript the
 * React page renders, without it the browser shows the same form, which posts natively.
 * Null when there is no build.
 */
async function spaShellWithForm(webRoot: string | undefined, brand: string): Promise<string | null> {
  if (!webRoot) return null;
  let shell: string;
  try {
    shell = await readFile(path.join(webRoot, "index.html"), "utf8");
  } catch {
    return null;
  }
  const fallback = `<noscript>${giftStyleElement()}${giftChrome(brand, giftFormBody({}, {}))}</noscript>`;
  if (/<noscript>[\s\S]*?<\/noscript>/.test(shell)) return shell.replace(/<noscript>[\s\S]*?<\/noscript>/, () => fallback);
  return shell.replace("</body>", () => `${fallback}\n</body>`);
}

/**
 * GET /gift and POST /gift. The form posts urlencoded (no JavaScript needed); the body
 * parser is registered in this plugin's scope only, so the JSON API accepts nothing new. The CSRF
 * hook lets POST /gift through on a same-site Origin/Referer (plugins/csrf.ts explains why).
 */
export async function giftRoutes(app: FastifyInstance, deps: GiftRouteDependencies): Promise<void> {
  // The built shell does not change while the server runs (a rebuild means a restart, as for the
  // rest of the SPA): composed on the first request, not read from disk on every one.
  let shell: Promise<string | null> | undefined;
  const formPage = async (): Promise<string> => {
    shell ??= spaShellWithForm(deps.webRoot, deps.brand);
    const page = await shell;
    if (page === null) shell = undefined;
    return page ?? renderGiftFormPage(deps.brand);
  };
  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 32 * 1024 });

    scope.get("/gift", { schema: { hide: true } }, async (_request, reply) => {
      return reply.type(HTML).header("cache-control", "no-cache").send(await formPage());
    });

    scope.post("/gift", { schema: { hide: true }, bodyLimit: 32 * 1024 }, async (request, reply) => {
      const values = giftFormValues(request.body);
      const parsed = parseGiftForm(values);
      reply.type(HTML).header("cache-control", "no-store");
      if (!parsed.success) return reply.status(400).send(renderGiftFormPage(deps.brand, values, parsed.errors));
      const { ideas } = await (await deps.gifts()).recommend(parsed.request);
      return reply.send(renderGiftResultsPage(deps.brand, parsed.request, ideas));
    });
  });
}
