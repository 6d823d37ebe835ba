import { z } from "zod";

/** What GET /api/config tells the browser: only public settings, never secrets. */
export const publicConfigSchema = z.object({
  brand: z.string(),
  demo: z.boolean(),
  googleEnabled: z.boolean(),
  billingEnabled: z.boolean(),
  chatEnabled: z.boolean(),
  /** Stripe's Buy Button (both values are public by design); null when premium is not sold here. */
  stripe: z.object({ publishableKey: z.string(), buyButtonId: z.string() }).nullable(),
  /** Base URL of the chat site; "" means this site. */
  chatUrl: z.string(),
  freeDailyAnalyses: z.number().int().min(0),
  captcha: z
    .object({
      provider: z.enum(["recaptcha", "turnstile"]),
      siteKey: z.string(),
    })
    .nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
