import { useEffect, useRef, useState } from "react";

type CaptchaProvider = "recaptcha" | "turnstile";

interface WidgetApi {
  render: (container: HTMLElement, options: Record<string, unknown>) => string | number | undefined;
  remove?: (widgetId: string | number) => void;
}

interface CaptchaGlobals {
  grecaptcha?: WidgetApi & { ready?: (callback: () => void) => void };
  turnstile?: WidgetApi;
}

const SCRIPT_URLS: Record<CaptchaProvider, string> = {
  recaptcha: "https://www.google.com/recaptcha/api.js?render=explicit",
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit",
};

const scriptLoads = new Map<CaptchaProvider, Promise<WidgetApi>>();

function captchaGlobals(): CaptchaGlobals {
  return window as unknown as CaptchaGlobals;
}

function widgetApi(provider: CaptchaProvider): WidgetApi | undefined {
  const globals = captchaGlobals();
  return provider === "recaptcha" ? globals.grecaptcha : globals.turnstile;
}

function loadProvider(provider: CaptchaProvider): Promise<WidgetApi> {
  const existing = scriptLoads.get(provider);
  if (existing) return existing;
  const loading = new Promise<WidgetApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_URLS[provider];
    script.async = true;
    script.onload = () => {
      const api = widgetApi(provider);
      if (!api) {
        reject(new Error("CAPTCHA script loaded without its API."));
        return;
      }
      const ready = captchaGlobals().grecaptcha?.ready;
      if (provider === "recaptcha" && ready) {
        ready(() => {
          resolve(api);
        });
      } else {
        resolve(api);
      }
    };
    script.onerror = () => {
      reject(new Error("CAPTCHA script failed to load."));
    };
    document.head.append(script);
  });
  loading.catch(() => scriptLoads.delete(provider));
  scriptLoads.set(provider, loading);
  return loading;
}

export interface CaptchaWidgetProps {
  provider: CaptchaProvider;
  siteKey: string;
  /** Called with the solved token, or null when it expires or fails. */
  onToken: (token: string | null) => void;
}

/**
 * The reCAPTCHA or Turnstile challenge configured on the server (GET /api/config → captcha).
 * Mount it under a new key to get a fresh challenge.
 */
export function CaptchaWidget({ provider, siteKey, onToken }: CaptchaWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const onTokenRef = useRef(onToken);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);

  useEffect(() => {
    let cancelled = false;
    // Each mount renders into its own element, so a provider never sees the same element twice.
    const host = document.createElement("div");
    container.current?.append(host);
    let widgetId: string | number | undefined;
    loadProvider(provider).then(
      (api) => {
        if (cancelled) return;
        widgetId = api.render(host, {
          sitekey: siteKey,
          callback: (token: string) => {
            onTokenRef.current(token);
          },
          "expired-callback": () => {
            onTokenRef.current(null);
          },
          "error-callback": () => {
            onTokenRef.current(null);
          },
        });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      const api = widgetApi(provider);
      if (api?.remove && widgetId !== undefined) api.remove(widgetId);
      host.remove();
    };
  }, [provider, siteKey]);

  return (
    <div className="space-y-2">
      <div ref={container} className="min-h-[65px]" />
      {failed ? (
        <p role="alert" className="text-sm font-medium text-danger-700">
          The CAPTCHA could not load. Check your connection or content blocker, then reload the page.
        </p>
      ) : null}
    </div>
  );
}
