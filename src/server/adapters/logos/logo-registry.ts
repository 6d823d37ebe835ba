import type { AppConfig } from "../../config";
import { FmpLogoSource } from "./fmp-logo-source";
import type { LogoSource } from "./logo-source";

/** The provider's logos when an FMP key is configured; otherwise none (every card gets its monogram). */
export function createLogoSource(config: AppConfig): LogoSource | null {
  if (config.fmp.apiKey) return new FmpLogoSource({ baseUrl: config.fmp.baseUrl });
  return null;
}
