import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicConfigSchema, type PublicConfig } from "../../../contracts/public-config";
import type { AppConfig } from "../../config";

/**
 * The browser's view of the configuration: which features are on, never a secret. `demo` is the
 * market in use, known once MARKET_DATA_PROVIDER=auto is resolved (the start-up probe).
 */
export function toPublicConfig(config: AppConfig, demo: boolean): PublicConfig {
  return {
    brand: config.brand,
    demo,
    googleEnabled: Boolean(config.google),
    billingEnabled: Boolean(config.billing.buyButton),
    stripe: config.billing.buyButton ? { publishableKey: config.billing.buyButton.publishableKey, buyButtonId: config.billing.buyButton.buttonId } : null,
    chatEnabled: true,
    chatUrl: config.chatUrl,
    freeDailyAnalyses: config.research.freeDailyAnalyses,
    captcha: config.captcha ? { provider: config.captcha.provider, siteKey: config.captcha.siteKey } : null,
  };
}

export interface PublicConfigRouteOptions {
  config: AppConfig;
  /** Whether the market data in use is the demo market (the services' provider, once chosen). */
  demo: () => Promise<boolean>;
}

export async function publicConfigRoutes(app: FastifyInstance, options: PublicConfigRouteOptions): Promise<void> {
  let body: PublicConfig | null = null;
  app.withTypeProvider<ZodTypeProvider>().get("/api/config", { schema: { tags: ["config"], response: { 200: publicConfigSchema } } }, async () => {
    body ??= toPublicConfig(options.config, await options.demo());
    return body;
  });
}
