import {
  alertSettingsSchema,
  alertsSchema,
  unsubscribeResultSchema,
  type AlertSettings,
  type Alerts,
  type UnsubscribeRequest,
  type UpdateAlertSettings,
} from "../../contracts/alerts";
import { apiFetch, apiJson } from "./api-client";
import { reworded } from "./request-error-message";

/**
 * The watch list's alerts (contracts/alerts.ts): the header's bell, the alert settings
 * page and the e-mail's unsubscribe page. Answers are checked by their zod schema; the bell loads
 * this module with its own chunk (decision 033).
 */

const ALERTS_FAILURE = "Your alerts could not be loaded. Please try again.";
const ALERT_SETTINGS_FAILURE = "Your alert settings could not be loaded. Please try again.";
const ALERT_SETTINGS_SAVE_FAILURE = "Your alert settings could not be saved. Please try again.";
const UNSUBSCRIBE_FAILURE = "You could not be unsubscribed. Please try again.";

const JSON_HEADERS = { "content-type": "application/json" };

/** GET /api/alerts: the last 30 days, newest first, and the unread count. */
export async function fetchAlerts(signal?: AbortSignal): Promise<Alerts> {
  try {
    return await apiJson("/api/alerts", { method: "GET", signal }, alertsSchema);
  } catch (error) {
    throw reworded(error, ALERTS_FAILURE);
  }
}

/** POST /api/alerts/read → 204: marks every alert read. */
export async function markAlertsRead(): Promise<void> {
  await apiFetch("/api/alerts/read", { method: "POST" });
}

/** GET /api/alert-settings. */
export async function fetchAlertSettings(signal?: AbortSignal): Promise<AlertSettings> {
  try {
    return await apiJson("/api/alert-settings", { method: "GET", signal }, alertSettingsSchema);
  } catch (error) {
    throw reworded(error, ALERT_SETTINGS_FAILURE);
  }
}

/** PUT /api/alert-settings: the fields given change; answers the whole settings. */
export async function updateAlertSettings(update: UpdateAlertSettings): Promise<AlertSettings> {
  try {
    return await apiJson(
      "/api/alert-settings",
      { method: "PUT", headers: JSON_HEADERS, body: JSON.stringify(update) },
      alertSettingsSchema,
    );
  } catch (error) {
    throw reworded(error, ALERT_SETTINGS_SAVE_FAILURE);
  }
}

/** POST /api/alerts/unsubscribe { user, token }: the e-mail's signed link, no sign-in (no Bearer). */
export async function unsubscribeAlerts(request: UnsubscribeRequest): Promise<void> {
  try {
    await apiJson(
      "/api/alerts/unsubscribe",
      { method: "POST", auth: false, headers: JSON_HEADERS, body: JSON.stringify(request) },
      unsubscribeResultSchema,
    );
  } catch (error) {
    throw reworded(error, UNSUBSCRIBE_FAILURE);
  }
}
