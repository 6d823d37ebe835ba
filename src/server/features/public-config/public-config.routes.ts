import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicConfigSchema, type PublicConfig } from "../../../contracts/public-config";
import type { AppConfig } from "../../config";

/** The browser's view of the configuration: which features are on, never a secret. */
export function toPublicConfig(config: AppConfig): PublicConfig {
  return {
    brand: config.brand,
    demo: config.market.provider === "demo",
    googleEnabled: Boolean(config.google),
    billingEnabled: Boolean(config.billing.buyButton),
    stripe: config.billing.buyButton ? { publishableKey: config.billing.buyButton.publishableKey, buyButtonId: config.billing.buyButton.buttonId } : null,
    chatEnabled: true,
    chatUrl: config.chatUrl,
    freeDailyAnalyses: config.research.freeDailyAnalyses,
    captcha: config.captcha ? { provider: config.captcha.provider, siteKey: config.captcha.siteKey } : null,
  };
}

export async function publicConfigRoutes(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const body = toPublicConfig(options.config);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/api/config", { schema: { tags: ["config"], response: { 200: publicConfigSchema } } }, async () => body);
}
