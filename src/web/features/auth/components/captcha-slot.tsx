import { CaptchaWidget } from "./captcha-widget";
import type { useCaptcha } from "./use-captcha";

/** Renders the configured CAPTCHA widget, or nothing when the server asks for none. */
export function CaptchaSlot({ captcha }: { captcha: ReturnType<typeof useCaptcha> }) {
  if (!captcha.config) return null;
  return (
    <CaptchaWidget
      key={captcha.widgetKey}
      provider={captcha.config.provider}
      siteKey={captcha.config.siteKey}
      onToken={captcha.setToken}
    />
  );
}
