import { z } from "zod";
import { alertKindSchema, watchRulesSchema } from "./watchlist";

/**
 * The alerts of a user's watch list (decision 032).
 *
 * GET  /api/alerts                   the last 30 days of alerts, newest first, and how many are unread (the bell)
 * POST /api/alerts/read              marks them all read
 * GET  /api/alert-settings           the digest switch and which rules raise alerts at all
 * PUT  /api/alert-settings           changes them
 * POST /api/alerts/unsubscribe       { user, token }: the e-mail's signed one-click unsubscribe (no sign-in)
 */

/** The bell lists this many days of alerts. */
export const ALERT_HISTORY_DAYS = 30;

const alertSchema = z.object({
  id: z.string(),
  ticker: z.string(),
  kind: alertKindSchema,
  /** The trading session the alert is about. */
  session: z.string(),
  /** One line: 'ACME reached its buy range on breakout volume'. */
  title: z.string(),
  /** The figures behind it: 'Closed at $52.10, 1.2% above the $51.48 buy point; stop $47.36.' */
  detail: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertsSchema = z.object({
  alerts: z.array(alertSchema),
  unread: z.number().int().nonnegative(),
});
export type Alerts = z.infer<typeof alertsSchema>;

/** The user's switches: the daily e-mail digest, and each rule for every watched stock at once. */
export const alertSettingsSchema = z.object({
  digest: z.boolean(),
  rules: watchRulesSchema.extend({ price: z.boolean() }),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const updateAlertSettingsSchema = z
  .object({
    digest: z.boolean().optional(),
    rules: alertSettingsSchema.shape.rules.partial().strict().optional(),
  })
  .strict();
export type UpdateAlertSettings = z.infer<typeof updateAlertSettingsSchema>;

/** The unsubscribe link's query (and the one-click POST's body): the user and the link's signature. */
export const unsubscribeRequestSchema = z
  .object({
    user: z.string().min(1).max(128),
    token: z.string().min(1).max(256),
  })
  .strict();
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequestSchema>;

export const unsubscribeResultSchema = z.object({ unsubscribed: z.literal(true) });

export const UNSUBSCRIBE_INVALID_CODE = "unsubscribe_link_invalid";
/** A genuine link mailed before the user switched the e-mails on again: it no longer unsubscribes. */
export const UNSUBSCRIBE_OUTDATED_CODE = "unsubscribe_link_outdated";
