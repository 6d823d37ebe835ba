import { useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "../../contracts/public-config";
import { apiJson } from "../lib/api-client";
import { checkedBody, isRecord } from "../lib/body-checks";
import { publicConfigKeys } from "../lib/query-keys";

const DEFAULT_BRAND = "Quanta";

/**
 * Checks GET /api/config's answer against contracts/public-config.ts by hand, so zod stays out of
 * the landing page's first-paint JavaScript (public-config.test.ts runs it against the schema).
 * Null when it does not match.
 */
export function parsePublicConfig(body: unknown): PublicConfig | null {
  if (!isRecord(body)) return null;
  const { brand, demo, googleEnabled, billingEnabled, chatEnabled, chatUrl, freeDailyAnalyses, captcha, stripe } = body;
  if (typeof brand !== "string" || typeof chatUrl !== "string") return null;
  if (typeof demo !== "boolean" || typeof googleEnabled !== "boolean") return null;
  if (typeof billingEnabled !== "boolean" || typeof chatEnabled !== "boolean") return null;
  if (typeof freeDailyAnalyses !== "number" || !Number.isSafeInteger(freeDailyAnalyses) || freeDailyAnalyses < 0) return null;
  let parsedCaptcha: PublicConfig["captcha"] = null;
  if (captcha !== null) {
    if (!isRecord(captcha) || typeof captcha.siteKey !== "string") return null;
    if (captcha.provider !== "recaptcha" && captcha.provider !== "turnstile") return null;
    parsedCaptcha = { provider: captcha.provider, siteKey: captcha.siteKey };
  }
  let parsedStripe: PublicConfig["stripe"] = null;
  if (stripe !== null) {
    if (!isRecord(stripe) || typeof stripe.publishableKey !== "string" || typeof stripe.buyButtonId !== "string") return null;
    parsedStripe = { publishableKey: stripe.publishableKey, buyButtonId: stripe.buyButtonId };
  }
  return { brand, demo, googleEnabled, billingEnabled, chatEnabled, chatUrl, freeDailyAnalyses, captcha: parsedCaptcha, stripe: parsedStripe };
}

const publicConfigBody = checkedBody(parsePublicConfig);

/** GET /api/config: the public runtime configuration. */
function fetchPublicConfig(): Promise<PublicConfig> {
  return apiJson("/api/config", { method: "GET" }, publicConfigBody);
}

/**
 * The configuration the server embedded in the page (a JSON data block with id 'public-config', see
 * server/plugins/spa-fallback.ts), or undefined without a valid one: then it is fetched.
 */
export function embeddedPublicConfig(doc: Document | undefined = typeof document === "undefined" ? undefined : document): PublicConfig | undefined {
  const text = doc?.getElementById("public-config")?.textContent;
  if (!text) return undefined;
  try {
    return parsePublicConfig(JSON.parse(text)) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET /api/config, fetched once per page load and shared by every component; when the page carries
 * it, the first render already has it (so nothing it shows, like the demo banner, moves the page).
 */
export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigKeys.all,
    queryFn: fetchPublicConfig,
    initialData: embeddedPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: 2,
  });
}

/** The brand shown in the interface; the default until the server has answered. */
export function useBrand(): string {
  return usePublicConfig().data?.brand || DEFAULT_BRAND;
}

/** Base URL of the chat site ('' means this site); '' until the server has answered. */
export function chatUrlOf(config: PublicConfig | undefined): string {
  return typeof config?.chatUrl === "string" ? config.chatUrl : "";
}

/** The chat site's /ask page. */
export function chatAskUrl(chatUrl: string): string {
  return `${chatUrl.trim().replace(/\/+$/, "")}/ask`;
}

/** The free tier's daily number of analyses, or null until the server has answered. */
export function freeDailyAnalysesOf(config: PublicConfig | undefined): number | null {
  return typeof config?.freeDailyAnalyses === "number" ? config.freeDailyAnalyses : null;
}
