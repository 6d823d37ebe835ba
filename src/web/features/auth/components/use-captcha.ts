import { useCallback, useState } from "react";
import { usePublicConfig } from "../../../config/public-config";

/** CAPTCHA state for a form: the server's settings, the solved token and the header to send. */
export function useCaptcha() {
  const config = usePublicConfig().data?.captcha ?? null;
  const [token, setToken] = useState<string | null>(null);
  // Tokens are single-use: after each request the widget is mounted afresh under a new key.
  const [widgetKey, setWidgetKey] = useState(0);

  const fetchOptions = useCallback(
    () => (token ? { headers: { "x-captcha-response": token } } : undefined),
    [token],
  );

  const reset = useCallback(() => {
    setToken(null);
    setWidgetKey((key) => key + 1);
  }, []);

  return {
    /** The provider settings, or null when the server asks for no CAPTCHA. */
    config,
    /** True when a CAPTCHA is configured and not solved yet. */
    missing: config !== null && token === null,
    widgetKey,
    setToken,
    fetchOptions,
    reset,
  };
}
